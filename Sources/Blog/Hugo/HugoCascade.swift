import Foundation

/// Build options a section's `_index` page cascades to the pages below it (hugoDocs' `_common`
/// folder: `cascade: {build: {render: never, list: never}}`): those pages are never rendered, so
/// they are listed as headless, with no address — as Hugo builds them. Only the `build` /
/// `_build` options are read from a cascade (what decides whether a page is a post); a cascade
/// aimed elsewhere with `_target`/`target` is left out.
enum HugoCascade {
    /// The folders (site-relative) whose `_index` page cascades "never rendered", among the
    /// folders above `posts`. A leaf bundle's own folder holds no `_index`: it is not read (on a
    /// site of 20,000 bundles the sections are a handful of folders, the bundles 20,000).
    static func hidingFolders(above posts: [Post], site: Site) -> Set<String> {
        let roots = site.config.contentRoots.map(\.dir)
        var folders = Set<String>()
        for post in posts {
            var folder = parent(post.bundleDirectory ?? post.path)
            while !folder.isEmpty, folders.insert(folder).inserted,
                roots.contains(where: { folder.hasPrefix($0 + "/") || folder == $0 })
            {
                folder = parent(folder)
            }
        }
        var hiding = Set<String>()
        for folder in folders where roots.contains(where: { folder == $0 || folder.hasPrefix($0 + "/") }) {
            let absolute = site.absolute(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names where ContentFileName.isBranchIndex(name) {
                let file = absolute + "/" + name
                guard SiteContainment.isInside(file, site: site.root), let bytes = WholeFile.read(file),
                    bytes.count < 1 << 20, bytes.firstRange(of: Array("cascade".utf8)) != nil,
                    let fields = try? PostReader.parts(of: bytes, file: folder + "/" + name).fields
                else { continue }
                if hides(fields.value(lowercased: "cascade")) { hiding.insert(folder) }
            }
        }
        return hiding
    }

    /// Whether a `cascade` value (a map, or a list of maps) sets `build`/`_build` render to never.
    static func hides(_ cascade: FrontMatterValue?) -> Bool {
        switch cascade {
        case .map(let entries)?:
            let fields = FrontMatterFields(entries)
            if fields.value(lowercased: "_target") != nil || fields.value(lowercased: "target") != nil { return false }
            for key in ["build", "_build"] {
                guard case .map(let settings)? = fields.value(lowercased: key) else { continue }
                let build = FrontMatterFields(settings)
                if let flag = build.value(lowercased: "render"), flag.text == "never" || flag.bool == false {
                    return true
                }
            }
            return false
        case .list(let items)?:
            return items.contains { hides($0) }
        default:
            return false
        }
    }

    /// `a/b/c` → `a/b`; `a` → "".
    private static func parent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// Marks the posts below a hiding folder headless (no address).
    static func apply(to posts: inout [Post], site: Site) {
        guard case .hugo = site.kind else { return }
        let hiding = hidingFolders(above: posts, site: site)
        guard !hiding.isEmpty else { return }
        for index in posts.indices where !posts[index].headless {
            var folder = parent(posts[index].path)
            // A leaf bundle's own folder holds no _index; its parents decide.
            while !folder.isEmpty {
                if hiding.contains(folder) {
                    posts[index].headless = true
                    posts[index].urlOverride = ""
                    break
                }
                folder = parent(folder)
            }
        }
    }
}
