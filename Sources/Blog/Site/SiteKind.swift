import Foundation

/// Which generator builds a site: the one seam where Hugo and Jekyll differ (finding the site,
/// listing its pages, where a new post goes, what a draft is). A third generator is a new case
/// here and a reader of its own; the app and the commands do not change.
public enum SiteKind: Sendable, Equatable {
    case hugo
    case jekyll(JekyllConfig)

    /// The generator's name, for messages and `list`.
    public var name: String {
        switch self {
        case .hugo: "Hugo"
        case .jekyll: "Jekyll"
        }
    }

    /// The generator's command (`hugo`, `jekyll`).
    public var command: String {
        switch self {
        case .hugo: "hugo"
        case .jekyll: "jekyll"
        }
    }

    /// The Jekyll configuration, for a Jekyll site.
    public var jekyll: JekyllConfig? {
        if case .jekyll(let config) = self { return config }
        return nil
    }

    /// Whether `directory` is a Jekyll site's root: a `_config.yml` (or `.yaml`/`.toml`) beside
    /// `_posts/` or `_drafts/`.
    /// A folder Jekyll would build as a blog: `_posts/` or `_drafts/` in it, with or without a
    /// config file (Jekyll's defaults apply without one).
    static func isJekyllRoot(_ directory: String) -> Bool {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        return ["_posts", "_drafts"].contains {
            fm.fileExists(atPath: directory + "/" + $0, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
