import Foundation

/// The time zone names a dataset's `timezone` may take: the tz database's zones and links, the
/// names every browser's `Intl.DateTimeFormat` knows. Foundation also reads offsets such as
/// `GMT+5` or `UTC+01:00`, which browsers refuse, and then a page's opening hours could not be
/// evaluated in the browser at all.
enum TimeZoneName {
    /// Every zone (`Z`) and link (`L`) of the tz database's `tzdata.zi`, where the system keeps
    /// one (`$TZDIR` or /usr/share/zoneinfo), else Foundation's list and the UTC names.
    static let known: Set<String> = {
        let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        if let text = try? String(contentsOfFile: folder + "/tzdata.zi", encoding: .utf8) {
            let names = parse(tzdata: text)
            if !names.isEmpty { return names }
        }
        return Set(TimeZone.knownTimeZoneIdentifiers).union(["UTC", "Etc/UTC", "GMT", "Etc/GMT"])
    }()

    /// The names of `tzdata.zi`: the second word of a `Z` line, the third of an `L` line.
    /// `Factory` (a placeholder zone, not a place) is left out: browsers refuse it.
    static func parse(tzdata text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "Z", words.count > 1 { names.insert(String(words[1])) }
            if words.first == "L", words.count > 2 { names.insert(String(words[2])) }
        }
        names.remove("Factory")
        return names
    }

    /// The name an author most likely meant: the tz database's `Etc/GMT-5` for `GMT+5` or
    /// `UTC+05:00` (its signs are the other way round), else the known name nearest in spelling.
    static func closest(to name: String) -> String? {
        if let match = name.wholeMatch(of: /(?:GMT|UTC|UT)([+-])(\d{1,2})(?::?00)?/),
            let hours = Int(match.1 == "+" ? "-" + match.2 : "+" + match.2)
        {
            let etc = hours == 0 ? "Etc/GMT" : "Etc/GMT" + (hours > 0 ? "+" : "") + String(hours)
            return known.contains(etc) ? etc : nil
        }
        return ClosestName.closest(to: name, among: known.sorted())
    }
}
