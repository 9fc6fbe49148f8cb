import Foundation

/// Builds a `Post` from a content file.
enum PostReader {
    /// Where a content file sits, worked out by the scanner.
    struct Location: Sendable {
        /// Site-root-relative path.
        let path: String
        /// Site-root-relative content root that holds it.
        let contentRoot: String
        /// Language from the content root, the file name, or the site default.
        let lang: String
        let isBundle: Bool
        let resources: [String]
    }

    static func read(_ location: Location, site: Site) throws(ContentError) -> Post {
        let absolute = site.absolute(location.path)
        guard let bytes = DirectoryListing.read(absolute) else {
            throw ContentError(file: location.path, problem: "cannot read the file", hint: FileProblem.readHint(absolute))
        }
        let page = try PageText(bytes: bytes, file: location.path)
        let fields = try FastFrontMatter.fields(of: page, file: location.path)
        return post(location, page: page, fields: fields, config: site.config,
                    stamp: FileStamp.of(absolute) ?? FileStamp(modified: 0, size: bytes.count))
    }

    static func post(_ location: Location, page: PageText, fields: FrontMatterFields, config: SiteConfig,
                     stamp: FileStamp) -> Post {
        let relative = location.path.dropFirst(location.contentRoot.count + 1)
        let components = relative.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }
        let section = components.count > 1 ? components[0] : ""
        let fileName = components.last ?? ""
        let baseName = ContentFileName.baseName(fileName, config: config)
        let defaultSlug = location.isBundle && components.count >= 2 ? components[components.count - 2] : baseName
        // Each date-like key is parsed once; Hugo's fallbacks then pick among them.
        var parsed: [String: HugoDate] = [:]
        for key in ["date", "publishdate", "pubdate", "published", "lastmod", "modified", "expirydate", "unpublishdate"] {
            if let text = fields.value(lowercased: key)?.text, let date = HugoDate.parse(text) { parsed[key] = date }
        }
        func date(_ keys: [String]) -> HugoDate? {
            for key in keys { if let date = parsed[key] { return date } }
            return nil
        }
        var headless = fields.value(lowercased: "headless")?.bool ?? false
        for key in ["_build", "build"] {
            if case .map(let settings)? = fields.value(lowercased: key) {
                let build = FrontMatterFields(settings)
                for option in ["render", "list"] {
                    if let value = build[option], value.text == "never" || value.bool == false { headless = true }
                }
            }
        }
        let directory = components.dropLast().joined(separator: "/")
        let groupPath = location.isBundle ? directory : (directory.isEmpty ? baseName : directory + "/" + baseName)
        return Post(
            path: location.path, section: section, slug: fields.value(lowercased: "slug")?.text ?? defaultSlug,
            title: fields.value(lowercased: "title")?.text ?? "",
            date: date(["date", "publishdate", "pubdate", "published", "lastmod", "modified"]),
            lastmod: date(["lastmod", "modified", "date", "publishdate", "pubdate", "published"]),
            publishDate: date(["publishdate", "pubdate", "published", "date"]),
            expiryDate: date(["expirydate", "unpublishdate"]),
            draft: fields.value(lowercased: "draft")?.bool ?? false, headless: headless, lang: location.lang,
            tags: fields.value(lowercased: "tags")?.strings ?? [], categories: fields.value(lowercased: "categories")?.strings ?? [],
            description: fields.value(lowercased: "description")?.text, wordCount: WordCount.count(page.body),
            isBundle: location.isBundle, resources: location.resources, format: page.frontMatter?.format,
            translationKey: fields.value(lowercased: "translationkey")?.text ?? groupPath, translations: [], stamp: stamp)
    }
}

/// Words in a markdown body, counted as Hugo does by default: runs of non-space characters.
enum WordCount {
    static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { buffer in
            var count = 0
            var inWord = false
            for byte in buffer {
                let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
                if space { inWord = false } else if !inWord { inWord = true; count += 1 }
            }
            return count
        }
    }
}

/// Content file names: extensions Hugo renders and language suffixes.
enum ContentFileName {
    static let extensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn", "html", "htm"]

    static func isContent(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard utf8.first != UInt8(ascii: "."), let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = utf8[utf8.index(after: dot)...]
        if ext.elementsEqual("md".utf8) { return true }
        guard ext.count <= 8 else { return false }
        return extensions.contains(String(Substring(ext)).lowercased())
    }

    /// The name without extension and configured-language suffix: `index.fr.md` → `index`.
    static func baseName(_ name: String, config: SiteConfig) -> String {
        let base = withoutExtension(name)
        guard language(of: name, config: config) != nil, let dot = base.lastIndex(of: ".") else { return base }
        return String(base[..<dot])
    }

    /// `a.b.md` → `a.b` (byte-level; names are short ASCII-delimited paths).
    static func withoutExtension(_ name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return name }
        return String(Substring(name.utf8[..<dot]))
    }

    /// The language suffix of `name` (`index.fr.md` → `fr`) if it names a configured language.
    static func language(of name: String, config: SiteConfig) -> String? {
        guard !config.languages.isEmpty else { return nil }
        let base = withoutExtension(name)
        guard let dot = base.lastIndex(of: ".") else { return nil }
        let suffix = String(base[base.index(after: dot)...]).lowercased()
        return config.isLanguage(suffix) ? suffix : nil
    }

    static func isLeafIndex(_ name: String) -> Bool {
        (name.hasPrefix("index.")) && isContent(name)
    }

    static func isBranchIndex(_ name: String) -> Bool {
        name.hasPrefix("_index.") && isContent(name)
    }
}
