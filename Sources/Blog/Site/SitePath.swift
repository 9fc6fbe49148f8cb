import Foundation

/// Where a site sits in its repository's work tree, and the one conversion between the paths
/// the repository names (`blog/content/posts/x`) and the paths the site names
/// (`content/posts/x`).
public struct SitePath: Sendable, Equatable {
    /// The site root relative to the work tree, ending in `/` ("" when they are the same).
    public let prefix: String

    public init(prefix: String) { self.prefix = prefix }

    /// The site at `siteRoot` in the work tree at `workdir` (links resolved on both sides).
    public init(siteRoot: String, workdir: String) {
        prefix = PublishPlan.sitePrefix(siteRoot: siteRoot, workdir: workdir)
    }

    /// A site path as the repository names it.
    public func inRepository(_ sitePath: String) -> String { prefix + sitePath }

    /// A repository path as the site names it; nil when it is not in the site.
    public func inSite(_ repositoryPath: String) -> String? {
        repositoryPath.hasPrefix(prefix) ? String(repositoryPath.dropFirst(prefix.count)) : nil
    }

    /// The repository paths that are in the site, as the site names them.
    public func inSite(_ repositoryPaths: some Sequence<String>) -> [String] {
        repositoryPaths.compactMap { inSite($0) }
    }
}

/// A name not taken yet: `base`, else `base-2`, `base-3`… (`made` puts the number in).
public enum UniqueName {
    public static func first(
        _ base: String, made: (String, Int) -> String = { "\($0)-\($1)" }, isTaken: (String) -> Bool
    ) -> String {
        var name = base
        var counter = 1
        while isTaken(name) {
            counter += 1
            name = made(base, counter)
        }
        return name
    }
}
