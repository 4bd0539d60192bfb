import Foundation
import MapsiteCore
import MapsiteTestSupport
import Testing

@Suite("mapsite new")
struct NewCommandTests {
    @Test("mapsite new creates the folder") func command() throws {
        try withTemporaryDirectory { directory in
            let result = try MapsiteBinary.run(["new", directory + "/maps"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("Created \(directory)/maps/ with site.yml, "))
            #expect(filesBelow(directory + "/maps") == Scaffold.files.map(\.path).sorted())
        }
    }

    @Test("mapsite new refuses a folder that is not empty, and changes nothing") func notEmpty() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(["site.yml": "title: Mine\n"], in: directory)
            let result = try MapsiteBinary.run(["new", directory])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "Error: \(directory): expected a new or empty folder, found 1 file or folder; "
                    + "mapsite new never overwrites anything\n")
            #expect(filesBelow(directory) == ["site.yml"])
            #expect(readText(directory + "/site.yml") == "title: Mine\n")
        }
    }
}
