import Foundation
import MapsiteTestSupport
import Testing

/// `mapsite serve` running as a child process on a free port of 127.0.0.1, for tests.
final class ServeProcess {
    let process = Process()
    let port: Int
    private let outputFile: String
    private let errorFile: String

    /// Starts `mapsite serve --port 0` with `arguments` and waits (at most 60 s) for the line
    /// that names the port. Output goes to files in `directory`.
    /// - Parameter fileLimit: the most file descriptors the server may open (`ulimit -n`).
    init(_ arguments: [String], logsIn directory: String, fileLimit: Int? = nil) throws {
        let binary = try #require(MapsiteBinary.path, "no mapsite binary: build it with swift build --build-tests")
        outputFile = directory + "/serve.out"
        errorFile = directory + "/serve.err"
        // Files, not pipes: a full pipe would block the child.
        try writeFiles(["serve.out": "", "serve.err": ""], in: directory)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", "0"] + arguments
        if let fileLimit {
            // The shell sets the limit and becomes the server, so that Ctrl-C reaches it.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", binary] + process.arguments!
        }
        process.currentDirectoryURL = Fixtures.repository
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var port: Int?
        let deadline = Date().addingTimeInterval(60)
        while port == nil, process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            if let match = (readText(outputFile) ?? "").firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//) {
                port = Int(match.1)
            }
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            let logs = [outputFile, errorFile].map { readText($0) ?? "" }.joined(separator: "\n")
            throw LoopbackHTTPClient.Failure(description: "the server did not start:\n\(logs)")
        }
        self.port = port
    }

    var output: String { readText(outputFile) ?? "" }
    var errors: String { readText(errorFile) ?? "" }

    func get(_ path: String) throws -> HTTPReply {
        try LoopbackHTTPClient.get(path, port: port)
    }

    /// Asks `path` every 200 ms until `done` holds for the reply, for at most `seconds`.
    func poll(_ path: String, seconds: Double, until done: (HTTPReply) -> Bool) throws -> HTTPReply {
        let deadline = Date().addingTimeInterval(seconds)
        var reply = try get(path)
        while !done(reply), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            reply = try get(path)
        }
        return reply
    }

    /// Sends Ctrl-C and waits (at most 10 s) for the program to end; kills it after that.
    /// - Returns: the exit status, or nil when it had to be killed.
    @discardableResult
    func stop() -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        process.interrupt()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { stop() }
    }
}
