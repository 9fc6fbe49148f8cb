import Blog
import Foundation
import GitOps

extension PublishCheck {
    /// What a check of repository paths (pages, or bundles' folders) is about: the site the first
    /// path is in, its place in the repository, and the pages among the paths, site-relative.
    /// `check` and `publish` start their build checks from it.
    public struct Subject: Sendable {
        public let site: Site
        /// The site's folder in the repository (`""` at its root, else ending in `/`).
        public let prefix: String
        public let pages: [String]
    }

    /// The subject of `paths` (repository-relative) in the work tree at `workdir`; nil when the
    /// first is in no site.
    public static func subject(of paths: [String], workdir: String) -> Subject? {
        guard let first = paths.first else { return nil }
        let file = workdir + first
        let folder =
            FileManager.default.fileExists(atPath: file + "/.") ? file : (file as NSString).deletingLastPathComponent
        guard let site = try? Site.open(containing: folder) else { return nil }
        let sitePaths = SitePath(siteRoot: site.root, workdir: workdir)
        return Subject(
            site: site, prefix: sitePaths.prefix,
            pages: sitePaths.inSite(paths.flatMap { PublishReview.pages(of: $0, workdir: workdir) }))
    }
}
