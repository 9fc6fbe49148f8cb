import Blog
import Foundation

/// Opening a site: one rule for the app and every command. The site is found as git finds a
/// repository (walking up), or as the one site below a repository's folder (`docs/`,
/// `exampleSite/`), and refused before anything is read when a folder its configuration
/// declares leads into `.git` or (restricted) outside the site.
public enum SiteOpening {
    /// What is at a path: a site, or several sites below it to choose from.
    public enum Found: Sendable, Equatable {
        case site(Site)
        /// `folder` is not a site; these sites are below it (absolute paths, sorted).
        case several(in: String, [String])
    }

    /// The site containing `path`, or the one site below it. Restricted (an author on a shared
    /// server), only the site containing `path`: no other folder is looked into or offered.
    public static func find(
        _ path: String, restricted: Bool, jekyllConfigs: [String]? = nil
    ) throws(ContentError) -> Found {
        let site: Site
        do {
            site = try Site.open(containing: path, jekyllConfigs: jekyllConfigs)
        } catch {
            guard !restricted else { throw error }
            let below = Site.sitesBelow(path)
            if below.count > 1 { return .several(in: path, below) }
            guard let only = below.first else { throw error }
            return .site(try open(only, restricted: false, jekyllConfigs: jekyllConfigs))
        }
        try site.requireDeclaredFoldersInside(restricted: restricted)
        return .site(site)
    }

    /// The site containing `path`, with its declared folders checked (`find` without looking below).
    public static func open(
        _ path: String, restricted: Bool, jekyllConfigs: [String]? = nil
    ) throws(ContentError) -> Site {
        let site = try Site.open(containing: path, jekyllConfigs: jekyllConfigs)
        try site.requireDeclaredFoldersInside(restricted: restricted)
        return site
    }
}
