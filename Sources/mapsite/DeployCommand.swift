import ArgumentParser
import Foundation
import MapsiteCore

struct DeployCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Upload the built site to S3-compatible object storage, only what changed, in a safe order.",
        discussion: """
            Credentials and region come from the standard AWS environment variables \
            (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION, AWS_PROFILE) and \
            ~/.aws/credentials and ~/.aws/config. See docs/hosting.md.
            """)

    @Argument(help: "Where to: s3://bucket/prefix/")
    var target: String

    @Option(help: "The store's address, for S3-compatible stores other than AWS (default: AWS_ENDPOINT_URL, else AWS).")
    var endpoint: String?

    @Flag(help: "Print the plan (counts and bytes per kind of file, the first paths) and send nothing.")
    var dryRun = false

    @Option(help: "Refuse a deploy that would delete more objects than this.")
    var maxDeletes = 256

    @Flag(help: "Delete however many objects the deploy would delete.")
    var force = false

    @Flag(help: "Build the site first, with the build options given.")
    var build = false

    @Flag(help: "Compress text at upload (Content-Encoding: gzip), for stores and CDNs that do not compress.")
    var gzip = false

    @Flag(help: "Walk the output folder and hash files put there by hand, instead of taking the last build's list.")
    var scan = false

    @Option(help: "Uploads at once.")
    var jobs = 16

    @Flag(help: "Print each object as it is uploaded or deleted.")
    var verbose = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @OptionGroup var site: SiteOptions

    func validate() throws {
        guard maxDeletes >= 0 else { throw ValidationError("--max-deletes must be 0 or more") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() throws {
        let target: DeployTarget
        let endpoint: StoreEndpoint?
        do {
            target = try DeployTarget(self.target)
            let given = self.endpoint ?? ProcessInfo.processInfo.environment["AWS_ENDPOINT_URL"]
            endpoint = try given.map(StoreEndpoint.init)
        } catch let error as DeployError {
            throw ValidationError(error.localizedDescription)
        }
        if build { try buildSite() }
        guard
            AWSCredentials.source(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory()) != nil
        else {
            throw DeployFailure("\(target): \(AWSCredentials.missing)")
        }
        guard FileManager.default.fileExists(atPath: site.output) else {
            throw DeployFailure("\(site.output): no such folder: build the site first, or pass --build")
        }
        var options = Deployer.Options()
        options.dryRun = dryRun
        options.maxDeletes = maxDeletes
        options.force = force
        options.gzip = gzip
        options.scan = scan
        options.concurrency = jobs
        var deployer = Deployer(store: GDALObjectStore(target: target, endpoint: endpoint), options: options)
        let quiet = self.quiet
        let progress = isatty(STDOUT_FILENO) == 1 && !quiet && !verbose ? DeployProgressLine() : nil
        deployer.log = { line in
            progress?.clear()
            if !quiet { Console.error(line) }
        }
        if let progress {
            deployer.progress = { phase, files, totalFiles, bytes, totalBytes in
                progress.show(phase, files, totalFiles, bytes, totalBytes)
            }
        }
        if verbose { deployer.onEach = { action, path in Console.out("\(action) \(path)") } }
        let start = DispatchTime.now()
        let summary: Deployer.Summary
        do {
            summary = try deployer.run(outputDirectory: site.output)
        } catch let error as StoreError {
            progress?.clear()
            throw DeployFailure("\(target)\(error.key): \(error.answer)")
        } catch let error as DeployError {
            progress?.clear()
            throw DeployFailure(error.localizedDescription)
        }
        progress?.clear()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        if dryRun {
            print(DeployReport.plan(summary, target: target))
        } else if !quiet {
            print(DeployReport.line(summary, target: target, seconds: seconds))
        }
    }

    private func buildSite() throws {
        let quiet = self.quiet
        var options = BuildOptions(
            contentDirectory: site.content, outputDirectory: site.output, themeDirectory: try site.theme(),
            baseURL: site.baseURL,
            log: { line in if !quiet { print(line) } })
        options.showsMemory = false
        let build: FinishedBuild
        do {
            build = try SiteBuilder(options: options).run()
        } catch let errors as InputErrors {
            throw errors.listedInFull()
        }
        build.report.printProblems()
    }
}

/// A deploy that stopped: printed as `Error: <what>` with exit status 1.
struct DeployFailure: Error, LocalizedError {
    var message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }
}
