import Foundation

/// The dates Ruby's `Time.parse` reads that YAML timestamps do not (`Jan 29 2023`,
/// `29 January 2023 6:30pm`, `Sunday, January 29, 2023`, `2023/01/29 10:00`,
/// `2023-01-29 18:30:22 2023 -0800`): Jekyll hands every front-matter date that is not a YAML
/// timestamp to `Time.parse`. As `Date._parse` does, the day comes from the first date-like part
/// and the time of day from the first time; a zone counts only right after the time (so the
/// `-0800` after a repeated year is ignored, as Ruby ignores it). Words it does not know
/// (weekdays, "at") are skipped; text without a day is not a date.
enum RubyTimeParse {
    /// The fields read from `text`, or nil when it holds no day Ruby would read.
    struct Parsed: Equatable {
        var year: Int, month: Int, day: Int
        var hour = 0, minute = 0, second = 0
        /// Seconds east of UTC when the text gives a zone.
        var offset: Int?
    }

    private static let months = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
        "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
    ]

    static func parse(_ text: String) -> Parsed? {
        let lower = text.lowercased()
        guard let (year, month, day) = dayPart(lower), (1...12).contains(month),
            (1...HugoDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var parsed = Parsed(year: year, month: month, day: day)
        if let time = timePart(lower) {
            parsed.hour = time.hour
            parsed.minute = time.minute
            parsed.second = time.second
            parsed.offset = time.offset
        }
        return parsed
    }

    /// The first day in the text: `2023-01-29`, `2023/01/29`, `29 January 2023`, `Jan 29(th), 2023`.
    private static func dayPart(_ text: String) -> (Int, Int, Int)? {
        if let match = text.firstMatch(of: /(?:^|[^\d])(\d{4})[-\/](\d{1,2})[-\/](\d{1,2})(?!\d)/) {
            return (Int(match.1)!, Int(match.2)!, Int(match.3)!)
        }
        if let match = text.firstMatch(of: /(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3})[a-z]*\.?,?\s+(-?\d{4})/),
            let month = months[String(match.2)]
        {
            return (Int(match.3)!, month, Int(match.1)!)
        }
        if let match = text.firstMatch(of: /([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(-?\d{4})/),
            let month = months[String(match.1)]
        {
            return (Int(match.3)!, month, Int(match.2)!)
        }
        return nil
    }

    /// The first time of day: `18:30`, `18:30:22.5`, `6:30pm`, `6pm`, `6 p.m.`, with a zone
    /// right after it (`Z`, `UTC`, `GMT`, `+05:30`, `-0800`).
    private static func timePart(_ text: String) -> (hour: Int, minute: Int, second: Int, offset: Int?)? {
        let pattern =
            /\b(\d{1,2})(?::(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(am|pm|a\.m\.|p\.m\.)?(?:\s*(z\b|utc\b|gmt\b|[+-]\d{2}:?\d{2}\b))?/
        for match in text.matches(of: pattern) {
            // A bare number is a time only with am/pm ("6pm"); else it is a day or a year.
            guard match.2 != nil || match.4 != nil else { continue }
            guard var hour = Int(match.1) else { continue }
            let minute = match.2.flatMap { Int($0) } ?? 0
            let second = match.3.flatMap { Int($0) } ?? 0
            if let meridian = match.4 {
                guard (1...12).contains(hour) else { continue }
                let pm = meridian.hasPrefix("p")
                hour = hour % 12 + (pm ? 12 : 0)
            }
            guard hour < 24, minute < 60, second < 61 else { continue }
            var offset: Int?
            if let zone = match.5 {
                if zone == "z" || zone == "utc" || zone == "gmt" {
                    offset = 0
                } else {
                    let digits = zone.filter { $0.isNumber }
                    let sign = zone.hasPrefix("-") ? -1 : 1
                    offset = sign * ((Int(digits.prefix(2)) ?? 0) * 3600 + (Int(digits.suffix(2)) ?? 0) * 60)
                }
            }
            return (hour, minute, second, offset)
        }
        return nil
    }
}
