import Foundation

/// Jekyll 4.3's names and URLs: `Utils.slugify`, `Utils.titleize_slug`, the permalink
/// placeholders of a post (`Drops::UrlDrop`) and of a page, and `URL#sanitize_url`.
public enum JekyllURL {
    /// What a post's permalink placeholders are made of.
    struct PostParts {
        var date: HugoDate
        /// `slug` from the front matter, else the file name's slug.
        var slug: String
        /// The file name without extension (with the date, for posts).
        var baseName: String
        var categories: [String]
        /// The document's site-relative path (`:path` is made from it only when a pattern asks).
        var path: String
        var outputExtension: String
    }

    /// The URL of a post or draft, from `pattern` (a permalink with placeholders). Only the
    /// placeholders the pattern names are worked out (this runs for every post of a listing).
    static func post(pattern: String, _ parts: PostParts) -> String {
        let local = Int((parts.date.date.timeIntervalSince1970).rounded(.down)) + (parts.date.offsetSeconds ?? 0)
        let day = LocalDay(secondsSinceEpoch: local)
        return sanitize(
            JekyllPostTemplate.of(pattern).fill { placeholder in
                switch placeholder {
                case .collection: "posts"
                case .path: cleanedPath(parts.path)
                case .name: slugify(parts.baseName)
                case .title: slugify(parts.slug, mode: .pretty, cased: true)
                case .slug: slugify(parts.slug)
                case .categories: unique(parts.categories.map { $0.lowercased() }).joined(separator: "/")
                case .slugified_categories: unique(parts.categories.map { slugify($0) }).joined(separator: "/")
                case .year: padded(day.year, 4)
                case .month: padded(day.month, 2)
                case .day: padded(day.day, 2)
                case .hour: padded(day.secondOfDay / 3600, 2)
                case .minute: padded(day.secondOfDay % 3600 / 60, 2)
                case .second: padded(day.secondOfDay % 60, 2)
                case .i_day: String(day.day)
                case .i_month: String(day.month)
                case .short_month: String(monthNames[day.month - 1].prefix(3))
                case .long_month: monthNames[day.month - 1]
                case .short_year: padded(day.year % 100, 2)
                case .w_year: padded(day.isoWeek.year, 4)
                case .week: padded(day.isoWeek.week, 2)
                case .w_day: String(day.weekday == 0 ? 7 : day.weekday)
                case .short_day: String(dayNames[day.weekday].prefix(3))
                case .long_day: dayNames[day.weekday]
                case .y_day: padded(day.dayOfYear, 3)
                case .output_ext: parts.outputExtension
                }
            })
    }

    /// `cleaned_relative_path`: the path without extension and without its first `_posts`.
    static func cleanedPath(_ path: String) -> String {
        var cleaned = PathName.droppingExtension(path)
        if let posts = cleaned.range(of: "_posts") { cleaned.removeSubrange(posts) }
        while cleaned.hasSuffix(".") { cleaned.removeLast() }
        return "/" + cleaned
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]
    private static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `value` in decimal, zero-padded to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A day's calendar parts, by arithmetic (a Calendar per post cost more than reading it).
    struct LocalDay {
        let year, month, day, secondOfDay, dayOfYear: Int
        /// 0 = Sunday.
        let weekday: Int
        let days: Int

        init(secondsSinceEpoch local: Int) {
            days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            secondOfDay = local - days * 86_400
            (year, month, day) = HugoDate.civilFromDays(days)
            weekday = ((days + 4) % 7 + 7) % 7
            dayOfYear = days - HugoDate.daysFromCivil(year: year, month: 1, day: 1) + 1
        }

        /// ISO 8601 week and its year (`%V`, `%G`).
        var isoWeek: (year: Int, week: Int) {
            let isoWeekday = weekday == 0 ? 7 : weekday
            let week = (dayOfYear - isoWeekday + 10) / 7
            if week < 1 { return (year - 1, Self.weeks(in: year - 1)) }
            if week > Self.weeks(in: year) { return (year + 1, 1) }
            return (year, week)
        }

        static func weeks(in year: Int) -> Int {
            func p(_ y: Int) -> Int { (y + y / 4 - y / 100 + y / 400) % 7 }
            return p(year) == 4 || p(year - 1) == 3 ? 53 : 52
        }
    }

    /// The URL of a page (`about.md`): its permalink, else Jekyll's page template.
    static func page(path: String, permalink: String?, style: String, outputExtension: String) -> String {
        let directory = PathName.directory(path)
        let fileName = PathName.last(path)
        let baseName = PathName.droppingExtension(fileName)
        let values = ["path": "/" + directory, "basename": baseName, "output_ext": outputExtension]
        if let permalink { return sanitize(fill(permalink) { values[$0] }) }
        let template: String
        if outputExtension != ".html" {
            template = "/:path/:basename:output_ext"
        } else if baseName == "index" {
            template = "/:path/"
        } else {
            switch style {
            case "pretty": template = "/:path/:basename/"
            case "date", "ordinal", "none": template = "/:path/:basename:output_ext"
            default:
                template =
                    "/:path/:basename" + (style.hasSuffix("/") ? "/" : "")
                    + (style.hasSuffix(":output_ext") ? ":output_ext" : "")
            }
        }
        return sanitize(fill(template) { values[$0] })
    }

    /// Replaces each `:name` Jekyll knows (`value` says) with its escaped value (unknown names
    /// stay as written).
    static func fill(_ template: String, _ value: (String) -> String?) -> String {
        joined(pieces(of: template, value)) { $0 }
    }

    /// The pieces as one path, each value's text (`text` is asked once per use) escaped.
    static func joined<Value>(_ pieces: [Piece<Value>], _ text: (Value) -> String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(96)
        for piece in pieces {
            switch piece {
            case .text(let bytes): out += bytes
            case .value(let value): out += escapePath(text(value)).utf8
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Text, or what stands for a placeholder.
    enum Piece<Value: Sendable>: Sendable {
        case text([UInt8])
        case value(Value)
    }

    /// `pattern` cut as Jekyll reads it: after a colon the longest `[a-z_]+` that `lookup` knows,
    /// `name_` falling back to `name` (keeping its `_`); an unknown name stays as written.
    static func pieces<Value>(of pattern: String, _ lookup: (String) -> Value?) -> [Piece<Value>] {
        let bytes = Array(pattern.utf8)
        var pieces: [Piece<Value>] = []
        var text: [UInt8] = []
        func isNameByte(_ byte: UInt8) -> Bool { (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x3A else { text.append(byte); continue }
            var end = index
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            var found = name.isEmpty ? nil : lookup(name)
            var underscore = false
            if found == nil, name.hasSuffix("_") {
                found = lookup(String(name.dropLast()))
                underscore = true
            }
            guard let found else { text.append(0x3A); continue }
            if !text.isEmpty { pieces.append(.text(text)) }
            pieces.append(.value(found))
            text = underscore ? [0x5F] : []
            index = end
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// `URL#sanitize_url`: a leading slash, `..` made `/`, `./` dropped, slashes squeezed.
    static func sanitize(_ url: String) -> String {
        var result = "/" + url
        var dots = false
        var previous: UInt8 = 0
        for byte in result.utf8 {
            if previous == 0x2E && (byte == 0x2E || byte == 0x2F) { dots = true; break }
            previous = byte
        }
        if dots { result = result.replacingOccurrences(of: "..", with: "/").replacingOccurrences(of: "./", with: "") }
        var doubled = false
        previous = 0
        for byte in result.utf8 {
            if byte == 0x2F && previous == 0x2F { doubled = true; break }
            previous = byte
        }
        guard doubled else { return result }
        var squeezed: [UInt8] = []
        squeezed.reserveCapacity(result.utf8.count)
        for byte in result.utf8 where !(byte == 0x2F && squeezed.last == 0x2F) { squeezed.append(byte) }
        return String(decoding: squeezed, as: UTF8.self)
    }

    /// `URL.escape_path`: percent-encodes what may not stand in a URL path.
    static func escapePath(_ path: String) -> String {
        if path.isEmpty || path.utf8.allSatisfy({ isPlainPathByte($0) }) { return path }
        var out = ""
        for byte in path.utf8 {
            if isPlainPathByte(byte) || "_~!$&'()*+,;=:@".utf8.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    private static func isPlainPathByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2E || byte == 0x2F || byte == 0x2D
    }

    /// `Utils.slugify` modes nakedblog needs.
    public enum SlugMode: Sendable { case `default`, pretty }

    /// `Utils.slugify`: runs of characters other than letters, marks and digits (plus
    /// `._~!$&'()+,;=@` in pretty mode) become one hyphen; no hyphen at either end; lowercased
    /// unless `cased`.
    public static func slugify(_ text: String, mode: SlugMode = .default, cased: Bool = false) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return slugifyASCII(text, mode: mode, cased: cased) }
        var out = ""
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            let keep: Bool
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
                keep = true
            default:
                keep = mode == .pretty && "._~!$&'()+,;=@".unicodeScalars.contains(scalar)
            }
            if keep {
                if pendingHyphen { out += "-" }
                pendingHyphen = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        if pendingHyphen { out += "-" }
        if out.hasPrefix("-") { out.removeFirst() }
        if out.hasSuffix("-") { out.removeLast() }
        return cased ? out : out.lowercased()
    }

    /// The same for ASCII text, on bytes (every post's URL needs one or two).
    private static func slugifyASCII(_ text: String, mode: SlugMode, cased: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingHyphen = false
        for var byte in text.utf8 {
            let alphanumeric =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            let keep = alphanumeric || (mode == .pretty && "._~!$&'()+,;=@".utf8.contains(byte))
            guard keep else { pendingHyphen = true; continue }
            if pendingHyphen && !out.isEmpty { out.append(0x2D) }
            pendingHyphen = false
            if !cased, byte >= 0x41, byte <= 0x5A { byte += 0x20 }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `Utils.titleize_slug`: each hyphen-separated word capitalised (first letter up, rest down).
    public static func titleize(_ slug: String) -> String {
        var words = slug.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        while words.last == "" { words.removeLast() }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
    }

    private static func unique(_ items: [String]) -> [String] {
        var kept: [String] = []
        for item in items where !kept.contains(item) { kept.append(item) }
        return kept
    }
}
