import Foundation

/// Dates as Jekyll 4.3 reads them: a YAML timestamp with a time of day and no offset is UTC
/// (SafeYAML), and every YAML timestamp's day and hour are those of the site's zone; every
/// other date without an offset — a date alone, a quoted string, a file
/// name's date — is wall time in the site's `timezone`.
enum JekyllDate {
    /// The date of a front matter value, or nil when Jekyll could not read it as one.
    static func read(_ value: FrontMatterValue, zone: TimeZone) -> HugoDate? {
        guard let text = value.text else { return nil }
        guard let parsed = HugoDate.parse(text) else { return readAsRuby(text, zone: zone) }
        if !parsed.isDateOnly, hasSeconds(text), isSafeYAMLTimestamp(value, parsed) {
            // A YAML timestamp: SafeYAML makes it a local time, so its parts are read in the zone.
            return HugoDate(
                date: parsed.date, offsetSeconds: zone.secondsFromGMT(for: parsed.date), isDateOnly: false, text: text)
        }
        if let offset = parsed.offsetSeconds {
            return HugoDate(date: parsed.date, offsetSeconds: offset, isDateOnly: false, text: text)
        }
        return wallTime(parsed, zone: zone, text: text)
    }

    /// A string only Ruby's `Time.parse` reads (`Jan 29 2023`, `29 January 2023 6:30pm`): wall
    /// time in `zone`, or the instant when it names a zone right after its time.
    private static func readAsRuby(_ text: String, zone: TimeZone) -> HugoDate? {
        guard let fields = RubyTimeParse.parse(text) else { return nil }
        let iso =
            JekyllURL.padded(fields.year, 4) + "-" + JekyllURL.padded(fields.month, 2) + "-"
            + JekyllURL.padded(fields.day, 2)
            + "T" + JekyllURL.padded(fields.hour, 2) + ":" + JekyllURL.padded(fields.minute, 2) + ":"
            + JekyllURL.padded(fields.second, 2)
        guard let wall = HugoDate.parse(iso) else { return nil }
        if let offset = fields.offset {
            // Jekyll takes `Time.parse(text).localtime`: the instant, seen in the site's zone.
            let instant = wall.date.addingTimeInterval(-Double(offset))
            return HugoDate(
                date: instant, offsetSeconds: zone.secondsFromGMT(for: instant), isDateOnly: false, text: text)
        }
        return wallTime(wall, zone: zone, text: text)
    }

    /// `YYYY-MM-DD` (from a file name) at midnight in `zone`.
    static func fromFileName(_ text: String, zone: TimeZone) -> HugoDate? {
        // Jekyll allows one-digit months and days in names (`2016-5-1-x.md`).
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...HugoDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let padded = JekyllURL.padded(year, 4) + "-" + JekyllURL.padded(month, 2) + "-" + JekyllURL.padded(day, 2)
        return HugoDate.parse(padded).map { wallTime($0, zone: zone, text: padded) }
    }

    /// A modification time as a date in `zone`.
    static func fromInstant(_ date: Date, zone: TimeZone) -> HugoDate {
        let offset = zone.secondsFromGMT(for: date)
        return HugoDate(
            date: date, offsetSeconds: offset, isDateOnly: false, text: HugoDate.format(date, offsetSeconds: offset))
    }

    /// `parsed` read as wall time (its fields, as if UTC) in `zone`.
    private static func wallTime(_ parsed: HugoDate, zone: TimeZone, text: String) -> HugoDate {
        let wall = parsed.date
        var offset = zone.secondsFromGMT(for: wall)
        offset = zone.secondsFromGMT(for: wall.addingTimeInterval(-Double(offset)))
        return HugoDate(
            date: wall.addingTimeInterval(-Double(offset)), offsetSeconds: offset, isDateOnly: parsed.isDateOnly,
            text: text)
    }

    /// Whether SafeYAML made a time of the value: a YAML timestamp, or a plain `… -0500` (an
    /// offset without a colon, which YAML 1.1 and go-yaml leave a string and Jekyll's own
    /// documentation writes). Checked on bytes: this runs for every post of a listing.
    private static func isSafeYAMLTimestamp(_ value: FrontMatterValue, _ parsed: HugoDate) -> Bool {
        if case .date = value { return true }
        guard case .string(let text) = value, parsed.offsetSeconds != nil else { return false }
        let bytes = Array(text.utf8)
        // …[ ]±hhmm at the end, and a time of day before it.
        guard bytes.count >= 5 else { return false }
        let tail = bytes.suffix(5)
        guard tail.first == 0x2B || tail.first == 0x2D, tail.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return false
        }
        return hasSeconds(text)
    }

    /// Whether a timestamp's time of day has seconds (`hh:mm:ss`; SafeYAML reads `HH:MM` as a string).
    private static func hasSeconds(_ text: String) -> Bool {
        var colons = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x3A, previous >= 0x30, previous <= 0x39 { colons += 1 }
            previous = byte
        }
        return colons >= 2
    }
}
