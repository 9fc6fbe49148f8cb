import Foundation

/// The template functions archetypes use, with Hugo's behaviour.
enum GoTemplateFunctions {
    static func call(
        _ name: String, _ args: [GoTemplate.Value], now: Date, zone: TimeZone,
        failure: (String) -> GoTemplate.Failure
    ) throws(GoTemplate.Failure) -> GoTemplate.Value {
        func need(_ count: Int) throws(GoTemplate.Failure) {
            guard args.count == count else {
                throw failure("`\(name)` takes \(count) argument\(count == 1 ? "" : "s"), got \(args.count)")
            }
        }
        switch name {
        case "now":
            try need(0)
            return .time(now, zone)
        case "replace":
            try need(3)
            return .string(args[0].text.replacingOccurrences(of: args[1].text, with: args[2].text))
        case "title":
            try need(1)
            return .string(TitleCase.apply(args[0].text))
        case "lower":
            try need(1)
            return .string(args[0].text.lowercased())
        case "upper":
            try need(1)
            return .string(args[0].text.uppercased())
        case "urlize":
            try need(1)
            return .string(Slug.make(args[0].text))
        case "humanize":
            try need(1)
            let words = args[0].text.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
                .lowercased()
            return .string(words.prefix(1).uppercased() + words.dropFirst())
        case "trim":
            try need(2)
            return .string(args[0].text.trimmingCharacters(in: CharacterSet(charactersIn: args[1].text)))
        case "default":
            try need(2)
            return args[1].isEmpty ? args[0] : args[1]
        case "printf":
            guard let format = args.first?.text else { throw failure("`printf` needs a format string") }
            return .string(printf(format, Array(args.dropFirst())))
        case "print":
            return .string(args.map(\.text).joined())
        default:
            throw failure("the function `\(name)` is not supported in archetypes by nakedblog")
        }
    }

    /// `%s`, `%d`, `%v` and `%%`, as archetypes use them.
    static func printf(_ format: String, _ args: [GoTemplate.Value]) -> String {
        var output = ""
        var remaining = args[...]
        var index = format.startIndex
        while index < format.endIndex {
            let c = format[index]
            let next = format.index(after: index)
            if c == "%", next < format.endIndex {
                let verb = format[next]
                if verb == "%" {
                    output.append("%")
                } else {
                    output += remaining.popFirst()?.text ?? "%!\(verb)(MISSING)"
                }
                index = format.index(after: next)
                continue
            }
            output.append(c)
            index = next
        }
        return output
    }
}

/// Go's reference-time layouts (`2006-01-02T15:04:05Z07:00`).
enum GoTimeFormat {
    static let rfc3339 = "2006-01-02T15:04:05Z07:00"

    static func format(_ date: Date, layout: String, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let offset = zone.secondsFromGMT(for: date)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        func offsetText(colon: Bool, zulu: Bool) -> String {
            if zulu && offset == 0 { return "Z" }
            let sign = offset < 0 ? "-" : "+"
            let h = abs(offset) / 3600, m = abs(offset) % 3600 / 60
            return String(format: colon ? "%@%02d:%02d" : "%@%02d%02d", sign, h, m)
        }
        let tokens: [(String, () -> String)] = [
            ("2006", { String(format: "%04d", c.year!) }), ("Z07:00", { offsetText(colon: true, zulu: true) }),
            ("-07:00", { offsetText(colon: true, zulu: false) }), ("-0700", { offsetText(colon: false, zulu: false) }),
            ("Z0700", { offsetText(colon: false, zulu: true) }), ("January", { months[c.month! - 1] }),
            ("Monday", { days[c.weekday! - 1] }), ("Jan", { String(months[c.month! - 1].prefix(3)) }),
            ("Mon", { String(days[c.weekday! - 1].prefix(3)) }), ("MST", { zone.abbreviation(for: date) ?? "UTC" }),
            ("01", { String(format: "%02d", c.month!) }), ("02", { String(format: "%02d", c.day!) }),
            ("15", { String(format: "%02d", c.hour!) }), ("03", { String(format: "%02d", (c.hour! + 11) % 12 + 1) }),
            ("04", { String(format: "%02d", c.minute!) }), ("05", { String(format: "%02d", c.second!) }),
            ("06", { String(format: "%02d", c.year! % 100) }), ("PM", { c.hour! < 12 ? "AM" : "PM" }),
            ("_2", { String(format: "%2d", c.day!) }), ("1", { String(c.month!) }), ("2", { String(c.day!) }),
            ("3", { String((c.hour! + 11) % 12 + 1) }),
        ]
        var output = ""
        var rest = Substring(layout)
        outer: while !rest.isEmpty {
            for (token, value) in tokens where rest.hasPrefix(token) {
                output += value()
                rest = rest.dropFirst(token.count)
                continue outer
            }
            output.append(rest.removeFirst())
        }
        return output
    }
}
