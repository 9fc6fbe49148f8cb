import Foundation

/// Where an image added to a post goes and how the post links it — one rule for the app's
/// Ctrl-R: Hugo keeps it in the post's bundle (linked by name); Jekyll has no bundles, so it
/// goes into the folder the site's posts already take images from (else `assets/images/`) and
/// is linked from the site root (through `relative_url` when the site has a `baseurl`).
public struct ImagePlacement: Sendable, Equatable {
    /// Site-relative folder the image is copied into.
    public let folder: String
    /// The site's baseurl when links go through `relative_url` (Jekyll), else nil.
    let relativeURLBase: String?
    let rootRelative: Bool

    /// The placement for images of the post at `post` (site-relative), or a reason there is none.
    public static func forPost(_ post: String, site: Site) -> Result<ImagePlacement, ContentError> {
        guard case .jekyll(let config) = site.kind else {
            guard let bundle = PagePath.bundleDirectory(of: post) else {
                return .failure(
                    ContentError(
                        file: post, problem: "this is a single-file page, so it has no bundle to hold images",
                        hint:
                            "Put the image under static/ and link it, or make the post a bundle (a folder with index.md)"
                    ))
            }
            return .success(ImagePlacement(folder: bundle, relativeURLBase: nil, rootRelative: false))
        }
        return .success(
            ImagePlacement(
                folder: imageFolder(site: site, config: config),
                relativeURLBase: config.baseURL.isEmpty ? nil : config.baseURL, rootRelative: true))
    }

    /// The markdown link target for an image named `name` in `folder`.
    public func link(to name: String) -> String {
        guard rootRelative else { return name }
        let path = "/" + folder + "/" + name
        return relativeURLBase == nil ? path : "{{ '\(path)' | relative_url }}"
    }

    /// The folder most image links in the site's posts point into, else `assets/images`.
    static func imageFolder(site: Site, config: JekyllConfig) -> String {
        var counts: [String: Int] = [:]
        for candidate in JekyllScanner(root: site.root, config: config).candidates().filter({ $0.kind != .page })
            .suffix(200)
        {
            guard let bytes = DirectoryListing.read(site.absolute(candidate.path)) else { continue }
            for reference in JekyllReferences.rootPaths(in: String(decoding: bytes, as: UTF8.self))
            where JekyllReferences.isImage(reference) {
                let folder = (reference as NSString).deletingLastPathComponent
                if !folder.isEmpty { counts[folder, default: 0] += 1 }
            }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "assets/images"
    }
}

/// Site files a Jekyll post refers to by their path from the site root: `](/assets/x.png)`,
/// `{{ '/assets/x.png' | relative_url }}`, `{% link assets/x.pdf %}`, `src="/x.png"`.
public enum JekyllReferences {
    /// Site-relative paths (no leading slash) referred to in `text`, in order, each once.
    public static func rootPaths(in text: String) -> [String] {
        var found: [String] = []
        let patterns = [
            #"\]\(\s*/([^)\s"'{}]+)"#, #"\{\{\s*['"]/([^'"]+)['"]\s*\|\s*(?:relative|absolute)_url"#,
            #"\{%\s*link\s+/?([^\s%]+)\s*%\}"#, #"(?:src|href)=["']/([^"'{}]+)["']"#,
        ]
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for match in expression.matches(in: text, range: range) {
                guard let captured = Range(match.range(at: 1), in: text) else { continue }
                var path = String(text[captured])
                if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
                path = path.removingPercentEncoding ?? path
                if !path.isEmpty, !path.contains(".."), !found.contains(path) { found.append(path) }
            }
        }
        return found
    }

    static func isImage(_ path: String) -> Bool {
        ["png", "jpg", "jpeg", "gif", "svg", "webp", "avif"].contains((path as NSString).pathExtension.lowercased())
    }

    /// The referenced paths that are files inside the site (not folders, not links out of it).
    public static func localFiles(in text: String, site: Site) -> [String] {
        rootPaths(in: text).filter { path in
            var isDirectory: ObjCBool = false
            let absolute = site.absolute(path)
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return false }
            return (try? SiteContainment.require(absolute, insideSite: site.root, display: path)) != nil
        }
    }
}
