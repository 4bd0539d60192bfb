import Foundation
import MapsiteTestSupport
import Testing

/// Markdown written for Hugo, as a user brings it (#31 point 9): a word for what mapsite does not
/// read, instead of silence.
@Suite("mapsite build: content written for Hugo")
struct HugoContentCommandTests {
    private func build(_ pages: [String: String]) throws -> CommandResult {
        try withTemporaryDirectory { directory in
            var files = ["content/site.yml": "title: Notes\n"]
            for (name, text) in pages { files["content/pages/" + name] = text }
            try writeFiles(files, in: directory)
            return try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
        }
    }

    @Test("TOML front matter (+++) stops the build, naming the file and saying YAML between --- is read")
    func toml() throws {
        let result = try build(["post.md": "+++\ntitle = \"Post\"\ndate = 2024-01-01\n+++\n\nText.\n"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "/content/pages/post.md:1: expected front matter in YAML between \"---\" lines (title: My page); "
                    + "TOML front matter between \"+++\" lines, as Hugo writes it, is not read, found \"+++\""),
            "\(result.stderr)")
    }

    @Test("menu: main stops the build, saying what menu takes")
    func menuName() throws {
        let result = try build(["post.md": "---\ntitle: Post\nmenu: main\n---\n\nText.\n"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "/content/pages/post.md:3: key \"menu\": expected a whole number, the page's position in the site "
                    + "menu (menu: 1, lowest first; no menu key: not in the menu), not a menu's name as in Hugo, "
                    + "found \"main\""), "\(result.stderr)")
    }

    @Test("date, tags and weight: a warning once per key, naming a file; a pipe table: a warning with its line")
    func warnings() throws {
        let result = try build([
            "a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: [x]\n---\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n",
            "b.md": "---\ntitle: B\ndate: 2024-02-01\nweight: 3\n---\n\n```\n| a | b |\n|---|---|\n```\n",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout + result.stderr
        let lines = output.split(separator: "\n").filter { $0.contains("front matter key") }
        #expect(lines.count == 3, "\(output)")
        #expect(
            output.contains(
                "/content/pages/a.md:3: front matter key \"date\" is not one mapsite reads (title, description, "
                    + "menu, draft): left out (and in 1 other file)"), "\(output)")
        #expect(output.contains("/content/pages/a.md:4: front matter key \"tags\""))
        #expect(output.contains("/content/pages/b.md:4: front matter key \"weight\""))
        #expect(output.contains("/content/pages/a.md:7: a pipe table, which CommonMark (libcmark) does not read"))
        // The table in b.md is inside fenced code: no warning.
        #expect(!output.contains("b.md:8"), "\(output)")
    }
}
