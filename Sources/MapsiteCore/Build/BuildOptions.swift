import Foundation

/// What `mapsite build` was asked to do.
public struct BuildOptions: Sendable {
    public var contentDirectory: String
    public var outputDirectory: String
    /// The theme folder; the content folder's `templates/` overrides files of it.
    public var themeDirectory: String
    /// Overrides `base_url` from `site.yml`.
    public var baseURL: String?
    /// Receives a line for each finished stage.
    public var log: @Sendable (String) -> Void
    /// Receives progress of long stages (done, total); called often, from any thread.
    public var progress: (@Sendable (String, Int, Int) -> Void)?
    /// Adds the process's peak memory so far to each stage's line (`mapsite build --memory`).
    public var showsMemory = false
    /// Runs each stage alone: the browser files after the derive stage, not alongside the index
    /// and derive stages, so that each stage's time is its own (`mapsite build --stages-alone`,
    /// for benchmarks of one stage; the build takes longer).
    public var stagesAlone = false

    public init(
        contentDirectory: String, outputDirectory: String, themeDirectory: String, baseURL: String? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }, progress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) {
        self.contentDirectory = contentDirectory
        self.outputDirectory = outputDirectory
        self.themeDirectory = themeDirectory
        self.baseURL = baseURL
        self.log = log
        self.progress = progress
    }
}

/// What a build did: counts, what it wrote, and the warnings an author should read.
public struct BuildReport: Sendable, Codable {
    public var datasets: [String: Int] = [:]
    public var pages = 0
    public var items = 0
    public var output = OutputWriter.Summary()
    public var warnings: [String] = []
    public var skipped: [InputError] = []
}
