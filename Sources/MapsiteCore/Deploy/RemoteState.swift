/// What a deploy knows of the objects under the target before it starts.
public enum RemoteState: Sendable {
    /// The last finished deploy's manifest, and the paths a deploy that stopped since then may
    /// have uploaded or changed (its pending list): those are uploaded again, or deleted.
    case recorded([String: RemoteManifest.Entry], pending: Set<String>)
    /// No manifest (a first deploy, or one removed): the store's listing of the paths it holds,
    /// whose headers are not known, so every file is uploaded.
    case listed(Set<String>)
}
