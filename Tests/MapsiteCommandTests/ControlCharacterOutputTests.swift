import Foundation
import MapsiteTestSupport
import Testing

@Suite("mapsite prints control characters escaped")
struct ControlCharacterOutputTests {
    /// Any C0 control but the line break, DEL or a C1 control, as the terminal would receive it.
    private func rawControls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    @Test("a cell that retitles and clears the terminal: the error shows it escaped, no raw byte")
    func errorCell() throws {
        try withTemporaryDirectory { directory in
            let cell = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}"
            try writeFiles(
                [
                    "content/site.yml": "datasets:\n  - source: data/boxes.csv\n    id: id\n",
                    "content/data/boxes.csv": "id,name,latitude,longitude\n1,A,\(cell),-87\n2,B,41.9,-87\n",
                ], in: directory)
            let result = try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
            #expect(result.status == 1)
            #expect(rawControls(result.stderr).isEmpty, "\(result.stderr.debugDescription)")
            #expect(
                result.stderr.contains(
                    #"boxes.csv:2: column "latitude": expected a number in -90…90, "#
                        + #"found "\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\u{7F}""#))
        }
    }

    @Test("a skipped row under a column named with ESC: the listed error shows the name escaped")
    func warningHeader() throws {
        try withTemporaryDirectory { directory in
            // A skipped row's error names the column; the header cell carries the sequence.
            try writeFiles(
                [
                    "content/site.yml":
                        "datasets:\n  - source: data/boxes.csv\n    id: id\n    latitude: \"la\\e[2Jt\"\n"
                        + "    skip_invalid: true\n",
                    "content/data/boxes.csv": "id,name,la\u{1B}[2Jt,longitude\n1,A,x,-87\n2,B,41.9,-87\n",
                ], in: directory)
            let result = try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(rawControls(result.stderr).isEmpty, "\(result.stderr.debugDescription)")
            #expect(result.stderr.contains(#"column "la\u{1B}[2Jt""#), "\(result.stderr)")
        }
    }
}
