import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// The message of the error that a dataset with `timezone: <zone>` (written as YAML) throws.
private func zoneError(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let site = "title: Zones\ndatasets:\n  - source: data/a.csv\n    timezone: \(yaml)\n"
    let error = #expect(throws: InputError.self, sourceLocation: sourceLocation) {
        try ConfigLoader.parse(site, file: "content/site.yml")
    }
    return error?.description
}

private func expected(_ found: String, suggesting closest: String?) -> String {
    let hint = closest.map { "; did you mean \"\($0)\"?" } ?? ""
    return #"content/site.yml:4: key "datasets[0].timezone": expected a tz database time zone name such as "#
        + #"America/Chicago\#(hint), found "\#(found)""#
}

@Suite("timezone: tz database names only")
struct TimeZoneNameTests {
    @Test("offsets browsers refuse, a NUL byte, a misspelling: errors naming line 4, with the name meant")
    func refused() {
        #expect(zoneError("GMT+5") == expected("GMT+5", suggesting: "Etc/GMT-5"))
        #expect(zoneError("UTC+01:00") == expected("UTC+01:00", suggesting: "Etc/GMT-1"))
        #expect(zoneError("UTC-0300") == expected("UTC-0300", suggesting: "Etc/GMT+3"))
        #expect(zoneError("GMT+0530") == expected("GMT+0530", suggesting: nil))
        #expect(zoneError(#""Europe/Berlin\0""#) == expected(#"Europe/Berlin\u{0}"#, suggesting: "Europe/Berlin"))
        #expect(zoneError("Europe/Berln") == expected("Europe/Berln", suggesting: "Europe/Berlin"))
        #expect(zoneError("europe/berlin") == expected("europe/berlin", suggesting: "Europe/Berlin"))
        #expect(zoneError("Factory") == expected("Factory", suggesting: nil))
        #expect(zoneError("Mars/Olympus") == expected("Mars/Olympus", suggesting: nil))
    }

    @Test("zones and links of the tz database are kept as written")
    func accepted() throws {
        for zone in ["America/Chicago", "US/Eastern", "UTC", "Etc/UTC", "GMT", "Etc/GMT+5", "EST", "Europe/Kiev"] {
            let site = "datasets:\n  - source: data/a.csv\n    timezone: \(zone)\n"
            let config = try ConfigLoader.parse(site, file: "content/site.yml")
            #expect(config.datasets.first?.timeZone == zone)
        }
    }

    @Test("Node's Intl, as a browser, takes every name accepted and refuses the forms refused")
    func browserAgrees() throws {
        let node = try #require(Node.executable, "node is not installed: run `make test-deps`")
        let refused = ["GMT+5", "UTC+01:00", "GMT+0530", "Factory", "Europe/Berlin\u{0}"]
        let names = TimeZoneName.known.sorted() + refused
        try #require(names.count > 400)
        let script = """
            const names = JSON.parse(require("fs").readFileSync(0, "utf8"));
            console.log(JSON.stringify(names.filter((timeZone) => {
              try { new Intl.DateTimeFormat("en", { timeZone }); return true; } catch { return false; }
            })));
            """
        let accepted = try withTemporaryDirectory { directory in
            let request = URL(fileURLWithPath: directory + "/names.json")
            try JSONEncoder().encode(names).write(to: request)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = ["-e", script]
            process.standardInput = try FileHandle(forReadingFrom: request)
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return try JSONDecoder().decode([String].self, from: data)
        }
        #expect(Set(accepted) == TimeZoneName.known)
    }
}
