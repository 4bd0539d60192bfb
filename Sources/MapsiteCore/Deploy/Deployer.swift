import Foundation

/// Runs a deploy: reads what the store holds, plans, and uploads kind by kind, then deletes,
/// then records what the store holds.
///
/// Interrupted at any moment, the store serves a whole site: a page is uploaded only after the
/// files it names, an old page's files are deleted only after every new file is up, and the
/// manifest is written last. Before the first upload the paths about to be sent are stored as
/// pending, so a later deploy uploads them again (or deletes them) even though no manifest
/// records them.
public struct Deployer: Sendable {
    public struct Options: Sendable {
        public var dryRun = false
        public var maxDeletes = 256
        public var force = false
        public var gzip = false
        /// Walk the output folder rather than take the last build's manifest (`LocalInventory`).
        public var scan = false
        /// Uploads at once.
        public var concurrency = 16
        /// Attempts of a file whose upload failed in a transient way, and the first wait between
        /// them in seconds (doubled each time).
        public var attempts = 4
        public var firstWait = 0.5

        public init() {}
    }

    /// What a deploy did (or, dry, would do).
    public struct Summary: Sendable {
        public var plan: DeployPlan
        /// Whether the store had a manifest to compare with (otherwise its listing).
        public var recorded: Bool
        public var uploaded = 0
        public var bytesSent = 0
        public var deleted = 0
    }

    /// Progress of one phase: its name, files and bytes done and in all.
    public typealias Progress =
        @Sendable (_ phase: String, _ files: Int, _ totalFiles: Int, _ bytes: Int, _ totalBytes: Int) -> Void

    public let store: any ObjectStore
    public let options: Options
    public var progress: Progress?
    public var log: @Sendable (String) -> Void = { _ in }
    /// Called with `upload` or `delete` and the path, as each object is done.
    public var onEach: (@Sendable (_ action: String, _ path: String) -> Void)?

    public init(store: any ObjectStore, options: Options) {
        self.store = store
        self.options = options
    }

    /// - Throws: `DeployError` for the local folder and for more deletes than allowed,
    ///   `StoreError` for the store's refusals.
    public func run(outputDirectory: String) throws -> Summary {
        let names = try store.topNames()
        let local = try LocalInventory.files(in: outputDirectory, scan: options.scan)
        var hadPending = false
        let remote: RemoteState
        if names.contains(RemoteManifest.key), let bytes = try store.get(RemoteManifest.key),
            let entries = RemoteManifest.decode(bytes)
        {
            var pending = Set<String>()
            if names.contains(RemoteManifest.pendingKey), let bytes = try store.get(RemoteManifest.pendingKey) {
                pending = Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init))
                hadPending = true
            }
            remote = .recorded(entries, pending: pending)
        } else {
            remote = .listed(try store.allKeys())
        }
        let plan = DeployPlan.make(local: local, remote: remote, gzip: options.gzip)
        var summary = Summary(plan: plan, recorded: { if case .recorded = remote { true } else { false } }())
        if plan.deletes.count > options.maxDeletes && !options.force {
            throw DeployError(
                file: outputDirectory,
                reason: "\(plan.deletes.count) objects would be deleted, more than --max-deletes \(options.maxDeletes) "
                    + "(first: \(plan.deletes.prefix(3).joined(separator: ", "))); nothing was sent. "
                    + "Check the target, or pass --force or a larger --max-deletes")
        }
        if options.dryRun { return summary }
        if plan.isEmpty && summary.recorded && !hadPending { return summary }

        if !plan.uploads.isEmpty {
            var pending: Set<String> = []
            if case .recorded(_, let old) = remote { pending = old }
            pending.formUnion(plan.uploads.map(\.file.path))
            try withRetries(RemoteManifest.pendingKey) {
                try store.put(
                    RemoteManifest.pendingKey, Array(pending.sorted().joined(separator: "\n").utf8),
                    headers: DeployHeaders(contentType: "text/plain; charset=utf-8", cacheControl: "no-cache"))
            }
            hadPending = true
        }
        for (kind, uploads) in plan.uploadsByKind {
            summary.bytesSent += try upload(uploads, phase: kind.name, from: outputDirectory)
            summary.uploaded += uploads.count
        }
        let batch = 1000
        for start in stride(from: 0, to: plan.deletes.count, by: batch) {
            let keys = Array(plan.deletes[start..<min(start + batch, plan.deletes.count)])
            try withRetries(keys[0]) { try store.delete(keys) }
            if let onEach { keys.forEach { onEach("delete", $0) } }
            summary.deleted += keys.count
            progress?("deletes", summary.deleted, plan.deletes.count, 0, 0)
        }
        try withRetries(RemoteManifest.key) {
            try store.put(
                RemoteManifest.key, RemoteManifest.encode(plan.manifest),
                headers: DeployHeaders(contentType: "text/plain; charset=utf-8", cacheControl: "no-cache"))
        }
        if hadPending { try withRetries(RemoteManifest.pendingKey) { try store.delete([RemoteManifest.pendingKey]) } }
        return summary
    }

    /// Uploads `uploads` on `options.concurrency` threads; returns the bytes sent.
    private func upload(_ uploads: [DeployPlan.Upload], phase: String, from directory: String) throws -> Int {
        let totalBytes = uploads.reduce(0) { $0 + $1.file.size }
        let state = UploadState()
        let workers = max(1, min(options.concurrency, uploads.count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                while let index = state.next(limit: uploads.count) {
                    let upload = uploads[index]
                    do {
                        let sent = try send(upload, from: directory)
                        let (files, bytes) = state.done(size: upload.file.size, sent: sent)
                        onEach?("upload", upload.file.path)
                        progress?(phase, files, uploads.count, bytes, totalBytes)
                    } catch {
                        state.fail(error)
                    }
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        if let error = state.error { throw error }
        return state.bytesSent
    }

    private func send(_ upload: DeployPlan.Upload, from directory: String) throws -> Int {
        let full = (directory as NSString).appendingPathComponent(upload.file.path)
        guard let data = FileManager.default.contents(atPath: full) else {
            throw DeployError(file: full, reason: "could not be read")
        }
        var bytes = [UInt8](data)
        if upload.headers.contentEncoding == "gzip" { bytes = Deflate.compress(bytes, as: .gzip) }
        try withRetries(upload.file.path) { try store.put(upload.file.path, bytes, headers: upload.headers) }
        return bytes.count
    }

    /// Runs `body` until it succeeds, a failure is not transient, or the attempts are used up,
    /// waiting longer each time.
    private func withRetries(_ key: String, _ body: () throws -> Void) throws {
        var wait = options.firstWait
        for attempt in 1...max(1, options.attempts) {
            do {
                return try body()
            } catch let error as StoreError where error.isTransient && attempt < options.attempts {
                log("\(key): \(error.answer); trying again in \(wait) s")
                Thread.sleep(forTimeInterval: wait)
                wait *= 2
            }
        }
    }
}

/// The next upload to take and the counts so far, shared by the upload threads; the first error
/// stops them all.
private final class UploadState: @unchecked Sendable {
    private let lock = NSLock()
    private var position = 0
    private var files = 0
    private var bytes = 0
    private(set) var bytesSent = 0
    private(set) var error: Error?

    func next(limit: Int) -> Int? {
        lock.withLock {
            guard error == nil, position < limit else { return nil }
            defer { position += 1 }
            return position
        }
    }

    func done(size: Int, sent: Int) -> (Int, Int) {
        lock.withLock {
            files += 1
            bytes += size
            bytesSent += sent
            return (files, bytes)
        }
    }

    func fail(_ error: Error) { lock.withLock { if self.error == nil { self.error = error } } }
}
