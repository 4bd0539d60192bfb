import Foundation
import MapsiteTestSupport
import Testing

/// `mapsite build` into a folder on a disk too small for it: a tmpfs of a few megabytes, mounted
/// for the test (the tests run as root, as CI does).
@Suite("mapsite build on a full disk")
struct DiskFullTests {
    private func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every file below `folder` with its bytes, but the record that lets a rebuild with nothing
    /// changed stop early (a build forgets it before it writes).
    private func files(in folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            guard path != ".mapsite-build", let data = FileManager.default.contents(atPath: folder + "/" + path) else {
                continue
            }
            files[path] = data
        }
        return files
    }

    @Test("a build that would fill the disk stops before writing anything, naming how much room is missing")
    func refusedBeforeWriting() throws {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            try FileManager.default.copyItem(atPath: Fixtures.site("basic"), toPath: content)
            let disk = directory + "/disk"
            try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
            let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", disk])
            try #require(mounted == 0, "mount needs root")
            defer { _ = try? run("/bin/umount", [disk]) }
            let output = disk + "/site"
            let build = ["build", "--content", content, "--output", output, "--templates", Fixtures.theme]

            let first = try MapsiteBinary.run(build)
            #expect(first.status == 0, "\(first.stderr)")
            let before = files(in: output)
            #expect(before[".mapsite-manifest"] != nil)

            // 300 places more: their pages, tiles and search take more than the 2 MB left.
            let rows = (100..<400).map { "p\($0),Place \($0),cafe,note \($0),,\(41.8 + Double($0) / 1000),-87.6\n" }
            let places = try FileHandle(forWritingTo: URL(fileURLWithPath: content + "/data/places.csv"))
            try places.seekToEnd()
            try places.write(contentsOf: Data(rows.joined().utf8))
            try places.close()

            let second = try MapsiteBinary.run(build)
            #expect(second.status == 1)
            let message = try #require(
                second.stderr.firstMatch(of: /output file "(.*)" needs ([\d.,]+ [KM]B) more than its disk has free/),
                "\(second.stderr)")
            #expect(message.1 == output)
            #expect(second.stderr.contains("Nothing was written"))
            #expect(files(in: output) == before, "the last site is as it was, its manifest included")

            // With the room, the same build goes through.
            try #require(try run("/bin/mount", ["-o", "remount,size=12m", disk]) == 0)
            let third = try MapsiteBinary.run(build)
            #expect(third.status == 0, "\(third.stderr)")
            #expect(FileManager.default.fileExists(atPath: output + "/places/place-399/index.html"))
        }
    }
}
