import Foundation

extension Site {
    /// Whether a Hugo `ref`/`relref` target (`posts/x`, `/posts/x.md`, `x#anchor`) names a page.
    public func pageExists(ref target: String, from file: String? = nil) -> Bool {
        var path =
            target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? target
        if path.isEmpty { return true }  // "#anchor" on the same page
        let relativeToFile = !path.hasPrefix("/") && file != nil
        while path.hasPrefix("/") { path.removeFirst() }
        var bases = config.contentRoots.map { absolute($0.dir) }
        if relativeToFile, let file { bases.insert((absolute(file) as NSString).deletingLastPathComponent, at: 0) }
        let fm = FileManager.default
        for base in bases {
            for candidate in [path, path + ".md", path + "/index.md", path + "/_index.md"] {
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: base + "/" + candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                    return true
                }
            }
        }
        return false
    }
}

extension Site {
    /// Whether the site or its theme has a Hugo `render-blockquote` hook (the only way Hugo
    /// draws `> [!NOTE]` as an alert): `layouts/_default/_markup/` (Hugo before 0.146) or
    /// `layouts/_markup/`, any output format or language variant of the name.
    public var hasBlockquoteHook: Bool {
        guard case .hugo = kind else { return false }
        let layouts = ["layouts"] + config.themes.map { config.themesDir + "/" + $0 + "/layouts" }
        for folder in layouts {
            for markup in ["/_default/_markup", "/_markup"] {
                let path = absolute(folder + markup)
                guard SiteContainment.isInside(path, site: root) || !path.hasPrefix(root),
                    let names = try? FileManager.default.contentsOfDirectory(atPath: path)
                else { continue }
                if names.contains(where: { $0.hasPrefix("render-blockquote") }) { return true }
            }
        }
        return false
    }
}
