import Foundation

/// Builds a `Post` from a Jekyll document as Jekyll 4.3 reads it: front matter over the
/// matching `defaults:`, title and date from the file name when the front matter has none,
/// categories from the folders above `_posts` and from `category`/`categories`, and the URL
/// from the permalink.
enum JekyllPostReader {
    /// The post, or nil when the file is not a document: a page that does not start with a
    /// `---` line is a static file. (Files in `_posts`/`_drafts` are posts with or without front
    /// matter: Jekyll 4.3 reads them all, whatever its documentation says.)
    static func read(
        _ candidate: JekyllScanner.Candidate, root: String, config: JekyllConfig, stamps: Bool = true,
        in directory: DirectoryHandle? = nil
    ) throws(ContentError) -> Post? {
        let absolute = root + "/" + candidate.path
        let name = PathName.last(candidate.path)
        let read: (bytes: [UInt8], stamp: FileStamp)?
        if let directory {
            // A listing printed once needs no stamps, except a draft's time (its date when it has none).
            if !stamps, candidate.kind != .draft, directory.shortReadEnds {
                read = DirectoryListing.readWhole(name, in: directory).map { ($0, FileStamp.unknown) }
            } else {
                read = DirectoryListing.readWithStamp(name, in: directory)
            }
        } else {
            read = DirectoryListing.readWithStamp(absolute)
        }
        guard let (bytes, stamp) = read else {
            throw ContentError(
                file: candidate.path, problem: "cannot read the file", hint: FileProblem.readHint(absolute))
        }
        guard candidate.kind != .page || startsWithFrontMatterLine(bytes) else { return nil }
        let parts = try PostReader.parts(of: bytes, file: candidate.path)
        return post(candidate, parts: parts, config: config, stamp: stamps ? stamp : .unknown, modified: stamp.modified)
    }

    /// Jekyll's `has_yaml_header?`: the first line is `---` and blanks.
    static func startsWithFrontMatterLine(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4, bytes[0] == 0x2D, bytes[1] == 0x2D, bytes[2] == 0x2D else { return false }
        for byte in bytes[3...] {
            if byte == 0x0A { return true }
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C else { return false }
        }
        return false
    }

    static func post(
        _ candidate: JekyllScanner.Candidate,
        parts: (format: FrontMatterFormat?, fields: FrontMatterFields, wordCount: Int, lead: String?),
        config: JekyllConfig, stamp: FileStamp, modified: TimeInterval
    ) -> Post {
        let own = parts.format == .yaml ? parts.fields.fields : []
        let type = candidate.kind == .page ? "pages" : "posts"
        let defaults =
            config.defaults.isEmpty ? [] : JekyllDefaults.values(for: candidate.path, type: type, in: config.defaults)
        func value(_ key: String) -> FrontMatterValue? {
            own.last { $0.key == key }?.value ?? defaults.last { $0.key == key }?.value
        }
        let fileName = PathName.last(candidate.path)
        let ext = PathName.extension(fileName)
        let baseName = PathName.droppingExtension(fileName)
        // A draft named with a date takes it (and its slug) from the name, as a post does.
        let dated = candidate.kind == .page ? nil : JekyllScanner.datedName(fileName)
        var nameSlug = dated?.slug ?? baseName
        while nameSlug.hasSuffix(".") { nameSlug.removeLast() }
        let slug = value("slug")?.text ?? nameSlug
        let title = value("title").flatMap { $0.text } ?? (candidate.kind == .page ? "" : JekyllURL.titleize(nameSlug))
        let zone = config.timeZone
        let given = value("date")
        var date = given.flatMap { JekyllDate.read($0, zone: zone) }
        // Jekyll stops the whole build on a date it cannot read; the list says so for this post.
        let dateProblem = given.flatMap { given in
            date == nil
                ? "date \"\(given.text ?? "")\" is not a date Jekyll can read (its build stops on it); dated from the file name instead"
                : nil
        }
        if date == nil, let dated { date = JekyllDate.fromFileName(dated.date, zone: zone) }
        if date == nil, candidate.kind == .draft {
            date = JekyllDate.fromInstant(Date(timeIntervalSince1970: modified.rounded(.down)), zone: zone)
        }
        let outputExtension = config.isMarkdown(extension: ext) || ext.lowercased() == "html" ? ".html" : "." + ext
        let categories =
            candidate.kind == .page
            ? [] : Self.categories(base: candidate.base, category: value("category"), categories: value("categories"))
        let tags = words(value("tag")) + words(value("tags"))
        let url: String
        if candidate.kind == .page {
            url = JekyllURL.page(
                path: candidate.path, permalink: value("permalink")?.text, style: config.permalink,
                outputExtension: outputExtension)
        } else {
            let pattern = value("permalink")?.text ?? config.postPermalinkPattern
            url =
                date.map {
                    JekyllURL.post(
                        pattern: pattern,
                        .init(
                            date: $0, slug: slug, baseName: baseName, categories: categories,
                            path: candidate.path, outputExtension: outputExtension))
                } ?? ""
        }
        var post = Post(
            path: candidate.path,
            section: candidate.kind == .page ? "" : (candidate.kind == .draft ? "_drafts" : "_posts"),
            slug: slug, title: title, date: date,
            lastmod: value("last_modified_at").flatMap { JekyllDate.read($0, zone: zone) } ?? date,
            publishDate: nil, expiryDate: nil,
            draft: candidate.kind == .draft || value("draft")?.bool == true, headless: false, lang: "",
            tags: unique(tags), categories: categories,
            description: value("description")?.text ?? value("excerpt")?.text,
            wordCount: parts.wordCount, isBundle: false, resources: [], format: parts.format,
            translationKey: candidate.path,
            translations: [], stamp: stamp)
        post.kind = candidate.kind
        post.urlOverride = url
        post.unpublished = value("published")?.bool == false
        post.warning = dateProblem
        return post
    }

    /// Jekyll's categories: the folders above `_posts`, then `categories` (a string splits on
    /// spaces), then `category`; each once.
    static func categories(base: String, category: FrontMatterValue?, categories: FrontMatterValue?) -> [String] {
        var all = base.split(separator: "/").map(String.init)
        all += words(categories)
        if let category {
            switch category {
            case .list(let items): all += items.compactMap(\.text)
            default: if let text = category.text { all.append(text) }
            }
        }
        return unique(all)
    }

    /// A list's items, or a string's space-separated words (Jekyll's plural keys).
    static func words(_ value: FrontMatterValue?) -> [String] {
        switch value {
        case .list(let items)?: return items.compactMap(\.text)
        case .string(let text)?:
            return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        case let other?: return other.text.map { [$0] } ?? []
        case nil: return []
        }
    }

    private static func unique(_ items: [String]) -> [String] {
        var kept: [String] = []
        for item in items where !kept.contains(item) { kept.append(item) }
        return kept
    }
}

/// `defaults:` as Jekyll applies them: every entry whose scope matches the document's path (a
/// prefix, or a glob with `*`) and type, the more specific (longer path, then typed) winning.
enum JekyllDefaults {
    static func values(for path: String, type: String, in defaults: [JekyllConfig.Default]) -> [FrontMatterField] {
        let matching = defaults.enumerated().filter { _, entry in
            (entry.type == nil || entry.type == type || entry.type == String(type.dropLast()))
                && matches(entry.path, path)
        }
        let ordered = matching.sorted { a, b in
            (a.element.path.count, a.element.type == nil ? 0 : 1, a.offset) < (
                b.element.path.count, b.element.type == nil ? 0 : 1, b.offset
            )
        }
        var merged: [FrontMatterField] = []
        for (_, entry) in ordered { merged = ConfigMerge.merge(merged, entry.values) }
        return merged
    }

    static func matches(_ scope: String, _ path: String) -> Bool {
        var scope = scope
        while scope.hasPrefix("/") || scope.hasPrefix("./") { scope.removeFirst(scope.hasPrefix("/") ? 1 : 2) }
        if scope.isEmpty { return true }
        guard scope.contains("*") else { return path.hasPrefix(scope) }
        let parts = path.split(separator: "/")
        for count in 1...parts.count where fnmatch(scope, parts.prefix(count).joined(separator: "/"), FNM_PATHNAME) == 0
        { return true }
        return false
    }
}
