/// The store a deploy writes to, by keys relative to the target's prefix.
public protocol ObjectStore: Sendable {
    /// The names directly under the prefix (files and folders), one request: a deploy's first
    /// call, so that a missing bucket or refused credentials stop it before anything is sent.
    func topNames() throws -> Set<String>
    /// Every key under the prefix.
    func allKeys() throws -> Set<String>
    /// The object's bytes; nil when there is none.
    func get(_ key: String) throws -> [UInt8]?
    func put(_ key: String, _ bytes: [UInt8], headers: DeployHeaders) throws
    /// Deletes the objects (a missing one is no error).
    func delete(_ keys: [String]) throws
}

/// A refusal or failure of the store.
public struct StoreError: Error, Equatable, Sendable {
    /// The key it is about; empty for the target as a whole.
    public var key: String
    /// What the store answered (its error code and message), or why there was no answer.
    public var answer: String
    /// Whether trying again may help: no answer, a timeout, the store busy or failing inside.
    public var isTransient: Bool

    public init(key: String, answer: String, isTransient: Bool) {
        self.key = key
        self.answer = answer
        self.isTransient = isTransient
    }
}
