import CFileBeneath
import Foundation

extension FileOnDisk {
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
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
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
