import Foundation

/// One regular content page (not a section `_index.md`), as Hugo would see it.
public struct Post: Sendable, Equatable, Identifiable {
    /// Site-root-relative path of the content file, e.g. `content/posts/x/index.md`.
    public let path: String
    public var id: String { path }
    /// Top-level section (`posts`); empty for pages directly in the content directory.
    public var section: String
    /// Front matter `slug`, else the bundle directory's or file's name.
    public var slug: String
    public var title: String
    /// The first words of a post without a title (a note), shown in its place (`PostLead`).
    public var lead: String? = nil
    public var date: HugoDate?
    public var lastmod: HugoDate?
    public var publishDate: HugoDate?
    public var expiryDate: HugoDate?
    public var draft: Bool
    /// A headless bundle (`headless: true`, or `build.render`/`list` never): not published as a page.
    public var headless: Bool
    public var lang: String
    public var tags: [String]
    public var categories: [String]
    public var description: String?
    public var wordCount: Int
    /// True for a leaf bundle (`…/index.md`).
    public var isBundle: Bool
    /// Bundle resources, relative to the bundle directory, sorted.
    public var resources: [String]
    /// nil when the file has no front matter.
    public var format: FrontMatterFormat?
    /// Groups language variants: `translationKey`, else the path without language suffix.
    public var translationKey: String
    /// Paths of the other language variants.
    public var translations: [String]
    /// File modification time and size when read (to notice changes).
    public var stamp: FileStamp
    /// A post, a draft (Jekyll's `_drafts/`, Hugo's `draft: true`) or a page outside the posts.
    public var kind: PostKind = .post
    /// The page's URL when it cannot be worked out from the fields above (every Jekyll post; a
    /// Hugo page with `url` or under a `permalinks` pattern); see `url(config:)`. Most Hugo pages
    /// keep none: a listing does not hold 20,000 URLs it may never print.
    var urlOverride: String?
    /// Jekyll's `published: false`: never built, whatever the date.
    public var unpublished: Bool = false
    /// The file is a symbolic link (or under one) that leads outside the site or into `.git`:
    /// never read; listed by its path with a marker, or (restricted mode) not listed; never opened.
    public var outsideSite: Bool = false
    /// Something the generator would object to that still lets the post be listed (a date
    /// Jekyll cannot read): said beside it in the list.
    public var warning: String?

    /// The bundle directory (site-root-relative) for a bundle, else nil.
    public var bundleDirectory: String? {
        isBundle ? (path as NSString).deletingLastPathComponent : nil
    }

    /// Hugo's verdict at `now`: draft, headless (never rendered as a page), expired, scheduled
    /// (future publish date) or published.
    public func status(at now: Date = Date()) -> PostStatus {
        PostStatus.of(
            draft: draft || unpublished, expiry: expiryDate?.date, publish: (publishDate ?? date)?.date, at: now,
            headless: headless)
    }
}

/// What kind of document a listed page is, as `list --json` reports it.
public enum PostKind: String, Sendable, Codable {
    case post, draft, page
}

/// Whether Hugo would publish a post now.
public enum PostStatus: String, Sendable, Codable, CaseIterable {
    case draft, scheduled, expired, published
    /// Built but never a page of its own (a headless bundle, `build: render: never` here or
    /// cascaded from its section): a snippet or resources, not a post.
    case headless

    /// The verdict from the fields it depends on (for callers that read a post's fields through a
    /// pointer: calling a method on the post made a copy of it).
    public static func of(draft: Bool, expiry: Date?, publish: Date?, at now: Date, headless: Bool = false)
        -> PostStatus
    {
        if draft { return .draft }
        if headless { return .headless }
        if let expiry, expiry <= now { return .expired }
        if let publish, publish > now { return .scheduled }
        return .published
    }
}

/// What a file (or directory) looked like when it was read: enough to notice any change —
/// the change time and inode move even when a tool restores the modification time and size.
public struct FileStamp: Sendable, Equatable {
    public var modified: TimeInterval
    public var size: Int
    /// Status change time (not settable by tools, unlike the modification time).
    public var changed: TimeInterval
    public var inode: UInt64

    public init(modified: TimeInterval, size: Int, changed: TimeInterval = 0, inode: UInt64 = 0) {
        self.modified = modified
        self.size = size
        self.changed = changed
        self.inode = inode
    }

    /// No stamp: the file was read for a one-shot listing that is never refreshed.
    public static let unknown = FileStamp(modified: 0, size: -1)

    init(_ info: stat) {
        self.init(
            modified: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9,
            size: Int(info.st_size),
            changed: TimeInterval(info.st_ctim.tv_sec) + TimeInterval(info.st_ctim.tv_nsec) / 1e9,
            inode: UInt64(info.st_ino))
    }

    /// The stamp of the file at `path` now, or nil if it cannot be read.
    public static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }
}
