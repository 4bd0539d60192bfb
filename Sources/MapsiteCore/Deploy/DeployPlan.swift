/// What a deploy will do: the files to upload, kind by kind in the order that keeps the site
/// whole for its visitors, then the objects to delete.
public struct DeployPlan: Sendable {
    public enum Reason: String, Sendable {
        /// Not in the store.
        case new
        /// Its bytes changed.
        case changed
        /// Same bytes, other headers (a new kind, type, or `--gzip`).
        case headers
        /// In the store, but with no record of its bytes and headers (no manifest, or a deploy
        /// that stopped had it pending).
        case unrecorded
    }

    public struct Upload: Equatable, Sendable {
        public var file: LocalFile
        public var headers: DeployHeaders
        public var reason: Reason
    }

    /// In upload order: by kind, then by path.
    public var uploads: [Upload]
    /// The paths to delete, pages before the files they name.
    public var deletes: [String]
    public var unchanged: Int
    /// What the store holds once the plan has run, for its manifest.
    public var manifest: [String: RemoteManifest.Entry]

    /// The plan that makes the store hold `local` with the headers of their kinds.
    ///
    /// Paths with a component starting with `.` in the store are never deleted: mapsite's own
    /// records, and no file of the output folder can be there.
    public static func make(local: [LocalFile], remote: RemoteState, gzip: Bool) -> DeployPlan {
        var uploads: [Upload] = []
        var manifest: [String: RemoteManifest.Entry] = [:]
        manifest.reserveCapacity(local.count)
        var unchanged = 0
        for file in local {
            let headers = DeployHeaders.of(file.path, gzip: gzip)
            manifest[file.path] = RemoteManifest.Entry(hash: file.hash, size: file.size, headers: headers)
            let reason: Reason?
            switch remote {
            case .recorded(let entries, let pending):
                if pending.contains(file.path) {
                    reason = .unrecorded
                } else if let entry = entries[file.path] {
                    if entry.hash != file.hash || entry.size != file.size {
                        reason = .changed
                    } else {
                        reason = entry.headers == headers ? nil : .headers
                    }
                } else {
                    reason = .new
                }
            case .listed(let paths):
                reason = paths.contains(file.path) ? .unrecorded : .new
            }
            if let reason {
                uploads.append(Upload(file: file, headers: headers, reason: reason))
            } else {
                unchanged += 1
            }
        }
        uploads.sort { left, right in
            left.file.kind != right.file.kind
                ? left.file.kind < right.file.kind : left.file.path.utf8.lexicographicallyPrecedes(right.file.path.utf8)
        }
        let remotePaths: Set<String>
        switch remote {
        case .recorded(let entries, let pending): remotePaths = Set(entries.keys).union(pending)
        case .listed(let paths): remotePaths = paths
        }
        let deletes = remotePaths.filter { path in
            manifest[path] == nil && !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }.sorted { left, right in
            let (leftKind, rightKind) = (DeployKind.of(left), DeployKind.of(right))
            return leftKind != rightKind ? leftKind > rightKind : left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        return DeployPlan(uploads: uploads, deletes: deletes, unchanged: unchanged, manifest: manifest)
    }

    public var uploadBytes: Int { uploads.reduce(0) { $0 + $1.file.size } }

    public var isEmpty: Bool { uploads.isEmpty && deletes.isEmpty }

    /// The uploads of each kind, in upload order.
    public var uploadsByKind: [(kind: DeployKind, uploads: [Upload])] {
        DeployKind.allCases.compactMap { kind in
            let ofKind = uploads.filter { $0.file.kind == kind }
            return ofKind.isEmpty ? nil : (kind, ofKind)
        }
    }
}
