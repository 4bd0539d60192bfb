import CGDAL
import Foundation

/// An S3 store through GDAL's `/vsis3/` file system, which mapsite links already: it signs
/// requests (AWS Signature 4) with the credentials and region of the standard AWS environment
/// variables and `~/.aws` files, and sends the headers given with each file it writes.
///
/// GDAL reports a refusal as a generic failure; the store's own answer (its XML error) comes as
/// a debug message of GDAL's `S3` channel, which this store turns on and collects per call, so an
/// error can name the object and quote the store.
public final class GDALObjectStore: ObjectStore, @unchecked Sendable {
    public let target: DeployTarget
    private let endpointName: String

    /// Sets GDAL's options for the store (process-wide: a deploy is the process's only use of them).
    public init(target: DeployTarget, endpoint: StoreEndpoint?) {
        self.target = target
        if let endpoint {
            CPLSetConfigOption("AWS_S3_ENDPOINT", endpoint.hostAndPath)
            CPLSetConfigOption("AWS_HTTPS", endpoint.https ? "YES" : "NO")
            // Other stores take the bucket in the path more often than in the host name.
            CPLSetConfigOption("AWS_VIRTUAL_HOSTING", "FALSE")
            endpointName = (endpoint.https ? "https://" : "http://") + endpoint.hostAndPath
        } else {
            endpointName = "AWS S3"
        }
        CPLSetConfigOption("CPL_DEBUG", "S3")
        // GDAL's own retries of a request the store answered with 429 or 5xx; `Deployer` retries
        // a file whose upload failed in any transient way on top of these.
        CPLSetConfigOption("GDAL_HTTP_MAX_RETRY", "2")
        CPLSetConfigOption("GDAL_HTTP_RETRY_DELAY", "0.5")
    }

    private var base: String {
        "/vsis3/\(target.bucket)" + (target.prefix.isEmpty ? "" : "/" + target.prefix.dropLast())
    }

    private func path(_ key: String) -> String { "/vsis3/\(target.bucket)/\(target.prefix)\(key)" }

    public func topNames() throws -> Set<String> { try list(depth: 0) }

    public func allKeys() throws -> Set<String> { try list(depth: -1) }

    private func list(depth: Int32) throws -> Set<String> {
        let (names, answer): (Set<String>?, String?) = Messages.collect {
            guard let folder = VSIOpenDir(base, depth, nil) else { return nil }
            defer { VSICloseDir(folder) }
            var names = Set<String>()
            while let entry = VSIGetNextDirEntry(folder) {
                // A recursive listing gives folders too; keep the files.
                if depth == 0 || (entry.pointee.nMode & S_IFMT) == S_IFREG {
                    names.insert(String(cString: entry.pointee.pszName))
                }
            }
            return names
        }
        VSICurlClearCache()
        if let names { return names }
        // GDAL lists an empty or missing prefix as no folder, without asking an error of the store.
        if let answer { throw error("", answer) }
        return []
    }

    public func get(_ key: String) throws -> [UInt8]? {
        let (bytes, answer): ([UInt8]?, String?) = Messages.collect {
            guard let file = VSIFOpenExL("/vsis3_streaming/\(target.bucket)/\(target.prefix)\(key)", "rb", 1) else {
                return nil
            }
            defer { VSIFCloseL(file) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let read = chunk.withUnsafeMutableBytes { VSIFReadL($0.baseAddress, 1, $0.count, file) }
                if read == 0 { break }
                bytes += chunk[..<read]
            }
            return bytes
        }
        if let bytes { return bytes }
        if let answer { throw error(key, answer) }
        return nil
    }

    public func put(_ key: String, _ bytes: [UInt8], headers: DeployHeaders) throws {
        var options = headers.fields.map { strdup("\($0.name)=\($0.value)") } + [nil]
        defer { options.forEach { free($0) } }
        let (written, answer): (Bool, String?) = Messages.collect {
            options.withUnsafeMutableBufferPointer { list in
                guard let file = VSIFOpenEx2L(path(key), "wb", 1, list.baseAddress) else { return false }
                let sent = bytes.withUnsafeBytes { VSIFWriteL($0.baseAddress, 1, $0.count, file) }
                let closed = VSIFCloseL(file) == 0
                return closed && sent == bytes.count
            }
        }
        if !written { throw error(key, answer ?? Messages.lastError() ?? "GDAL could not write it") }
    }

    public func delete(_ keys: [String]) throws {
        guard !keys.isEmpty else { return }
        var paths = keys.map { strdup(path($0)) } + [nil]
        defer { paths.forEach { free($0) } }
        let (results, answer): ([Int32]?, String?) = Messages.collect {
            paths.withUnsafeMutableBufferPointer { list in
                guard let results = VSIUnlinkBatch(list.baseAddress) else { return nil }
                defer { VSIFree(results) }
                return Array(UnsafeBufferPointer(start: results, count: keys.count))
            }
        }
        guard let results else { throw error(keys[0], answer ?? "the store refused to delete") }
        if let failed = results.firstIndex(of: 0) {
            throw error(keys[failed], answer ?? "the store refused to delete it")
        }
    }

    private func error(_ key: String, _ answer: String) -> StoreError {
        if answer == "(null)" || answer.isEmpty {
            return StoreError(key: key, answer: "no answer from \(endpointName)", isTransient: true)
        }
        let code = Self.element("Code", in: answer)
        let message = Self.element("Message", in: answer)
        let said =
            code.map { code in message.map { "\(code): \($0)" } ?? code } ?? answer.trimmingCharacters(in: .whitespaces)
        let transient: Set<String> = ["InternalError", "ServiceUnavailable", "SlowDown", "RequestTimeout"]
        return StoreError(key: key, answer: said, isTransient: code.map(transient.contains) ?? false)
    }

    /// The text of the first `<name>…</name>` of an S3 error document.
    static func element(_ name: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(name)>"),
            let end = xml.range(of: "</\(name)>", range: start.upperBound..<xml.endIndex)
        else { return nil }
        return String(xml[start.upperBound..<end.lowerBound])
    }
}

/// Collects what GDAL says during a call on this thread: the store's answer (its `S3` debug
/// channel) and the last error, instead of printing them.
private enum Messages {
    final class Sink {
        var answer: String?
        var error: String?
    }

    static func collect<Result>(_ body: () -> Result) -> (Result, String?) {
        let sink = Sink()
        let handler: CPLErrorHandler = { level, _, message in
            guard let data = CPLGetErrorHandlerUserData(), let message else { return }
            let sink = Unmanaged<Sink>.fromOpaque(data).takeUnretainedValue()
            let text = String(cString: message)
            if level == CE_Debug {
                if text.hasPrefix("S3: ") { sink.answer = String(text.dropFirst(4)) }
            } else {
                sink.error = text
            }
        }
        CPLPushErrorHandlerEx(handler, Unmanaged.passUnretained(sink).toOpaque())
        CPLErrorReset()
        let result = withExtendedLifetime(sink) { body() }
        CPLPopErrorHandler()
        return (result, sink.answer ?? sink.error)
    }

    static func lastError() -> String? {
        guard let message = CPLGetLastErrorMsg(), message.pointee != 0 else { return nil }
        return String(cString: message)
    }
}
