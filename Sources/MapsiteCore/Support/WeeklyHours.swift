import Foundation

/// The times of a week a field gives in a subset of OpenStreetMap's `opening_hours` syntax: when a
/// shop is open, or when a mail box is collected (`collection_times`).
///
/// The subset: rules separated by `;`, each a day selection and times, or `24/7`.
/// - Days: `Mo Tu We Th Fr Sa Su`, single or as ranges (`Mo-Fr`, `Fr-Mo` wraps), separated by
///   commas (`Mo,We,Fr-Su`); no days means every day. `off` for the times closes those days.
/// - Times: `17:00` (a moment, as a collection), or `09:00-17:30` (a span; an end at or before its
///   start runs past midnight, `22:00-02:00`; `24:00` ends at midnight), separated by commas.
/// - A later rule replaces what earlier ones said of the days it names.
/// Public holidays, months, weeks, comments and everything else of the full syntax are not read.
struct WeeklyHours: Sendable, Equatable {
    /// A moment or a span of a day, in minutes after its midnight.
    enum Time: Sendable, Equatable {
        case moment(Int)
        case span(Int, Int)
    }

    static let dayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    static let dayFullNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Monday first: each day's times, in order.
    var days: [[Time]]

    /// The most UTF-8 bytes (characters, as hours are written in ASCII) a value may have: a whole
    /// week of rules takes a few hundred; a longer value is refused (`HoursCheck`) rather than read.
    static let longest = 2_000

    /// Reads `text`; nil when it is not in the subset above, or longer than `longest`.
    init?(_ text: String) {
        guard text.utf8.count <= Self.longest else { return nil }
        var days = [[Time]](repeating: [], count: 7)
        let rules = text.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !rules.isEmpty, !rules.contains(where: \.isEmpty) else { return nil }
        for rule in rules {
            if rule == "24/7" {
                days = Array(repeating: [.span(0, 24 * 60)], count: 7)
                continue
            }
            let words = rule.split(separator: " ", maxSplits: 1).map(String.init)
            // Days then times, or times alone for every day; days alone say nothing.
            let named = words.count == 2 ? Self.days(words[0]) : nil
            let selection = named ?? Array(0..<7)
            let times = named == nil ? rule : words[1].trimmingCharacters(in: .whitespaces)
            guard let parsed = times == "off" ? [] : Self.times(times) else { return nil }
            for day in selection { days[day] = parsed }
        }
        self.days = days
    }

    /// `Mo-Fr,Su` → [0, 1, 2, 3, 4, 6]; nil when it is not a day selection.
    private static func days(_ text: String) -> [Int]? {
        var selected: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(ends.count), let first = dayNames.firstIndex(of: ends[0]),
                let last = dayNames.firstIndex(of: ends[ends.count - 1])
            else { return nil }
            var day = first
            while true {
                if !selected.contains(day) { selected.append(day) }
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        return selected.isEmpty ? nil : selected.sorted()
    }

    /// `17:00,09:00-12:00` → the times in order; nil when any is not a time.
    private static func times(_ text: String) -> [Time]? {
        var times: [Time] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.trimmingCharacters(in: .whitespaces).split(
                separator: "-", omittingEmptySubsequences: false)
            switch ends.count {
            case 1:
                guard let moment = minutes(ends[0]), moment < 24 * 60 else { return nil }
                times.append(.moment(moment))
            case 2:
                guard let start = minutes(ends[0]), start < 24 * 60, let end = minutes(ends[1]) else { return nil }
                times.append(.span(start, end))
            default: return nil
            }
        }
        return times.sorted { $0.start < $1.start }
    }

    /// `HH:MM` with 0 ≤ HH ≤ 24 and 0 ≤ MM ≤ 59 (`24:00` only), in minutes.
    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), hours <= 24, minutes < 60,
            hours < 24 || minutes == 0
        else { return nil }
        return hours * 60 + minutes
    }

    /// Each day's times as people read them, Monday first: `17:00`, `09:00–17:30`; empty for none.
    var dayTexts: [String] {
        days.map { times in times.map(\.text).joined(separator: ", ") }
    }

    /// The week as `core/hours.js` reads it: per day, Monday first, `[start]` for a moment and
    /// `[start, end]` for a span, in minutes after midnight: `[[[1020]],[[1020]],…,[]]`.
    var json: String {
        "["
            + days.map { times in
                "["
                    + times.map { time in
                        switch time {
                        case .moment(let minute): "[\(minute)]"
                        case .span(let start, let end): "[\(start),\(end)]"
                        }
                    }.joined(separator: ",") + "]"
            }.joined(separator: ",") + "]"
    }

    /// The week in one line, runs of days with the same times together: `Mo–Fr 17:00; Sa 12:00`.
    var summary: String {
        let texts = dayTexts
        var parts: [String] = []
        var first = 0
        while first < 7 {
            var last = first
            while last + 1 < 7 && texts[last + 1] == texts[first] { last += 1 }
            if !texts[first].isEmpty {
                let days = Self.dayNames[first] + (last > first ? "–" + Self.dayNames[last] : "")
                parts.append(days + " " + texts[first])
            }
            first = last + 1
        }
        return parts.isEmpty ? "closed" : parts.joined(separator: "; ")
    }
}

extension WeeklyHours.Time {
    var start: Int {
        switch self {
        case .moment(let minute), .span(let minute, _): minute
        }
    }

    var text: String {
        func clock(_ minutes: Int) -> String {
            let hours = minutes / 60
            let rest = minutes % 60
            return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
        }
        return switch self {
        case .moment(let minute): clock(minute)
        case .span(let start, let end): clock(start) + "–" + clock(end)
        }
    }
}
