import Foundation

/// A Hugo page's URL path from the site root, as `hugo list all` prints its permalink (without
/// the baseURL): `url` from the front matter, else the section's `permalinks` pattern, else the
/// page's folders and slug; the language's folder in front for other languages.
enum HugoURL {
    static func of(_ post: Post, fields: FrontMatterFields, config: SiteConfig, contentRoot: String? = nil) -> String {
        if post.headless { return "" }
        if let url = fields["url"]?.text, !url.isEmpty {
            return url.hasPrefix("/") || url.contains("://") ? url : "/" + url
        }
        let languagePrefix = config.languagePrefix(post.lang)
        // The scanner knows the content root (working it out here built the list for every post).
        let root = contentRoot ?? config.contentRoots.filter { post.path.hasPrefix($0.dir + "/") }.max { $0.dir.count < $1.dir.count }?.dir
            ?? config.contentDir
        let relative = String(post.path.dropFirst(root.count + 1))
        var folders = relative.split(separator: "/").map(String.init)
        let fileName = folders.removeLast()
        let fileBase = ContentFileName.baseName(fileName, config: config)
        let name = post.isBundle && !folders.isEmpty ? folders.removeLast() : fileBase
        if let pattern = config.permalinks[post.section] ?? (post.section.isEmpty ? nil : config.permalinks["page"]), !post.section.isEmpty {
            return languagePrefix + expand(pattern, post: post, folders: folders, fileName: name, fields: fields)
        }
        let slug = fields["slug"]?.text.flatMap { $0.isEmpty ? nil : $0 } ?? name
        var path = "/" + (folders + [slug]).joined(separator: "/")
        path = sanitize(path)
        return languagePrefix + (config.uglyURLs ? path + ".html" : path + "/")
    }

    /// A `permalinks` pattern with its tokens filled in.
    private static func expand(_ pattern: String, post: Post, folders: [String], fileName: String, fields: FrontMatterFields) -> String {
        let date = post.date?.date ?? Date(timeIntervalSince1970: -62_135_596_800)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: post.date?.offsetSeconds ?? 0)!
        let c = calendar.dateComponents([.year, .month, .day, .weekday, .dayOfYear], from: date)
        let title = urlize(post.title)
        let slug = fields["slug"]?.text.flatMap { $0.isEmpty ? nil : urlize($0) }
        let values: [String: String] = [
            "year": String(format: "%04d", c.year ?? 1), "month": String(format: "%02d", c.month ?? 1),
            "monthname": calendar.monthSymbols[(c.month ?? 1) - 1].lowercased(), "day": String(format: "%02d", c.day ?? 1),
            "weekday": String((c.weekday ?? 1) - 1), "weekdayname": calendar.weekdaySymbols[(c.weekday ?? 1) - 1].lowercased(),
            "yearday": String(c.dayOfYear ?? 1), "section": post.section, "sections": folders.joined(separator: "/"),
            "title": title, "slug": slug ?? title, "filename": fileName, "contentbasename": fileName,
            "slugorfilename": slug ?? fileName, "slugorcontentbasename": slug ?? fileName,
        ]
        var out = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            let name = after.prefix { $0.isLetter }
            if let value = values[String(name)] {
                out += value
                rest = after.dropFirst(name.count)
            } else {
                out += ":"
                rest = after
            }
        }
        out += rest
        var path = sanitize(out.hasPrefix("/") ? out : "/" + out)
        if !path.hasSuffix("/") && !path.hasSuffix(".html") { path += "/" }
        return path
    }

    /// Hugo's path rules: lowercase, spaces as hyphens.
    static func sanitize(_ path: String) -> String {
        var out = ""
        for character in path.lowercased() {
            if character == " " { out += "-" } else { out.append(character) }
        }
        while out.contains("//") { out = out.replacingOccurrences(of: "//", with: "/") }
        return out
    }

    /// Hugo's `urlize` of a title: lowercase, runs of other characters as one hyphen.
    static func urlize(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._~-".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if scalar == " " {
                out += "-"
            }
        }
        return out
    }
}
