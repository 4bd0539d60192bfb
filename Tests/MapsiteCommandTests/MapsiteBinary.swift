import Foundation
import MapsiteTestSupport
import Testing

/// What a run of the real `mapsite` binary printed.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum MapsiteBinary {
    /// The `mapsite` built beside this test bundle (`swift build --build-tests` builds both into one
    /// folder, whatever the scratch path), else the newest `.build*/debug/mapsite` of the repository.
    static let path: String? = {
        var candidates: [String] = []
        let running = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(running.deletingLastPathComponent().appendingPathComponent("mapsite").path)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("mapsite").path)
        }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("mapsite").path)
        }
        let root = Fixtures.repository.path
        let scratch =
            (try? FileManager.default.contentsOfDirectory(atPath: root))?.filter { $0.hasPrefix(".build") } ?? []
        let built = scratch.map { "\(root)/\($0)/debug/mapsite" }.filter(FileManager.default.isExecutableFile)
        candidates += built.sorted { modified($0) > modified($1) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    private static func modified(_ path: String) -> Date {
        (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
    }

    /// Runs `mapsite` with `arguments` in the repository folder.
    static func run(_ arguments: [String]) throws -> CommandResult {
        let binary = try #require(path, "no mapsite binary: build it with swift build --build-tests")
        return try run(executable: binary, arguments, in: Fixtures.repository)
    }

    /// Runs `executable` with `arguments` in `folder`, its output read once it has exited.
    static func run(executable: String, _ arguments: [String], in folder: URL) throws -> CommandResult {
        try withTemporaryDirectory { directory in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.currentDirectoryURL = folder
            // Files, not pipes: a full pipe would block the child.
            try writeFiles(["out": "", "err": ""], in: directory)
            let out = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/out"))
            let err = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/err"))
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try out.close()
            try err.close()
            return CommandResult(
                status: process.terminationStatus, stdout: readText(directory + "/out") ?? "",
                stderr: readText(directory + "/err") ?? "")
        }
    }
}
