import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

@Suite("Temporaries left by a stopped build") struct FileOnDiskTemporariesTests {
    /// Thousands of names of every length fill readdir's buffer to its end in many ways: before
    /// its fix, reading an entry's name there read past the buffer (AddressSanitizer,
    /// `make sanitize`), and a short last entry could take bytes that were no part of its name.
    @Test func everyTemporaryIsRemovedAndNothingElse() throws {
        try withTemporaryDirectory { directory in
            var kept: [String] = []
            var temporaries = 0
            for number in 0..<3_000 {
                let stem = "f\(number)-" + String(repeating: "x", count: number % 200)
                let isTemporary = number % 3 == 0
                let name = isTemporary ? "page/\(stem)" + FileOnDisk.temporarySuffix : "\(stem).html"
                try writeFiles([name: "\(number)"], in: directory)
                if isTemporary { temporaries += 1 } else { kept.append(name) }
            }
            let folder = open(directory, O_RDONLY | O_DIRECTORY)
            try #require(folder >= 0)
            defer { close(folder) }
            #expect(FileOnDisk.removeTemporaries(in: folder) == temporaries)
            #expect(filesBelow(directory) == kept.sorted())
        }
    }
}
