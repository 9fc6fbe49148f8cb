import Foundation

/// A published post whose address a publish would change (its title or date feeds the
/// permalink, or it moved): readers' links and search results to the old address break unless
/// the old one is kept as a redirect. One rule for the publish sheet and `check`.
public struct URLChange: Sendable, Equatable {
    /// The address as last committed, and as it will be (paths from the site's root, with the
    /// base URL's path).
    public let old: String
    public let new: String

    /// Compares the post at `path` (site-relative) with its last committed version — at
    /// `formerPath` when it moved — read through `committed` (site path → bytes at HEAD).
    /// Nil when nothing was published before, it is not published now, or the address stays.
    public static func of(_ path: String, site: Site, formerPath: String? = nil, committed: (String) -> Data?)
        -> URLChange?
    {
        let oldPath = formerPath ?? path
        guard let oldBytes = committed(oldPath),
            let before = PostIndex.post(at: oldPath, bytes: [UInt8](oldBytes), site: site),
            let nowBytes = WholeFile.read(site.absolute(path)),
            let after = PostIndex.post(at: path, bytes: nowBytes, site: site),
            isPublished(before), isPublished(after)
        else { return nil }
        let old = address(before, site: site), new = address(after, site: site)
        return old == new || old.isEmpty || new.isEmpty ? nil : URLChange(old: old, new: new)
    }

    static func isPublished(_ post: Post) -> Bool {
        !post.draft && !post.unpublished && !post.headless && !post.outsideSite
    }

    static func address(_ post: Post, site: Site) -> String {
        site.config.baseURLPath + post.url(config: site.config)
    }

    /// The front-matter key that keeps the old address as a redirect on this site: `aliases`
    /// (Hugo), `redirect_from` (Jekyll with the jekyll-redirect-from plugin); nil when the site
    /// has none.
    public static func redirectKey(site: Site) -> String? {
        guard case .jekyll(let config) = site.kind else { return "aliases" }
        let plugins = ["plugins", "gems"].flatMap { key in config.fields.first { $0.key == key }?.value.strings ?? [] }
        return plugins.contains("jekyll-redirect-from") ? "redirect_from" : nil
    }

    /// The post's text with the old address added to its redirect key (the list made or
    /// extended in place, nothing else changed); nil when the site has no redirects.
    public func keepingOldAddress(_ text: String, file: String, site: Site) throws(ContentError) -> String? {
        guard let key = Self.redirectKey(site: site) else { return nil }
        var editor = try FrontMatterEditor(page: try PageText(text: text, file: file), file: file)
        let fields = try editor.fields()
        var list: [FrontMatterValue] = []
        switch fields[key] {
        case .list(let items)?: list = items
        case let value?: if let single = value.text { list = [.string(single)] }
        case nil: break
        }
        // A site path without the base URL's folder: Hugo and Jekyll add it themselves.
        let path = String(old.dropFirst(site.config.baseURLPath.count))
        guard !list.contains(where: { $0.text == path }) else { return text }
        try editor.set(key, to: .list(list + [.string(path)]))
        return editor.page.text
    }
}
