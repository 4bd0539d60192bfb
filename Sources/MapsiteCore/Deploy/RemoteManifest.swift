/// mapsite's record, kept beside the site in the store, of the objects the last finished deploy
/// left there: path, hash and size of the local file, and the headers it was stored with.
///
/// Text: a header line, a line `@N content-type TAB cache-control TAB encoding` per set of headers
/// (`-` for no encoding), then a line `hash size N path` per object, in the byte order of the
/// paths. It is written last, after every upload and delete; a deploy that stops before leaves the
/// record of the last finished one, which is then still true of every object it did not touch.
public enum RemoteManifest {
    /// The manifest's key, under the target's prefix.
    public static let key = ".mapsite-deploy"
    /// The paths a deploy that has not finished may have uploaded beyond the manifest's (see `Deployer`).
    public static let pendingKey = ".mapsite-deploy.pending"
    static let header = "# mapsite deploy 1: the objects the last finished deploy left (hash, size, headers, path)\n"

    public struct Entry: Equatable, Sendable {
        public var hash: UInt64
        public var size: Int
        public var headers: DeployHeaders

        public init(hash: UInt64, size: Int, headers: DeployHeaders) {
            self.hash = hash
            self.size = size
            self.headers = headers
        }
    }

    public static func encode(_ entries: [String: Entry]) -> [UInt8] {
        var sets: [DeployHeaders: Int] = [:]
        var bytes = Array(header.utf8)
        let paths = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for path in paths {
            let headers = entries[path]!.headers
            guard sets[headers] == nil else { continue }
            sets[headers] = sets.count
            bytes += "@\(sets[headers]!) \(headers.contentType)\t\(headers.cacheControl)\t".utf8
            bytes += (headers.contentEncoding ?? "-").utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        for path in paths {
            let entry = entries[path]!
            bytes += "\(String(entry.hash, radix: 16)) \(entry.size) \(sets[entry.headers]!) \(path)\n".utf8
        }
        return bytes
    }

    /// The entries of a manifest's bytes; nil when they are no manifest of this version, or any
    /// line does not read (a deploy then takes the store's listing instead).
    public static func decode(_ bytes: [UInt8]) -> [String: Entry]? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix(header) else { return nil }
        var sets: [Int: DeployHeaders] = [:]
        var entries: [String: Entry] = [:]
        for line in text.dropFirst(header.count).split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("@") {
                let parts = line.dropFirst().split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let number = Int(parts[0]) else { return nil }
                let fields = parts[1].split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 3 else { return nil }
                sets[number] = DeployHeaders(
                    contentType: String(fields[0]), cacheControl: String(fields[1]),
                    contentEncoding: fields[2] == "-" ? nil : String(fields[2]))
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 3)
            guard parts.count == 4, let hash = UInt64(parts[0], radix: 16), let size = Int(parts[1]),
                let number = Int(parts[2]), let headers = sets[number]
            else { return nil }
            entries[String(parts[3])] = Entry(hash: hash, size: size, headers: headers)
        }
        return entries
    }
}
