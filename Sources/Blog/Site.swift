import Foundation

/// A Hugo site on disk: its root directory and configuration.
public struct Site: Sendable {
    /// Absolute path of the site root (no trailing slash).
    public let root: String
    public let config: SiteConfig

    public init(root: String, config: SiteConfig) {
        self.root = root
        self.config = config
    }

    /// Opens the site containing `directory`: walks up (like git) to the first directory with a
    /// Hugo config file or `config/_default/`.
    public static func open(containing directory: String) throws(ContentError) -> Site {
        let start = URL(fileURLWithPath: directory).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: start, isDirectory: &isDirectory) else {
            throw ContentError(file: directory, problem: "no such directory", hint: "Check the path")
        }
        var current = isDirectory.boolValue ? start : (start as NSString).deletingLastPathComponent
        while true {
            if isSiteRoot(current) {
                return Site(root: current, config: try SiteConfig.load(root: current))
            }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        throw ContentError(file: directory,
                           problem: "not inside a Hugo site: no hugo.toml/yaml/json, config.toml/yaml/json or config/_default/ here or in any parent directory",
                           hint: "Run nakedblog in your blog's directory, pass its path, or clone it with `nakedblog clone URL`")
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
        let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
        return standardized.hasPrefix(root + "/") ? String(standardized.dropFirst(root.count + 1)) : standardized
    }
}
