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

    package init(date: Date, offsetSeconds: Int?, isDateOnly: Bool, text: String) {
        self.date = date
        self.offsetSeconds = offsetSeconds
        self.isDateOnly = isDateOnly
        self.text = text
    }

    public static func < (lhs: HugoDate, rhs: HugoDate) -> Bool { lhs.date < rhs.date }

    /// Parses the layouts Hugo accepts: RFC 3339 (with or without offset and fraction), `T` or
    /// a space between date and time, `±hhmm` offsets, date only. Nil when it is not a date.
    public static func parse(_ raw: String) -> HugoDate? {
        var bytes = raw
        return bytes.withUTF8 { parse(raw, $0) }
    }

    /// Parses `all` (the UTF-8 of `raw`) without copying it.
    private static func parse(_ raw: String, _ all: UnsafeBufferPointer<UInt8>) -> HugoDate? {
        var b = all[...]
        while b.last == 0x20 || b.last == 0x09 { b.removeLast() }
        while b.first == 0x20 || b.first == 0x09 { b.removeFirst() }
        b = UnsafeBufferPointer(rebasing: b)[...]
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
            let day = digits(8, 2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let midnight = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if b.count == 10 {
            return HugoDate(
                date: Date(timeIntervalSince1970: midnight), offsetSeconds: nil, isDateOnly: true, text: raw)
        }
        var i = 10
        guard b[i] == 0x54 || b[i] == 0x74 || b[i] == 0x20 else { return nil }
        i += 1
        guard let hour = digits(i, 2), i + 2 < b.count, b[i + 2] == 0x3A, let minute = digits(i + 3, 2) else {
            return nil
        }
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
            } else if b[i...].allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) {
                i = b.count  // a zone abbreviation such as "UTC": read as UTC
                offset = 0
            }
        }
        guard i == b.count, hour < 24, minute < 60, second < 61 else { return nil }
        let seconds = midnight + Double(hour * 3600 + minute * 60 + second) + Double(nanos) / 1e9 - Double(offset ?? 0)
        return HugoDate(date: Date(timeIntervalSince1970: seconds), offsetSeconds: offset, isDateOnly: false, text: raw)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// RFC 3339 (`2006-01-02T15:04:05-07:00`), as `hugo list` prints and JSON output uses.
    public var rfc3339: String {
        HugoDate.format(date, offsetSeconds: offsetSeconds ?? 0)
    }

    /// Formats `date` as RFC 3339 at the given offset (`Z` for UTC when `zulu`).
    public static func format(_ date: Date, offsetSeconds: Int, zulu: Bool = false, dateOnly: Bool = false) -> String {
        let local = Int(floor(date.timeIntervalSince1970)) + offsetSeconds
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondsOfDay = local - days * 86_400
        let (year, month, day) = civilFromDays(days)
        var out: [UInt8] = []
        out.reserveCapacity(25)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var v = abs(value)
            while divisor > 0 { out.append(UInt8(0x30 + (v / divisor) % 10)); v %= divisor; divisor /= 10 }
        }
        digits(year, 4); out.append(0x2D); digits(month, 2); out.append(0x2D); digits(day, 2)
        if !dateOnly {
            out.append(0x54)
            digits(secondsOfDay / 3600, 2); out.append(0x3A); digits(secondsOfDay % 3600 / 60, 2); out.append(0x3A);
            digits(secondsOfDay % 60, 2)
            if offsetSeconds == 0 && zulu {
                out.append(0x5A)
            } else {
                let magnitude = abs(offsetSeconds)
                out.append(offsetSeconds < 0 ? 0x2D : 0x2B)
                digits(magnitude / 3600, 2); out.append(0x3A); digits(magnitude % 3600 / 60, 2)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Year, month and day of a day count since 1970-01-01 (H. Hinnant's algorithm).
    package static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
        // Jekyll's spelling `15:37:30 -0700`: the blank before the offset stays.
        if hasOffset, text.range(of: #"\d\s+[+-]\d{2}:?\d{2}$"#, options: .regularExpression) != nil,
            let sign = formatted.range(of: #"[+-]\d{2}:?\d{2}$"#, options: .regularExpression)
        {
            formatted.insert(" ", at: sign.lowerBound)
        }
        return formatted
    }
}
