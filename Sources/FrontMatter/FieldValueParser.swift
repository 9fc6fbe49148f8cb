import Foundation

/// Turns a value typed on the command line (or in a form) into a front matter value, typed like
/// the value it replaces.
public enum FieldValueParser {
    public enum Kind: Sendable { case string, bool, int, double, date, list }

    /// Keys whose type is known when the field does not exist yet.
    package static let knownKinds: [String: Kind] = [
        "draft": .bool, "headless": .bool, "date": .date, "publishdate": .date, "lastmod": .date,
        "expirydate": .date, "tags": .list, "categories": .list, "keywords": .list, "aliases": .list, "series": .list,
        "weight": .int,
    ]

    /// Parses `text` for `key`. A date keeps the layout (and, unless the text names one, the
    /// offset) of the date it replaces.
    public static func parse(_ text: String, key: String, existing: FrontMatterValue?, forced: Kind? = nil)
        throws(ContentError) -> FrontMatterValue
    {
        let kind = forced ?? existing.map(kindOf) ?? knownKinds[key.lowercased()] ?? .string
        func bad(_ expected: String) -> ContentError {
            ContentError(
                file: key, problem: "the value `\(text)` for `\(key)` is not \(expected)",
                hint: "Give \(expected), or force the type with --string")
        }
        switch kind {
        case .string: return .string(text)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw bad("true or false")
            }
        case .int:
            guard let int = Int(text) else { throw bad("a whole number") }
            return .int(int)
        case .double:
            guard let double = Double(text) else { throw bad("a number") }
            return .double(double)
        case .list:
            return .list(listItems(text).map(FrontMatterValue.string))
        case .date:
            guard let date = HugoDate.parse(text) else {
                throw bad("a date like 2024-05-01 or 2024-05-01T10:00:00+02:00")
            }
            guard let old = existing?.text.flatMap(HugoDate.parse) else {
                return .date(date.isDateOnly ? text : date.rfc3339)
            }
            let formatted =
                date.isDateOnly && !old.isDateOnly
                ? old.formatLike(sameTimeOfDay(as: old, on: date), offsetSeconds: old.offsetSeconds)
                : old.formatLike(date.date, offsetSeconds: date.offsetSeconds)
            if case .string = existing { return .string(formatted) }
            return .date(formatted)
        }
    }

    /// `day` (a date without time) at `old`'s time of day, in `old`'s offset.
    package static func sameTimeOfDay(as old: HugoDate, on day: HugoDate) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: old.offsetSeconds ?? 0)!
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0)!
        let ymd = utc.dateComponents([.year, .month, .day], from: day.date)
        var time = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: old.date)
        time.year = ymd.year
        time.month = ymd.month
        time.day = ymd.day
        return calendar.date(from: time) ?? day.date
    }

    package static func kindOf(_ value: FrontMatterValue) -> Kind {
        switch value {
        case .bool: return .bool
        case .int: return .int
        case .double: return .double
        case .date: return .date
        case .list: return .list
        case .string(let s): return HugoDate.parse(s) != nil ? .date : .string
        case .map, .null: return .string
        }
    }

    /// The items of a list as typed: `a, b c` or `[a, "b, c", 'd']` (YAML's flow form: quotes
    /// keep commas and blanks, brackets are not part of the first and last items).
    static func listItems(_ text: String) -> [String] {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix("["), body.hasSuffix("]") { body = body.dropFirst().dropLast() }
        var items: [String] = []
        var current = ""
        var quote: Character?
        var quoted = false
        var iterator = body.makeIterator()
        while let c = iterator.next() {
            if let open = quote {
                if c == "\\", open == "\"", let next = iterator.next() { current.append(next); continue }
                if c == open { quote = nil } else { current.append(c) }
                continue
            }
            if (c == "\"" || c == "'") && current.trimmingCharacters(in: .whitespaces).isEmpty {
                quote = c
                quoted = true
                current = ""
            } else if c == "," {
                let item = quoted ? current : current.trimmingCharacters(in: .whitespaces)
                if !item.isEmpty { items.append(item) }
                current = ""
                quoted = false
            } else if !(quoted && (c == " " || c == "\t")) {
                current.append(c)
            }
        }
        let last = quoted ? current : current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { items.append(last) }
        return items
    }
}
