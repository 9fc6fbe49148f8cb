import Blog
import Foundation
import Preview
import Synchronization

/// What links on a site can lead to: each post's URL, the files served as they are (Hugo's
/// `static/` and the theme's, a bundle's resources, Jekyll's site files), and the list pages
/// above posts; each post's headings' anchors, read when first asked for.
final class LinkTargets: Sendable {
    struct Page: Sendable {
        let file: String
        let url: String
        let draft: Bool
    }

    enum Resolution {
        case page(file: String, draft: Bool)
        case file
        /// Nothing there; the normalized address looked for.
        case missing(String)
        /// Made by the generator or a theme in ways not modelled (feeds, taxonomies): not judged.
        case unknown
    }

    let site: Site
    let pages: [String: Page]
    /// Normalized URL (no base path, leading `/`, no trailing `/` or `index.html`) → file.
    let urls: [String: String]
    /// Normalized URL paths of files served as they are.
    let files: Set<String>
    /// URL prefixes of posts (list pages).
    let lists: Set<String>
    /// Page files by their path without the language (`x.en.md` → `x.md`): what `ref` names.
    /// Hugo's `ref` lookup over these pages (the preview's rule too).
    let refs: HugoRef
    /// Jekyll posts by their file name without the extension (what `post_url` names).
    let postsByName: [String: [String]]
    private let anchorCache = Mutex<[String: [String]]>([:])
    private let pools = Mutex<[PoolKind: NearestPool]>([:])

    init(site: Site, index: PostIndex) {
        self.site = site
        var pages: [String: Page] = [:], urls: [String: String] = [:], files = Set<String>(), lists: Set<String> = [""]
        for post in index.posts where !post.outsideSite {
            let url = post.url(config: site.config)
            pages[post.path] = Page(file: post.path, url: url, draft: post.draft)
            guard !url.isEmpty else { continue }
            let key = Self.normalize(url)
            if urls[key] == nil || !post.draft { urls[key] = post.path }
            if key.hasSuffix(".html") { urls[String(key.dropLast(5))] = urls[String(key.dropLast(5))] ?? post.path }
            var prefix = key
            while let slash = prefix.lastIndex(of: "/") {
                prefix = String(prefix[..<slash])
                lists.insert(prefix)
            }
            // A bundle's resources are served beside its page.
            for resource in post.resources { files.insert(Self.normalize(key + "/" + resource)) }
        }
        for folder in Self.servedFolders(site) {
            Self.walk(site.absolute(folder)) { files.insert(Self.normalize("/" + $0)) }
        }
        if site.kind.jekyll == nil {
            // Sections' list pages, and the files their branch bundles publish beside them.
            let sections = HugoSections.indexes(site)
            for index in sections {
                if let url = HugoURL.section(index, config: site.config) { lists.insert(Self.normalize(url)) }
            }
            for file in HugoSections.resources(site, indexes: sections) { files.insert(Self.normalize(file)) }
        }
        refs = HugoRef(pages: pages.keys, site: site)
        postsByName = Dictionary(
            grouping: pages.keys.filter { $0.contains("_posts/") },
            by: { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })
        self.pages = pages
        self.urls = urls
        self.files = files
        self.lists = lists
    }

    /// Folders whose files are served at the site's root.
    static func servedFolders(_ site: Site) -> [String] {
        if site.kind.jekyll != nil { return [""] }
        return ["static"] + site.config.themes.map { "\(site.config.themesDir)/\($0)/static" }
    }

    /// Every file below `folder`, relative to it (hidden ones, `_` folders of a Jekyll site's
    /// root and `.git` left out).
    static func walk(_ folder: String, _ visit: (String) -> Void) {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return }
        while let entry = enumerator.nextObject() as? String {
            let name = (entry as NSString).lastPathComponent
            if name.hasPrefix(".") || (!entry.contains("/") && name.hasPrefix("_")) || name == "node_modules" {
                enumerator.skipDescendants()
                continue
            }
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory { visit(entry) }
        }
    }

    /// `/a/b/` and `/a/b/index.html` → `/a/b`; `a` → `/a`.
    static func normalize(_ url: String) -> String {
        var path = url.hasPrefix("/") ? url : "/" + url
        if path.hasSuffix("/index.html") { path.removeLast("index.html".count) }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }

    static func isExternal(_ link: String) -> Bool {
        if link.hasPrefix("//") { return true }
        guard let colon = link.firstIndex(of: ":") else { return false }
        let scheme = link[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) }
    }

    /// `a/b?x#c` → (`a/b`, `c`).
    static func split(_ link: String) -> (address: String, fragment: String?) {
        var address = link, fragment: String?
        if let hash = address.firstIndex(of: "#") {
            fragment = String(address[address.index(after: hash)...])
            address = String(address[..<hash])
        }
        if let query = address.firstIndex(of: "?") { address = String(address[..<query]) }
        return (address, fragment)
    }

    /// A site-absolute address (`/posts/x/`, the base path in front or not).
    func absolute(_ address: String) -> Resolution {
        var path = address
        let base = site.config.baseURLPath
        if !base.isEmpty, base != "/", path.hasPrefix(base) { path = String(path.dropFirst(base.count)) }
        let key = Self.normalize(path)
        if let file = urls[key] ?? urls[key + ".html"] { return .page(file: file, draft: pages[file]?.draft ?? false) }
        if files.contains(key) || lists.contains(key) { return .file }
        let last = (key as NSString).lastPathComponent
        let ext = (last as NSString).pathExtension.lowercased()
        // Feeds, sitemaps, taxonomies and pagers are the generator's or the theme's.
        if ["xml", "json", "txt"].contains(ext) { return .unknown }
        for generated in ["/tags", "/categories", "/page/", "/series", "/authors"] where key.contains(generated) {
            return .unknown
        }
        return .missing(key)
    }

    /// A section's `_index` page of a Hugo site (no post: the index lists none), with the address
    /// its links are resolved from.
    func sectionPage(_ path: String) -> Page? {
        guard site.kind.jekyll == nil, let url = HugoURL.section(path, config: site.config) else { return nil }
        return Page(file: path, url: url, draft: false)
    }

    /// A relative address in the post at `path`: a source file (`../x.md`) relative to the
    /// post's folder, anything else relative to its URL, as the browser resolves it (a section's
    /// own files are among `files`, at its address: `HugoSections`).
    func relative(_ address: String, from path: String, page: Page?) -> Resolution {
        let folder = (path as NSString).deletingLastPathComponent
        let ext = (address as NSString).pathExtension.lowercased()
        if ["md", "markdown"].contains(ext) {
            let file = Self.resolveDots(folder.isEmpty ? address : folder + "/" + address)
            if let target = pages[file] { return .page(file: file, draft: target.draft) }
            // Only inside the site is looked at (`../../x.md` says nothing about the machine).
            return fileExists(file) ? .file : .missing("/" + file)
        }
        let base: String
        if let page, !page.url.isEmpty {
            base = page.url.hasSuffix("/") ? page.url : (page.url as NSString).deletingLastPathComponent + "/"
        } else {
            base = "/" + folder + "/"
        }
        return absolute(Self.resolveDots(base + address))
    }

    /// `/a/b/../c/./d` → `/a/c/d`.
    static func resolveDots(_ path: String) -> String { HugoRef.resolveDots(path) }

    /// The page a Hugo `ref`/`relref` names, as Hugo looks it up (`HugoRef`).
    func ref(_ target: String, from path: String) -> String? {
        refs.resolve(target, from: path) { fileExists($0) }
    }

    /// Whether a Jekyll `post_url` names a post (`2020-01-01-x`, or `folder/2020-01-01-x`).
    func postURL(_ name: String) -> Bool {
        (postsByName[(name as NSString).lastPathComponent] ?? []).contains { file in
            !name.contains("/") || (file as NSString).deletingPathExtension.hasSuffix(name)
        }
    }

    /// Whether a Jekyll `link` names a file of the site.
    func fileExists(_ path: String) -> Bool {
        let file = site.absolute(path.hasPrefix("/") ? String(path.dropFirst()) : path)
        return FileManager.default.fileExists(atPath: file) && SiteContainment.isInside(file, site: site.root)
    }

    /// The anchors the headings of `file` get on this site.
    func anchors(of file: String) -> [String] {
        if let known = anchorCache.withLock({ $0[file] }) { return known }
        let text = (try? String(contentsOfFile: site.absolute(file), encoding: .utf8)) ?? ""
        let ids =
            SiteContainment.isInside(site.absolute(file), site: site.root)
            ? HeadingID.ids(
                MarkdownOutline.headings(in: text, skippingLines: FrontMatterLines.count(in: text)).map(\.text),
                site: site) : []
        anchorCache.withLock { $0[file] = ids }
        return ids
    }

    func nearest(to wanted: String, images: Bool) -> String? {
        pool(images ? .files : .addresses).find(wanted).map { $0.isEmpty ? "/" : (images ? $0 : $0 + "/") }
    }

    func nearestFile(to target: String) -> String? { pool(.pageFiles).find(target) }

    func nearestPost(to name: String) -> String? { pool(.postNames).find(name) }

    /// What a suggestion is chosen from.
    enum PoolKind: Hashable { case files, addresses, pageFiles, postNames }

    /// The candidates of `kind`, prepared on first use (a check with no broken link never
    /// needs them) and shared by the threads of the check.
    private func pool(_ kind: PoolKind) -> NearestPool {
        pools.withLock { pools in
            if let made = pools[kind] { return made }
            let made: NearestPool
            switch kind {
            case .files: made = NearestPool(files)
            case .addresses: made = NearestPool(Array(urls.keys) + Array(lists))
            case .pageFiles: made = NearestPool(pages.keys)
            case .postNames: made = NearestPool(postsByName.keys)
            }
            pools[kind] = made
            return made
        }
    }
}
