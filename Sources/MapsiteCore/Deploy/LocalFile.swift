/// A file of the output folder as a deploy sees it.
public struct LocalFile: Equatable, Sendable {
    /// The site path, relative to the output folder (and to the target's prefix).
    public var path: String
    public var size: Int
    /// `StableHash.contents` of its bytes, as the build's manifest gives it.
    public var hash: UInt64

    public init(path: String, size: Int, hash: UInt64) {
        self.path = path
        self.size = size
        self.hash = hash
    }

    public var kind: DeployKind { DeployKind.of(path) }
}
