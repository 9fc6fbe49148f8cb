import Foundation

/// What publishing a post commits, relative to which work tree: the one rule the app's publish
/// sheet, its build check and its publish, and the `publish` and `check` commands all use.
///
/// A site may sit in a folder of a larger repository (`blog/` in the work tree): paths the site
/// knows (`content/posts/x/index.md`) become repository paths (`blog/content/posts/x`). A post's
/// file or bundle folder is committed whole, with (on a Jekyll site) the new or changed files it
/// refers to; a bundle that is a link leading outside the site is refused (its files are not the
/// site's to publish). The site's spelling word list (`SiteWordList`) goes with every post.
public struct PublishPlan: Sendable, Equatable {
    /// The site root relative to the work tree, ending in `/` ("" when they are the same).
    public var prefix: String
    /// Repository-relative paths to commit.
    public var commitPaths: [String]

    public init(prefix: String, commitPaths: [String]) {
        self.prefix = prefix
        self.commitPaths = commitPaths
    }

    /// The site root relative to the work tree ("" or "blog/"), links resolved on both sides.
    public static func sitePrefix(siteRoot: String, workdir: String) -> String {
        let base = workdir.hasSuffix("/") ? workdir : workdir + "/"
        let resolvedRoot = URL(fileURLWithPath: siteRoot).resolvingSymlinksInPath().path + "/"
        let resolvedBase = URL(fileURLWithPath: base).resolvingSymlinksInPath().path + "/"
        return resolvedRoot.hasPrefix(resolvedBase) ? String(resolvedRoot.dropFirst(resolvedBase.count)) : ""
    }

    /// The plan for publishing `post` (site-relative) of `site`, in the work tree at `workdir`.
    /// `deleted`: the repository paths deleted in the work tree; a Jekyll post's former place
    /// among them (the same post moved between `_drafts/` and `_posts/`, or re-dated) is
    /// committed with it, so the remote never keeps both.
    public static func forPost(_ post: String, site: Site, workdir: String, deleted: [String] = []) throws(ContentError)
        -> PublishPlan
    {
        let prefix = sitePrefix(siteRoot: site.root, workdir: workdir)
        let own = PagePath.commitPath(of: post)
        try SiteContainment.require(site.absolute(own), insideSite: site.root, display: own)
        let referenced = PagePath.referencedFiles(of: post, site: site).filter { $0 != own }
        // The site's spelling words go with it (a word added while writing the post).
        let words = SiteWordList.files(siteRoot: site.root).filter {
            SiteContainment.isInside(site.absolute($0), site: site.root)
        }
        let former =
            site.kind.jekyll == nil
            ? [] : DraftSwitch.formerPlaces(of: post, among: SitePath(prefix: prefix).inSite(deleted))
        return PublishPlan(prefix: prefix, commitPaths: ([own] + former + referenced + words).map { prefix + $0 })
    }

    /// A site path as the repository names it.
    public func inRepository(_ sitePath: String) -> String { prefix + sitePath }

}
