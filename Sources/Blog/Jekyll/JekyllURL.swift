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
        /// `_posts/…` path without extension (`:path`).
        var cleanedPath: String
        var outputExtension: String
    }

    /// The URL of a post or draft, from `pattern` (a permalink with placeholders).
    static func post(pattern: String, _ parts: PostParts) -> String {
        let offset = parts.date.offsetSeconds ?? 0
        let local = parts.date.date.addingTimeInterval(Double(offset))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday, .dayOfYear], from: local)
        let iso = Calendar(identifier: .iso8601)
        var isoUTC = iso
        isoUTC.timeZone = TimeZone(secondsFromGMT: 0)!
        let week = isoUTC.component(.weekOfYear, from: local), weekYear = isoUTC.component(.yearForWeekOfYear, from: local)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
        let month = c.month ?? 1, weekday = c.weekday ?? 1
        let lowered = parts.categories.map { $0.lowercased() }
        let values: [String: String] = [
            "collection": "posts", "path": parts.cleanedPath, "name": slugify(parts.baseName),
            "title": slugify(parts.slug, mode: .pretty, cased: true), "slug": slugify(parts.slug),
            "categories": unique(lowered).joined(separator: "/"),
            "slugified_categories": unique(parts.categories.map { slugify($0) }).joined(separator: "/"),
            "year": String(format: "%04d", c.year ?? 0), "month": two(month), "day": two(c.day), "hour": two(c.hour),
            "minute": two(c.minute), "second": two(c.second), "i_day": String(c.day ?? 1), "i_month": String(month),
            "short_month": String(months[month - 1].prefix(3)), "long_month": months[month - 1],
            "short_year": two((c.year ?? 0) % 100), "w_year": String(format: "%04d", weekYear), "week": two(week),
            "w_day": String(weekday == 1 ? 7 : weekday - 1), "short_day": String(days[weekday - 1].prefix(3)),
            "long_day": days[weekday - 1], "y_day": String(format: "%03d", c.dayOfYear ?? 1), "output_ext": parts.outputExtension,
        ]
        return sanitize(fill(pattern, values))
    }

    /// The URL of a page (`about.md`): its permalink, else Jekyll's page template.
    static func page(path: String, permalink: String?, style: String, outputExtension: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let fileName = (path as NSString).lastPathComponent
        let baseName = (fileName as NSString).deletingPathExtension
        let values = ["path": "/" + directory, "basename": baseName, "output_ext": outputExtension]
        if let permalink { return sanitize(fill(permalink, values)) }
        let template: String
        if outputExtension != ".html" {
            template = "/:path/:basename:output_ext"
        } else if baseName == "index" {
            template = "/:path/"
        } else {
            switch style {
            case "pretty": template = "/:path/:basename/"
            case "date", "ordinal", "none": template = "/:path/:basename:output_ext"
            default: template = "/:path/:basename" + (style.hasSuffix("/") ? "/" : "") + (style.hasSuffix(":output_ext") ? ":output_ext" : "")
            }
        }
        return sanitize(fill(template, values))
    }

    /// Replaces each `:name` Jekyll knows with its escaped value (unknown names stay as written),
    /// then squeezes repeated slashes.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var scalars = template.unicodeScalars[...]
        while let first = scalars.first {
            scalars = scalars.dropFirst()
            guard first == ":" else { out.unicodeScalars.append(first); continue }
            let name = String(String.UnicodeScalarView(scalars.prefix { ($0 >= "a" && $0 <= "z") || $0 == "_" }))
            // Jekyll matches the longest name, then `name_` falls back to `name` (`:title_`).
            var key = name
            if values[key] == nil, key.hasSuffix("_") { key.removeLast() }
            guard !name.isEmpty, let value = values[key] else { out += ":"; continue }
            out += escapePath(value) + (key.count < name.count ? "_" : "")
            scalars = scalars.dropFirst(name.unicodeScalars.count)
        }
        var squeezed = ""
        for character in out.unicodeScalars where !(character == "/" && squeezed.unicodeScalars.last == "/") { squeezed.unicodeScalars.append(character) }
        return squeezed
    }

    /// `URL#sanitize_url`: a leading slash, `..` made `/`, `./` dropped, slashes squeezed.
    static func sanitize(_ url: String) -> String {
        var result = ("/" + url).replacingOccurrences(of: "..", with: "/").replacingOccurrences(of: "./", with: "")
        while result.contains("//") { result = result.replacingOccurrences(of: "//", with: "/") }
        return result
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
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2F || byte == 0x2D
    }

    /// `Utils.slugify` modes nakedblog needs.
    public enum SlugMode: Sendable { case `default`, pretty }

    /// `Utils.slugify`: runs of characters other than letters, marks and digits (plus
    /// `._~!$&'()+,;=@` in pretty mode) become one hyphen; no hyphen at either end; lowercased
    /// unless `cased`.
    public static func slugify(_ text: String, mode: SlugMode = .default, cased: Bool = false) -> String {
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

    /// `Utils.titleize_slug`: each hyphen-separated word capitalised (first letter up, rest down).
    public static func titleize(_ slug: String) -> String {
        var words = slug.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        while words.last == "" { words.removeLast() }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
