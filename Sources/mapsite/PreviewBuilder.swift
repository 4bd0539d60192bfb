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
    /// The file listing every error of the last failed build, removed when the next one fails.
    private var lastErrorsFile: String?

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
            // A new file each time (a name fixed in advance could be another user's symbolic
            // link), and only the latest kept, so that a long session leaves one behind.
            let errors = (error as? InputErrors)?.listedInFull(prefix: "mapsite-serve-errors-")
            if let old = lastErrorsFile, old != errors?.listFile { try? FileManager.default.removeItem(atPath: old) }
            lastErrorsFile = errors?.listFile
            let listed: Error = errors ?? error
            let message = (listed as? LocalizedError)?.errorDescription ?? "\(listed)"
            let shown = ControlCharacters.escaped(message, keepingNewlines: true)
            Console.error("Error: \(shown)\nThe build failed: serving the site as it was before.")
        }
    }
}
