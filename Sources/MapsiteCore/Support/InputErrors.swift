import Foundation

/// Several input errors found in one pass, reported together so an author can fix them all at once.
///
/// Every error is kept. The message lists the first `printLimit`; `listedInFull()` writes all of
/// them to a file the message then names, so that every problem is listed somewhere.
public struct InputErrors: Error, LocalizedError, Sendable {
    /// How many errors the message lists before "… and N more".
    public static let printLimit = 50

    public var errors: [InputError]
    /// How many errors there were in all: `errors.count`, unless a caller kept only the first.
    public var total: Int
    /// The file that lists every error of `errors`, one a line, when one was written.
    public var listFile: String?

    public init(errors: [InputError], total: Int) {
        self.errors = errors
        self.total = total
    }

    public var errorDescription: String? {
        var lines = errors.prefix(Self.printLimit).map(\.description)
        let shown = lines.count
        if total > shown {
            var more = "… and \(total - shown) more"
            if let listFile {
                more += errors.count == total ? ": all \(total) are listed in " : ": the first \(errors.count) in "
                more += listFile
            }
            lines.append(more)
        }
        let noun = total == 1 ? "error" : "errors"
        return "\(total) input \(noun):\n" + lines.joined(separator: "\n")
    }

    /// These errors with every one written to a new file in `directory` (the system's temporary
    /// folder by default), when there are more than the message lists; else unchanged.
    /// - Parameter prefix: the start of the file's name, `mapsite-errors-` by default; random hex
    ///   digits and `.txt` follow (see `PrivateFile`). A file that cannot be written leaves the
    ///   errors as they are.
    public func listedInFull(
        in directory: URL = FileManager.default.temporaryDirectory, prefix: String = "mapsite-errors-"
    ) -> InputErrors {
        guard total > Self.printLimit else { return self }
        let text = errors.map { $0.description + "\n" }.joined()
        guard
            let file = try? PrivateFile.create(
                in: directory, prefix: prefix, suffix: ".txt", contents: Data(text.utf8))
        else { return self }
        var listed = self
        listed.listFile = file.path
        return listed
    }
}
