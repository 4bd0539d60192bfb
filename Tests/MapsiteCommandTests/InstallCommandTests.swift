import Foundation
import MapsiteTestSupport
import Testing

/// mapsite as a newcomer meets it (#31 point 8): installed by the Makefile's own `make install`
/// into a prefix, then run from a folder outside the repository, where only what the install put
/// in place can give it a theme. The binary installed is the one under test
/// (`MAPSITE_BINARY=`, which skips the release build `make install` otherwise runs first).
@Suite("mapsite installed: make install, then new and build from any folder")
struct InstallCommandTests {
    /// Runs `executable` in `folder`.
    private func run(_ executable: String, _ arguments: [String], in folder: String) throws -> CommandResult {
        try MapsiteBinary.run(executable: executable, arguments, in: URL(fileURLWithPath: folder))
    }

    private func make(_ arguments: [String]) throws -> CommandResult {
        let make = try #require(
            ["/usr/bin/make", "/bin/make"].first(where: FileManager.default.isExecutableFile),
            "make is missing (Debian's make)")
        return try run(make, ["-C", Fixtures.repository.path] + arguments, in: Fixtures.repository.path)
    }

    @Test("make install PREFIX=…, then mapsite new x && mapsite build --content x elsewhere: pages, no warning")
    func newSiteBuildsFromAnyFolder() throws {
        let binary = try #require(MapsiteBinary.path, "no mapsite binary: build it with swift build --build-tests")
        try withTemporaryDirectory { directory in
            let prefix = directory + "/prefix"
            let installed = try make(["install", "PREFIX=" + prefix, "MAPSITE_BINARY=" + binary])
            #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
            #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/mapsite"))
            #expect(FileManager.default.fileExists(atPath: prefix + "/share/mapsite/templates/base.mustache"))

            let work = directory + "/work"
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            let created = try run(prefix + "/bin/mapsite", ["new", "x"], in: work)
            #expect(created.status == 0, "\(created.stderr)")
            let built = try run(prefix + "/bin/mapsite", ["build", "--content", "x"], in: work)
            #expect(built.status == 0, "\(built.stderr)")
            #expect(built.stderr.isEmpty, "\(built.stderr)")
            #expect(!built.stdout.lowercased().contains("warning"), "\(built.stdout)")
            let page = readText(work + "/site/libraries/jefferson-market-library/index.html")
            #expect(page?.contains("Jefferson Market Library") == true)
            // The theme the site was built with is the installed one: its files are in the site.
            #expect(FileManager.default.fileExists(atPath: work + "/site/index.html"))

            // A link to the installed program, in another folder, finds the same theme (the
            // program's real path is what counts), and says its version.
            try FileManager.default.createDirectory(atPath: directory + "/links", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: directory + "/links/mapsite", withDestinationPath: prefix + "/bin/mapsite")
            let version = try run(directory + "/links/mapsite", ["--version"], in: work)
            let source = try #require(
                readText(Fixtures.repository.path + "/Sources/mapsite/Version.swift")?.firstMatch(
                    of: /static let number = "([^"]+)"/)?.1)
            #expect(version.stdout == "\(source)\n", "\(version.stdout)\(version.stderr)")
            // The theme is looked for first: a build of no content through the link gets as far as
            // site.yml (a whole build again would only double the test's time).
            let linked = try run(directory + "/links/mapsite", ["build", "--content", "none"], in: work)
            #expect(linked.status == 1)
            #expect(linked.stderr.hasPrefix("Error: none/site.yml: "), "\(linked.stderr)")

            let removed = try make(["uninstall", "PREFIX=" + prefix])
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(filesBelow(prefix).isEmpty, "\(filesBelow(prefix))")
        }
    }

    @Test("without an installed theme, the error names the folders it looked in and make install")
    func noTheme() throws {
        let binary = try #require(MapsiteBinary.path, "no mapsite binary: build it with swift build --build-tests")
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: binary, toPath: directory + "/bin/mapsite")
            let result = try run(directory + "/bin/mapsite", ["build", "--content", "x"], in: directory)
            #expect(result.status != 0)
            #expect(
                result.stderr.contains(
                    "No theme found (a folder with base.mustache) in \(directory)/templates, "
                        + "\(directory)/share/mapsite/templates"), "\(result.stderr)")
            #expect(result.stderr.contains("make install"), "\(result.stderr)")
        }
    }
}
