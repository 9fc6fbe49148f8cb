import Foundation

/// Where a page's bundle is: the one rule for "is this page a bundle" that publishing (what to
/// commit), adding images (where they go) and the review of a publish share.
public enum PagePath {
    /// Whether a file named `name` is a bundle's page: `index.*` (a leaf bundle) or `_index.*`
    /// (a branch bundle), in any language (`index.fr.md`).
    public static func isBundlePage(_ name: String) -> Bool {
        name.hasPrefix("index.") || name.hasPrefix("_index.")
    }

    /// The bundle folder of the page at `path` (relative or absolute), or nil for a single-file page.
    public static func bundleDirectory(of path: String) -> String? {
        isBundlePage((path as NSString).lastPathComponent) ? (path as NSString).deletingLastPathComponent : nil
    }

    /// What a publish of the page at `path` commits: its bundle folder, or the file itself.
    public static func commitPath(of path: String) -> String {
        bundleDirectory(of: path) ?? path
    }
}

extension PagePath {
    /// Files besides the page that a publish of it commits when they are new or changed: on a
    /// Jekyll site (no bundles), the site files the post refers to from the site root (its
    /// images under `assets/`); nothing on a Hugo site, whose bundle holds them. Site-relative.
    public static func referencedFiles(of post: String, site: Site) -> [String] {
        guard site.kind.jekyll != nil, let bytes = DirectoryListing.read(site.absolute(post)) else { return [] }
        return JekyllReferences.localFiles(in: String(decoding: bytes, as: UTF8.self), site: site).filter { $0 != post }
    }
}
