import Foundation
import MapsiteCore

/// Runs the builds of `mapsite serve` one at a time, off the server's threads, and numbers the
/// builds that changed the site so that open pages know when to reload.
final class PreviewBuilder: @unchecked Sendable {
    let options: BuildOptions
    private let queue = DispatchQueue(label: "mapsite.preview-build")
    private let lock = NSLock()
    private var number = 0
    private var lastBasePath = "/"

    init(options: BuildOptions) {
        self.options = options
    }

    /// The number of the last good build that changed the output; 0 before the first good one.
    var version: Int { lock.withLock { number } }

    /// The path part of `base_url` of the last good build, always starting and ending with `/`.
    var basePath: String { lock.withLock { lastBasePath } }

    /// Builds the site, printing the stage lines, the warnings and any error. A failed build
    /// leaves the version as it was, so open pages keep showing the last good site.
    func build() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async {
                self.buildNow()
                done.resume()
            }
        }
    }

    private func buildNow() {
        do {
            let report = try SiteBuilder(options: options).build()
            report.printProblems()
            var config = try ConfigLoader.load(contentDirectory: options.contentDirectory)
            if let baseURL = options.baseURL { config.baseURL = baseURL }
            let changed = report.output.written + report.output.removed > 0
            lock.withLock {
                if changed || number == 0 { number += 1 }
                lastBasePath = config.basePath
            }
        } catch {
            // One file for the whole session, rewritten by each failed build.
            let name = "mapsite-serve-errors-\(ProcessInfo.processInfo.processIdentifier).txt"
            let listed = (error as? InputErrors)?.listedInFull(name: name) ?? error
            let message = (listed as? LocalizedError)?.errorDescription ?? "\(listed)"
            Console.error("Error: \(message)\nThe build failed: serving the site as it was before.")
        }
    }
}
