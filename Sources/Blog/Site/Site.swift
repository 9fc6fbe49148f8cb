import Foundation

/// A Hugo or Jekyll site on disk: its root directory, generator and configuration.
public struct Site: Sendable, Equatable {
    /// Absolute path of the site root (no trailing slash).
    public let root: String
    /// Hugo's configuration; for a Jekyll site, the title and defaults only (see `kind`).
    public let config: SiteConfig
    /// The generator, with its own configuration for Jekyll.
    public let kind: SiteKind

    public init(root: String, config: SiteConfig, kind: SiteKind = .hugo) {
        self.root = root
        self.config = config
        self.kind = kind
    }

    /// Opens the site containing `directory`: walks up (like git) to the first directory with a
    /// Hugo config file or `config/_default/`, or a Jekyll `_posts/` or `_drafts/` folder (with or without `_config.yml`).
    public static func open(containing directory: String, jekyllConfigs: [String]? = nil) throws(ContentError) -> Site {
        let start = StandardPath.of(directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: start, isDirectory: &isDirectory) else {
            throw ContentError(file: directory, problem: "no such directory", hint: "Check the path")
        }
        var current = isDirectory.boolValue ? start : StandardPath.folder(of: start)
        while true {
            if isSiteRoot(current) {
                return Site(root: current, config: try SiteConfig.load(root: current))
            }
            if SiteKind.isJekyllRoot(current) {
                let jekyll = try JekyllConfig.load(root: current, files: jekyllConfigs)
                return Site(root: current, config: SiteConfig(jekyll: jekyll), kind: .jekyll(jekyll))
            }
            let parent = StandardPath.folder(of: current)
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        throw ContentError(
            file: directory,
            problem:
                "not inside a Hugo or Jekyll site: no hugo.toml/yaml/json, config.toml/yaml/json or config/_default/ (Hugo), and no _posts/ or _drafts/ folder (Jekyll) here or in any parent directory",
            hint: "Run nakedblog in your blog's directory, pass its path, or clone it with `nakedblog clone URL`")
    }

    /// The Hugo and Jekyll sites in the folders below `directory`, up to `depth` levels down
    /// (a repository with its site in `docs/` or a theme's `exampleSite/`): absolute paths,
    /// sorted. Links, hidden folders, `_`-folders and generators' output or dependency folders
    /// are not entered; a site's own folders are not searched for more sites.
    public static func sitesBelow(_ directory: String, depth: Int = 2) -> [String] {
        let skipped: Set<String> = [
            "node_modules", "vendor", "public", "resources", "themes", "_site", "dist", "build",
        ]
        var found: [String] = []
        func search(_ folder: String, level: Int) {
            guard level > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names.sorted() where !name.hasPrefix(".") && !name.hasPrefix("_") && !skipped.contains(name) {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
                if isSiteRoot(path) || SiteKind.isJekyllRoot(path) {
                    found.append(path)
                } else {
                    search(path, level: level - 1)
                }
            }
        }
        search(StandardPath.of(directory), level: depth)
        return found
    }

    static func isSiteRoot(_ directory: String) -> Bool {
        let fm = FileManager.default
        if SiteConfig.rootFileNames.contains(where: { fm.fileExists(atPath: directory + "/" + $0) }) { return true }
        var isDirectory: ObjCBool = false
        return fm.fileExists(atPath: directory + "/config/_default", isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `root/relative`.
    public func absolute(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : root + "/" + relative
    }

    /// The site-root-relative form of an absolute path inside the site.
    public func relative(_ absolute: String) -> String {
        let standardized = StandardPath.of(absolute)
        return standardized.hasPrefix(root + "/") ? String(standardized.dropFirst(root.count + 1)) : standardized
    }
}
