import CFileBeneath
import Foundation

extension FileOnDisk {
    /// Where a directory entry's name starts.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    /// Removes every file below `folder` whose name ends in `temporarySuffix`: what a build that
    /// was stopped half way left. Links are not followed.
    /// - Returns: how many were removed.
    @discardableResult
    static func removeTemporaries(in folder: Int32) -> Int {
        let copy = mapsite_open_beneath(folder, ".", O_RDONLY | O_DIRECTORY, 0)
        guard copy >= 0, let directory = fdopendir(copy) else { return 0 }
        defer { closedir(directory) }
        var removed = 0
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            // An entry is only as long as its name needs (`d_reclen`), often shorter than a whole
            // `dirent`: the name is read where it is, never copied as the 256-byte `d_name` field,
            // which read past the end of readdir's buffer (AddressSanitizer found it).
            let name = String(
                cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            if name == "." || name == ".." { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): subfolders.append(name)
            case Int32(DT_REG):
                if name.hasSuffix(temporarySuffix) && unlinkat(folder, name, 0) == 0 { removed += 1 }
            default: break
            }
        }
        for name in subfolders {
            let subfolder = mapsite_open_beneath(folder, name, O_RDONLY | O_DIRECTORY, 0)
            guard subfolder >= 0 else { continue }
            removed += removeTemporaries(in: subfolder)
            close(subfolder)
        }
        return removed
    }
}
