import Foundation

/// A Hugo page's URL path from the site root, as `hugo list all` prints its permalink (without
/// the baseURL): `url` from the front matter, else the section's `permalinks` pattern, else the
/// page's folders and slug; the language's folder in front for other languages.
extension Post {
    /// Where the generator puts the page, from the site root (`/2016/05/19/x.html`, `/posts/x/`;
    /// "" for a headless bundle): kept for Jekyll posts and unusual Hugo pages, else worked out.
    public func url(config: SiteConfig) -> String {
        urlOverride ?? HugoURL.of(self, fields: nil, config: config)
    }
}

public enum HugoURL {
    /// The address of a section's list page from its `_index` file (`content/docs/setup/_index.fr.md`
    /// → `/fr/docs/setup/`), or nil when `path` is no section index of a content root.
    public static func section(_ path: String, config: SiteConfig) -> String? {
        let name = (path as NSString).lastPathComponent
        guard ContentFileName.isBranchIndex(name),
            let root = config.contentRoots.filter({ path.hasPrefix($0.dir + "/") }).max(by: {
                $0.dir.count < $1.dir.count
            })
        else { return nil }
        let folder = String((path as NSString).deletingLastPathComponent.dropFirst(root.dir.count + 1))
        let lang = root.language ?? ContentFileName.language(of: name, config: config) ?? config.defaultContentLanguage
        let address = sanitize(folder.isEmpty ? "/" : "/" + folder + "/")
        return config.languagePrefix(lang) + address
    }

    /// The URL of a Hugo page when its own fields do not give it (`url`, a `permalinks` pattern,
    /// headless), else nil: then `of` works it out from the post when asked.
    static func override(_ post: Post, fields: FrontMatterFields, config: SiteConfig, contentRoot: String) -> String? {
        if post.headless { return "" }
        if let url = fields.value(lowercased: "url")?.text, !url.isEmpty {
            return of(post, fields: fields, config: config, contentRoot: contentRoot)
        }
        if !post.section.isEmpty, config.permalinks[post.section] ?? config.permalinks["page"] != nil {
            return of(post, fields: fields, config: config, contentRoot: contentRoot)
        }
        return nil
    }

    /// `fields` nil: a page without `url`, `slug` or a pattern to consult (its slug is the post's).
    static func of(_ post: Post, fields: FrontMatterFields?, config: SiteConfig, contentRoot: String? = nil) -> String {
        if post.headless { return "" }
        // Fixed lower-case keys: no lower-casing of the key for every post.
        if let url = fields?.value(lowercased: "url")?.text, !url.isEmpty {
            return url.hasPrefix("/") || url.contains("://") ? url : "/" + url
        }
        let languagePrefix = config.languagePrefix(post.lang)
        // The scanner knows the content root (working it out here built the list for every post).
        let root =
            contentRoot
            ?? (config.languages.isEmpty && config.contentMounts.isEmpty
                ? config.contentDir
                : config.contentRoots.filter { post.path.hasPrefix($0.dir + "/") }.max { $0.dir.count < $1.dir.count }?
                    .dir ?? config.contentDir)
        // Folders and name by UTF-8 index (splitting into arrays cost more than the rest).
        let relative = Substring(post.path.utf8.dropFirst(root.utf8.count + 1))
        let slash = UInt8(ascii: "/")
        var folders = relative.utf8.lastIndex(of: slash).map { relative[..<$0] } ?? ""
        let fileName =
            relative.utf8.lastIndex(of: slash).map { relative[relative.utf8.index(after: $0)...] } ?? relative
        var name: Substring
        if post.isBundle && !folders.isEmpty {
            let last = folders.utf8.lastIndex(of: slash)
            name = last.map { folders[folders.utf8.index(after: $0)...] } ?? folders
            folders = last.map { folders[..<$0] } ?? ""
        } else {
            name = Substring(ContentFileName.baseName(String(fileName), config: config))
        }
        if !post.section.isEmpty, let pattern = config.permalinks[post.section] ?? config.permalinks["page"] {
            let parts = folders.split(separator: "/").map(String.init)
            return languagePrefix
                + expand(
                    pattern, post: post, folders: parts, fileName: String(name), fields: fields ?? FrontMatterFields())
        }
        if let fields {
            if let slug = fields.value(lowercased: "slug")?.text, !slug.isEmpty { name = Substring(slug) }
        } else if !post.slug.isEmpty {
            name = Substring(post.slug)
        }
        let path = sanitize(folders.isEmpty ? "/" + name : "/" + folders + "/" + name)
        return languagePrefix + (config.uglyURLs ? path + ".html" : path + "/")
    }

    /// A `permalinks` pattern with its tokens filled in.
    private static func expand(
        _ pattern: String, post: Post, folders: [String], fileName: String, fields: FrontMatterFields
    ) -> String {
        let date = post.date?.date ?? Date(timeIntervalSince1970: -62_135_596_800)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: post.date?.offsetSeconds ?? 0)!
        let c = calendar.dateComponents([.year, .month, .day, .weekday, .dayOfYear], from: date)
        let title = urlize(post.title)
        let slug = fields["slug"]?.text.flatMap { $0.isEmpty ? nil : urlize($0) }
        let values: [String: String] = [
            "year": String(format: "%04d", c.year ?? 1), "month": String(format: "%02d", c.month ?? 1),
            "monthname": calendar.monthSymbols[(c.month ?? 1) - 1].lowercased(),
            "day": String(format: "%02d", c.day ?? 1),
            "weekday": String((c.weekday ?? 1) - 1),
            "weekdayname": calendar.weekdaySymbols[(c.weekday ?? 1) - 1].lowercased(),
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

    /// Hugo's path rules: lowercase, spaces as hyphens, no doubled slashes (ASCII on bytes).
    static func sanitize(_ path: String) -> String {
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
            var out = ""
            for character in path.lowercased() {
                if character == " " {
                    out += "-"
                } else if !(character == "/" && out.hasSuffix("/")) {
                    out.append(character)
                }
            }
            return out
        }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for var byte in path.utf8 {
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if byte == 0x20 { byte = 0x2D }
            if byte == 0x2F && out.last == 0x2F { continue }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The path part of a taxonomy term's page, as Hugo makes it (`MakePathSanitized`): letters,
    /// numbers and marks kept with `.`, `_`, `-`, `#`, `+` and `~`; spaces as hyphens; the rest
    /// dropped; lower-cased (`C++` → `c++`, `Hello World!` → `hello-world`).
    public static func termPath(_ term: String) -> String {
        var out = ""
        for scalar in term.trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
                || "._-#+~".unicodeScalars.contains(scalar)
            {
                out.unicodeScalars.append(scalar)
            } else if scalar == " " {
                out += "-"
            }
        }
        return out
    }

    /// Hugo's `urlize` of a title: lowercase, runs of other characters as one hyphen.
    static func urlize(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._~-".unicodeScalars.contains(scalar)
            {
                out.unicodeScalars.append(scalar)
            } else if scalar == " " {
                out += "-"
            }
        }
        return out
    }
}
