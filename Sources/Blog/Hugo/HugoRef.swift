import Foundation
import Synchronization

/// How Hugo finds the page a `ref`/`relref` names — the one rule for the preview and the link
/// check (they disagreed: `{{< ref build-libgit2-for-ios >}}`, a bundle named by its folder, was
/// a "missing page" in the preview and fine in the check). A path from the content root (leading
/// `/`), else relative to the page, else any page whose path ends with it; a page in one
/// language only (`x/index.fr.md`) answers for its plain name.
public struct HugoRef: Sendable {
    /// Page files, site-relative.
    let pages: Set<String>
    /// A page's path without its language (`x/index.fr.md` → `x/index.md`) → the page.
    let withoutLanguage: [String: String]
    /// The content folders (each language's `contentDir`, module mount sources).
    let roots: [String]
    /// The site's language codes (a section's `_index.fr.md` answers for `_index.md`).
    let languages: [String]
    /// Paths by their last part and bundle folder, for the "ends with" lookup.
    let byLastPart: [String: [SuffixEntry]]
    let byBundle: [String: [SuffixEntry]]

    /// The rule over `pages` (site-relative page files) of `site`.
    public init(pages: some Sequence<String>, site: Site) {
        let pages = Set(pages)
        var plain: [String: String] = [:]
        let codes = site.config.languageCodes.map { $0.lowercased() }
        let languages = Set(codes)
        for file in pages.sorted() {
            let parts = file.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 3, languages.contains(parts[parts.count - 2].lowercased()) else { continue }
            let stripped = (parts.dropLast(2) + [parts.last!]).joined(separator: ".")
            if plain[stripped] == nil { plain[stripped] = file }
        }
        self.pages = pages
        withoutLanguage = plain
        roots = site.config.contentRoots.map(\.dir) + site.config.contentMounts.map(\.source)
        self.languages = codes
        (byLastPart, byBundle) = Self.suffixIndex(pages, plain)
    }

    /// The page file `target` (without its `#fragment`) names from the page at `path`, or nil.
    /// `sectionExists` answers for a section's `_index.md`, which is not a page.
    public func resolve(_ target: String, from path: String, sectionExists: (String) -> Bool) -> String? {
        guard !target.isEmpty else { return path }
        func candidates(_ logical: String) -> [String] {
            let bare = logical.hasSuffix(".md") ? String(logical.dropLast(3)) : logical
            return [logical, bare + ".md", bare + "/index.md", bare + "/_index.md"].map(Self.resolveDots)
        }
        let trimmed = target.hasPrefix("/") ? String(target.dropFirst()) : target
        var wanted: [String] = []
        if !target.hasPrefix("/") {
            let folder = (path as NSString).deletingLastPathComponent
            wanted += candidates(folder + "/" + trimmed)
        }
        for root in roots { wanted += candidates(root + "/" + trimmed) }
        // A page in one language refers within its language first (`x.fr.md` names `y.md`: `y.fr.md`).
        let parts = (path as NSString).lastPathComponent.split(separator: ".")
        let own =
            parts.count >= 3 && languages.contains(parts[parts.count - 2].lowercased())
            ? parts[parts.count - 2].lowercased() : nil
        for file in wanted {
            let stem = String(file.dropLast(3))
            if let own, file.hasSuffix(".md"), pages.contains(stem + "." + own + ".md") {
                return stem + "." + own + ".md"
            }
            if pages.contains(file) { return file }
            if let variant = withoutLanguage[file] { return variant }
            if file.hasSuffix("_index.md") {
                let preferred = own.map { [stem + "." + $0 + ".md"] } ?? []
                if let found = (preferred + [file] + languages.map { stem + "." + $0 + ".md" }).first(
                    where: sectionExists)
                {
                    return found
                }
            }
        }
        guard !target.hasPrefix("/") else { return nil }
        let bare = trimmed.hasSuffix(".md") ? String(trimmed.dropLast(3)) : trimmed
        // Any page whose path (or path without its language) ends with it: the first in path
        // order, looked for among the paths whose last part (or bundle folder) could match.
        let name = Self.lastPart(bare), whole = Self.lastPart(trimmed)
        // (`x/index.md` ends the path of a bundle `x`: its folder is the better key.)
        let ending =
            whole == "index.md" && trimmed.contains("/")
            ? byBundle[Self.lastPart(String(trimmed.dropLast("/index.md".count)))] : byLastPart[whole]
        let near = (byLastPart[name + ".md"] ?? []) + (byBundle[name] ?? []) + (ending ?? [])
        return near.filter { entry in
            entry.key.hasSuffix("/" + bare + ".md") || entry.key.hasSuffix("/" + bare + "/index.md")
                || entry.key.hasSuffix("/" + trimmed)
        }.min { ($0.key, $0.order) < ($1.key, $1.order) }?.file
    }

    /// A page path (or a page's path without its language) that a name can end: `order` keeps
    /// a real page before a language variant of the same path.
    struct SuffixEntry: Sendable {
        let key: String
        let file: String
        let order: Int
    }

    /// The last part of a path (`a/b.md` → `b.md`; empty for `a/`).
    static func lastPart(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }

    /// Paths by their last part, and `x/index.md` paths by their folder `x`.
    static func suffixIndex(
        _ pages: Set<String>, _ withoutLanguage: [String: String]
    ) -> (byLastPart: [String: [SuffixEntry]], byBundle: [String: [SuffixEntry]]) {
        var byLastPart: [String: [SuffixEntry]] = [:], byBundle: [String: [SuffixEntry]] = [:]
        let entries =
            pages.map { SuffixEntry(key: $0, file: $0, order: 0) }
            + withoutLanguage.map { SuffixEntry(key: $0.key, file: $0.value, order: 1) }
        for entry in entries {
            let parts = entry.key.split(separator: "/", omittingEmptySubsequences: false)
            byLastPart[String(parts.last ?? ""), default: []].append(entry)
            if parts.count >= 2, parts.last == "index.md" {
                byBundle[String(parts[parts.count - 2]), default: []].append(entry)
            }
        }
        return (byLastPart, byBundle)
    }

    /// `/a/b/../c/./d` → `/a/c/d`.
    public static func resolveDots(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." { continue }
            if part == ".." {
                if parts.count > 1 || (parts.count == 1 && !parts[0].isEmpty) { parts.removeLast() }; continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// The rule for `site`'s pages as its content folders hold them now (only the folders are
    /// walked, nothing is parsed), kept for two seconds: the preview asks at every render.
    public static func current(_ site: Site) -> HugoRef {
        let now = Date()
        if let kept = cache.withLock({ $0[site.root] }), now.timeIntervalSince(kept.made) < 2 { return kept.ref }
        let root = site.root
        let (batches, _, _) = ContentScanner(site: site).scan { location, _ -> String? in
            // A page reached through a link out of the site is not the site's.
            !location.throughLink || SiteContainment.isInside(root + "/" + location.path, site: root)
                ? location.path : nil
        }
        let ref = HugoRef(pages: batches.joined().compactMap { $0 }, site: site)
        cache.withLock { $0[site.root] = (now, ref) }
        return ref
    }

    private static let cache = Mutex<[String: (made: Date, ref: HugoRef)]>([:])
}
