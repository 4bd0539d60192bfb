import Foundation
import Testing

@testable import MapsiteCore

/// Links in the content folder that lead outside it are not followed: nothing from elsewhere
/// on the machine reaches the site.
@Suite("Content folder: symbolic links")
struct ContentLinkTests {
    @Test("an image, the README and a page that link outside are left out, each with a warning")
    func outsideLinksLeftOut() throws {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            try FileManager.default.copyItem(atPath: Fixtures.site("basic"), toPath: content)
            try writeFiles(["secret.txt": "root:x:0:0 SECRET"], in: directory)
            try writeFiles(["images/inside.txt": "fine"], in: content)
            let manager = FileManager.default
            try manager.removeItem(atPath: content + "/README.md")
            for link in ["images/passwd.txt", "README.md", "pages/host.md"] {
                try manager.createSymbolicLink(
                    atPath: content + "/" + link, withDestinationPath: directory + "/secret.txt")
            }
            // A link that stays inside the content folder is followed.
            try manager.createSymbolicLink(atPath: content + "/images/alias.txt", withDestinationPath: "inside.txt")
            let site = directory + "/site"
            let report = try buildSite(content: content, into: site)
            for file in filesBelow(site) {
                #expect(readText(site + "/" + file)?.contains("SECRET") != true, "\(file) holds the secret")
            }
            #expect(!manager.fileExists(atPath: site + "/images/passwd.txt"))
            #expect(readText(site + "/images/alias.txt") == "fine")
            for link in ["images/passwd.txt", "README.md", "pages/host.md"] {
                #expect(
                    report.warnings.contains { $0.contains(link) && $0.contains("outside the content folder") },
                    "\(link): \(report.warnings)")
            }
        }
    }
}
