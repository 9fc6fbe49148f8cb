import Foundation

/// A date as Hugo reads it from front matter, with the text it came from (kept for writing back).
public struct HugoDate: Sendable, Equatable, Comparable {
    /// The instant. Dates without an offset are read in UTC, as Hugo does without `timeZone`.
    public let date: Date
    /// Seconds east of UTC the text named; nil when it named none.
    public let offsetSeconds: Int?
    /// True for a date without a time of day (`2024-05-01`).
    public let isDateOnly: Bool
    /// The original text.
    public let text: String

    public static func < (lhs: HugoDate, rhs: HugoDate) -> Bool { lhs.date < rhs.date }

    /// Parses the layouts Hugo accepts: RFC 3339 (with or without offset and fraction), `T` or
    /// a space between date and time, `±hhmm` offsets, date only. Nil when it is not a date.
    public static func parse(_ raw: String) -> HugoDate? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let b = Array(text.utf8)
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= b.count else { return nil }
            var value = 0
            for i in start..<start + count {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                value = value * 10 + Int(b[i] - 0x30)
            }
            return value
        }
        guard let year = digits(0, 4), b.count >= 10, b[4] == 0x2D, let month = digits(5, 2), b[7] == 0x2D,
              let day = digits(8, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(secondsFromGMT: 0),
                                        year: year, month: month, day: day)
        if b.count == 10 {
            guard let date = components.date else { return nil }
            return HugoDate(date: date, offsetSeconds: nil, isDateOnly: true, text: raw)
        }
        var i = 10
        guard b[i] == 0x54 || b[i] == 0x74 || b[i] == 0x20 else { return nil }
        i += 1
        guard let hour = digits(i, 2), i + 2 < b.count, b[i + 2] == 0x3A, let minute = digits(i + 3, 2) else { return nil }
        i += 5
        var second = 0
        if i < b.count, b[i] == 0x3A {
            guard let s = digits(i + 1, 2) else { return nil }
            second = s
            i += 3
        }
        var nanos = 0
        if i < b.count, b[i] == 0x2E {
            i += 1
            var scale = 100_000_000
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                nanos += Int(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
        }
        while i < b.count, b[i] == 0x20 { i += 1 }
        var offset: Int?
        if i < b.count {
            if b[i] == 0x5A || b[i] == 0x7A {
                offset = 0
                i += 1
            } else if b[i] == 0x2B || b[i] == 0x2D {
                let sign = b[i] == 0x2D ? -1 : 1
                guard let hours = digits(i + 1, 2) else { return nil }
                i += 3
                var minutes = 0
                if i < b.count, b[i] == 0x3A { i += 1 }
                if let m = digits(i, 2) { minutes = m; i += 2 }
                offset = sign * (hours * 3600 + minutes * 60)
            } else if text[text.index(text.startIndex, offsetBy: i)...].allSatisfy(\.isLetter) {
                i = b.count  // a zone abbreviation such as "UTC": read as UTC
                offset = 0
            }
        }
        guard i == b.count, hour < 24, minute < 60, second < 61 else { return nil }
        components.hour = hour
        components.minute = minute
        components.second = second
        components.nanosecond = nanos
        guard let utc = components.date else { return nil }
        return HugoDate(date: utc.addingTimeInterval(-Double(offset ?? 0)), offsetSeconds: offset, isDateOnly: false, text: raw)
    }

    /// RFC 3339 (`2006-01-02T15:04:05-07:00`), as `hugo list` prints and JSON output uses.
    public var rfc3339: String {
        HugoDate.format(date, offsetSeconds: offsetSeconds ?? 0)
    }

    /// Formats `date` as RFC 3339 at the given offset (`Z` for UTC when `zulu`).
    public static func format(_ date: Date, offsetSeconds: Int, zulu: Bool = false, dateOnly: Bool = false) -> String {
        let zone = TimeZone(secondsFromGMT: offsetSeconds) ?? TimeZone(secondsFromGMT: 0)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        if dateOnly { return day }
        let time = String(format: "%02d:%02d:%02d", c.hour!, c.minute!, c.second!)
        if offsetSeconds == 0 && zulu { return day + "T" + time + "Z" }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let magnitude = abs(offsetSeconds)
        return day + "T" + time + String(format: "%@%02d:%02d", sign, magnitude / 3600, (magnitude % 3600) / 60)
    }

    /// Writes `date` in the same layout as this value's text (date only, `T` or space, offset
    /// style, `Z`), at this value's offset unless `offsetSeconds` is given.
    public func formatLike(_ date: Date, offsetSeconds newOffset: Int? = nil) -> String {
        let offset = newOffset ?? offsetSeconds ?? 0
        if isDateOnly { return HugoDate.format(date, offsetSeconds: offset, dateOnly: true) }
        var formatted = HugoDate.format(date, offsetSeconds: offset, zulu: text.hasSuffix("Z"))
        let hasOffset = offsetSeconds != nil
        if !hasOffset && newOffset == nil { formatted = String(formatted.prefix(19)) }
        if text.count > 10, text[text.index(text.startIndex, offsetBy: 10)] == " " {
            formatted = formatted.prefix(10) + " " + formatted.dropFirst(11)
        }
        if hasOffset, text.range(of: #"[+-]\d{4}$"#, options: .regularExpression) != nil {
            formatted.remove(at: formatted.index(formatted.endIndex, offsetBy: -3))
        }
        return formatted
    }
}
