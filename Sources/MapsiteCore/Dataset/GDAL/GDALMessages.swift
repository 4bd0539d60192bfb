import CGDAL
import Foundation

/// GDAL's errors and warnings while one source is read, caught by an error handler of this
/// thread (GDAL keeps a stack of handlers per thread) instead of printed, so that each becomes a
/// mapsite error or warning naming the file, the layer and the feature.
///
/// Messages name the file as messages show it (`content/data/parks.kml`), not by its path on
/// disk. Used by one thread.
final class GDALMessages {
    struct Message: Equatable {
        /// An error (`CE_Failure` or worse), else a warning.
        var isFailure: Bool
        var text: String
    }

    private var messages: [Message] = []
    /// The source's path on disk (as GDAL names it) and as messages show it.
    private let renaming: [(String, String)]

    private init(renaming: [(String, String)]) {
        // The longest first: `/vsizip//x/a.zip` before `/x/a.zip`.
        self.renaming = renaming.filter { !$0.0.isEmpty }.sorted { $0.0.count > $1.0.count }
    }

    /// Runs `body` with GDAL's messages on this thread collected into a new `GDALMessages`.
    /// - Parameter renaming: pairs of a path GDAL may name and the text shown instead.
    static func collecting<Result>(
        renaming: [(String, String)], _ body: (GDALMessages) throws -> Result
    ) rethrows -> Result {
        let collector = GDALMessages(renaming: renaming)
        return try withExtendedLifetime(collector) {
            CPLPushErrorHandlerEx(collect, Unmanaged.passUnretained(collector).toOpaque())
            defer { CPLPopErrorHandler() }
            return try body(collector)
        }
    }

    fileprivate func append(isFailure: Bool, text: String) {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for (path, shown) in renaming { text = text.replacingOccurrences(of: path, with: shown) }
        let message = Message(isFailure: isFailure, text: text)
        // GDAL says some things twice (KML's parse error, once per driver that tries the file).
        if messages.last != message { messages.append(message) }
    }

    /// The messages since the last `take()`, emptied.
    func take() -> [Message] {
        defer { messages = [] }
        return messages
    }

    /// Whether one of `messages` is an error.
    static func anyFailure(_ messages: [Message]) -> Bool { messages.contains(where: \.isFailure) }

    /// `messages` as one text, in order: `Failed to open …; Unable to read geometry`.
    static func joined(_ messages: [Message]) -> String {
        var seen: Set<String> = []
        return messages.map(\.text).filter { seen.insert($0).inserted }.joined(separator: "; ")
    }
}

/// The handler: adds the message to the collector pushed with it; GDAL's debug messages are left out.
private func collect(_ kind: CPLErr, _ number: CPLErrorNum, _ text: UnsafePointer<CChar>?) {
    guard kind != CE_None, kind != CE_Debug, let user = CPLGetErrorHandlerUserData() else { return }
    let collector = Unmanaged<GDALMessages>.fromOpaque(user).takeUnretainedValue()
    collector.append(isFailure: kind == CE_Failure || kind == CE_Fatal, text: text.map { String(cString: $0) } ?? "")
}
