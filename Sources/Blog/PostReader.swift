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
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw ContentError(file: location.path, problem: "cannot read the file", hint: FileProblem.readHint(absolute))
        }
        let page = try PageText(data: data, file: location.path)
        let fields = try FastFrontMatter.fields(of: page, file: location.path)
        return post(location, page: page, fields: fields, config: site.config,
                    stamp: FileStamp.of(absolute) ?? FileStamp(modified: 0, size: data.count))
    }

    static func post(_ location: Location, page: PageText, fields: FrontMatterFields, config: SiteConfig,
                     stamp: FileStamp) -> Post {
        let relative = String(location.path.dropFirst(location.contentRoot.count + 1))
        let components = relative.split(separator: "/").map(String.init)
        let section = components.count > 1 ? components[0] : ""
        let fileName = components.last ?? ""
        let baseName = ContentFileName.baseName(fileName, config: config)
        let defaultSlug = location.isBundle ? (components.count >= 2 ? components[components.count - 2] : baseName) : baseName
        func date(_ keys: [String]) -> HugoDate? {
            for key in keys {
                if let text = fields[key]?.text, let parsed = HugoDate.parse(text) { return parsed }
            }
            return nil
        }
        var headless = fields["headless"]?.bool ?? false
        for key in ["_build", "build"] {
            if case .map(let settings)? = fields[key] {
                let build = FrontMatterFields(settings)
                for option in ["render", "list"] {
                    if let value = build[option], value.text == "never" || value.bool == false { headless = true }
                }
            }
        }
        let directory = (relative as NSString).deletingLastPathComponent
        let groupPath = location.isBundle ? directory : (directory.isEmpty ? baseName : directory + "/" + baseName)
        return Post(
            path: location.path, section: section, slug: fields["slug"]?.text ?? defaultSlug,
            title: fields["title"]?.text ?? "",
            date: date(["date", "publishDate", "pubdate", "published", "lastmod", "modified"]),
            lastmod: date(["lastmod", "modified", "date", "publishDate", "pubdate", "published"]),
            publishDate: date(["publishDate", "pubdate", "published", "date"]),
            expiryDate: date(["expiryDate", "unpublishdate"]),
            draft: fields["draft"]?.bool ?? false, headless: headless, lang: location.lang,
            tags: fields["tags"]?.strings ?? [], categories: fields["categories"]?.strings ?? [],
            description: fields["description"]?.text, wordCount: WordCount.count(page.body),
            isBundle: location.isBundle, resources: location.resources, format: page.frontMatter?.format,
            translationKey: fields["translationKey"]?.text ?? groupPath, translations: [], stamp: stamp)
    }
}

/// Words in a markdown body, counted as Hugo does by default: runs of non-space characters.
enum WordCount {
    static func count(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for byte in text.utf8 {
            let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if space { inWord = false } else if !inWord { inWord = true; count += 1 }
        }
        return count
    }
}

/// Content file names: extensions Hugo renders and language suffixes.
enum ContentFileName {
    static let extensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn", "html", "htm"]

    static func isContent(_ name: String) -> Bool {
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The name without extension and configured-language suffix: `index.fr.md` → `index`.
    static func baseName(_ name: String, config: SiteConfig) -> String {
        let base = (name as NSString).deletingPathExtension
        guard language(of: name, config: config) != nil, let dot = base.lastIndex(of: ".") else { return base }
        return String(base[..<dot])
    }

    /// The language suffix of `name` (`index.fr.md` → `fr`) if it names a configured language.
    static func language(of name: String, config: SiteConfig) -> String? {
        let base = (name as NSString).deletingPathExtension
        guard let dot = base.lastIndex(of: ".") else { return nil }
        let suffix = String(base[base.index(after: dot)...]).lowercased()
        return config.isLanguage(suffix) ? suffix : nil
    }

    static func isLeafIndex(_ name: String) -> Bool {
        isContent(name) && (name as NSString).deletingPathExtension.split(separator: ".").first == "index"
    }

    static func isBranchIndex(_ name: String) -> Bool {
        isContent(name) && (name as NSString).deletingPathExtension.split(separator: ".").first == "_index"
    }
}
