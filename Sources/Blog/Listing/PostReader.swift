import CScans
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
        /// The file, or a folder above it, is a symbolic link: where it leads is checked.
        var throughLink = false

        /// The file's name (the last part of the path).
        var fileName: String {
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map {
                String(Substring(path.utf8[path.utf8.index(after: $0)...]))
            } ?? path
        }
    }

    /// Reads the page at `location`, opened inside `directory` (its directory, already open) or
    /// else by its path. Without `stamps` (a listing never refreshed) a page on a local
    /// filesystem is read without asking its size and times (one system call fewer).
    /// A page reached through a symbolic link is read only when the link leads inside the site
    /// (`SiteContainment`); one leading out of it or into `.git` is listed by its path alone,
    /// marked `outsideSite`, and never read.
    static func read(_ location: Location, in directory: DirectoryHandle? = nil, site: Site, stamps: Bool = true)
        throws(ContentError) -> Post
    {
        if location.throughLink, !SiteContainment.isInside(site.absolute(location.path), site: site.root) {
            var post = post(
                location, format: nil, wordCount: 0, fields: FrontMatterFields(), config: site.config, stamp: .unknown)
            post.outsideSite = true
            return post
        }
        let read: (bytes: [UInt8], stamp: FileStamp)?
        if !stamps, let directory, directory.shortReadEnds {
            read = DirectoryListing.readWhole(location.fileName, in: directory).map { ($0, FileStamp.unknown) }
        } else {
            read =
                directory.map { DirectoryListing.readWithStamp(location.fileName, in: $0) }
                ?? DirectoryListing.readWithStamp(site.absolute(location.path))
        }
        guard let (bytes, stamp) = read else {
            let absolute = site.absolute(location.path)
            throw ContentError(
                file: location.path, problem: "cannot read the file", hint: FileProblem.readHint(absolute))
        }
        let parts = try parts(of: bytes, file: location.path)
        var post = post(
            location, format: parts.format, wordCount: parts.wordCount, fields: parts.fields, config: site.config,
            stamp: stamp)
        post.lead = parts.lead
        return post
    }

    /// A page file's front matter format and fields and its body's word count. The parts are
    /// found on the bytes; strings are made only of the values the listing keeps.
    static func parts(of bytes: [UInt8], file: String) throws(ContentError) -> (
        format: FrontMatterFormat?, fields: FrontMatterFields, wordCount: Int, lead: String?
    ) {
        let text = try PageLayout.validated(bytes, file: file).text
        let layout = try PageLayout(text, file: file)
        var fields = FrontMatterFields()
        if let format = layout.format {
            // `layout` indexes the file's array (the BOM-less `text` is a slice of it).
            if let simple = bytes.withUnsafeBufferPointer({
                FastFrontMatter.simpleFields($0[layout.content], format: format)
            }) {
                fields = simple
            } else if let block = layout.frontMatter(in: text) {
                fields = try FrontMatterReader.fields(of: block, file: file)
            }
        }
        // A post without a title is shown by its first words (`PostLead`).
        return (
            layout.format, fields, WordCount.count(text[layout.body]),
            PostLead.untitled(text[layout.body], fields: fields)
        )
    }

    static func post(
        _ location: Location, format: FrontMatterFormat?, wordCount: Int, fields: FrontMatterFields,
        config: SiteConfig, stamp: FileStamp
    ) -> Post {
        // Path pieces by index (splitting and joining strings cost more than reading the file).
        let relative = location.path.utf8.dropFirst(location.contentRoot.utf8.count + 1)
        let slash = UInt8(ascii: "/")
        let lastSlash = relative.lastIndex(of: slash)
        let firstSlash = relative.firstIndex(of: slash)
        let section = firstSlash.map { String(Substring(relative[..<$0])) } ?? ""
        let fileName = String(Substring(lastSlash.map { relative[relative.index(after: $0)...] } ?? relative))
        let directory = lastSlash.map { String(Substring(relative[..<$0])) } ?? ""
        let baseName = ContentFileName.baseName(fileName, config: config)
        let parentName =
            directory.utf8.lastIndex(of: slash).map {
                String(Substring(directory.utf8[directory.utf8.index(after: $0)...]))
            } ?? directory
        let defaultSlug = location.isBundle && !directory.isEmpty ? parentName : baseName
        let known = KnownFields(fields)
        let groupPath = location.isBundle ? directory : (directory.isEmpty ? baseName : directory + "/" + baseName)
        var post = Post(
            path: location.path, section: section, slug: known.slug ?? defaultSlug, title: known.title ?? "",
            date: known.dates.first(.date, .publishdate, .pubdate, .published, .lastmod, .modified),
            lastmod: known.dates.first(.lastmod, .modified, .date, .publishdate, .pubdate, .published),
            publishDate: known.dates.first(.publishdate, .pubdate, .published, .date),
            expiryDate: known.dates.first(.expirydate, .unpublishdate),
            draft: known.draft, headless: known.headless, lang: location.lang,
            tags: known.tags, categories: known.categories, description: known.description,
            wordCount: wordCount, isBundle: location.isBundle, resources: location.resources,
            format: format, translationKey: known.translationKey ?? groupPath, translations: [], stamp: stamp)
        post.urlOverride = HugoURL.override(post, fields: fields, config: config, contentRoot: location.contentRoot)
        post.kind = post.draft ? .draft : (section.isEmpty ? .page : .post)
        return post
    }
}

/// The fields a post's listing needs, picked out of the front matter in one pass
/// (keys case-insensitively, as Hugo reads them; the first occurrence wins).
struct KnownFields {
    enum DateKey: Int, CaseIterable {
        case date, publishdate, pubdate, published, lastmod, modified, expirydate, unpublishdate
    }

    static let dateKeys: [String: DateKey] = [
        "date": .date, "publishdate": .publishdate, "pubdate": .pubdate, "published": .published, "lastmod": .lastmod,
        "modified": .modified, "expirydate": .expirydate, "unpublishdate": .unpublishdate,
    ]

    /// One slot per `DateKey` (held inline: an array cost an allocation per post).
    var dates = DateSlots()
    var title: String?
    var slug: String?
    var description: String?
    var translationKey: String?
    var draft = false
    var headless = false
    var tags: [String] = []
    var categories: [String] = []

    struct DateSlots {
        private var date, publishdate, pubdate, published, lastmod, modified, expirydate, unpublishdate: HugoDate?

        /// The first of `keys` that was given (a method: a local function capturing the fields copied them all).
        func first(_ keys: DateKey...) -> HugoDate? {
            for key in keys { if let date = self[key] { return date } }
            return nil
        }

        subscript(key: DateKey) -> HugoDate? {
            get {
                switch key {
                case .date: date
                case .publishdate: publishdate
                case .pubdate: pubdate
                case .published: published
                case .lastmod: lastmod
                case .modified: modified
                case .expirydate: expirydate
                case .unpublishdate: unpublishdate
                }
            }
            set {
                switch key {
                case .date: date = newValue
                case .publishdate: publishdate = newValue
                case .pubdate: pubdate = newValue
                case .published: published = newValue
                case .lastmod: lastmod = newValue
                case .modified: modified = newValue
                case .expirydate: expirydate = newValue
                case .unpublishdate: unpublishdate = newValue
                }
            }
        }
    }

    init(_ fields: FrontMatterFields) {
        for index in fields.fields.indices {
            let key = fields.lowercasedKey(at: index)
            // The first of duplicate keys (possible only in formats that allow them) wins.
            if index > 0, (0..<index).contains(where: { fields.lowercasedKey(at: $0) == key }) { continue }
            let value = fields.fields[index].value
            switch key {
            case "title": title = value.text
            case "slug": slug = value.text
            case "description": description = value.text
            case "translationkey": translationKey = value.text
            case "draft": draft = value.bool ?? false
            case "headless": headless = headless || (value.bool ?? false)
            case "tags": tags = value.strings
            case "categories": categories = value.strings
            case "_build", "build":
                if case .map(let settings) = value {
                    let build = FrontMatterFields(settings)
                    // Never rendered: no page of its own. (`list: never` is still a page at its
                    // address, only left out of lists.)
                    if let flag = build["render"], flag.text == "never" || flag.bool == false { headless = true }
                }
            default:
                if let slot = Self.dateKeys[key], let text = value.text { dates[slot] = HugoDate.parse(text) }
            }
        }
    }
}

/// Words in a markdown body, counted as Hugo does by default: runs of non-space characters.
/// Counted in C, where the compiler vectorizes the loop (four times the speed of eight-byte SWAR here).
public enum WordCount {
    public static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8(count)
    }

    /// The words of `text` from UTF-8 offset `start` on (the body of a page: nothing copied).
    public static func count(_ text: String, fromByte start: Int) -> Int {
        var text = text
        return text.withUTF8 { buffer in count(UnsafeBufferPointer(rebasing: buffer[min(start, buffer.count)...])) }
    }

    /// The same over UTF-8 bytes.
    static func count(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer(count)
    }

    private static func count(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let start = buffer.baseAddress else { return 0 }
        return nb_count_words(start, buffer.count)
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
        name.utf8.starts(with: "index.".utf8) && isContent(name)
    }

    static func isBranchIndex(_ name: String) -> Bool {
        name.utf8.starts(with: "_index.".utf8) && isContent(name)
    }
}
