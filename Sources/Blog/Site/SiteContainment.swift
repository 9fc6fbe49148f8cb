import Foundation

/// Where nakedblog may write (and copy from) for a site: inside its root once every symbolic
/// link is followed. A section or bundle folder that is a link to elsewhere, or a `contentDir` /
/// `archetypeDir` that points outside the site, would otherwise let a repository someone else
/// wrote make nakedblog write (or copy into a post, and so publish) files anywhere the user can.
public enum SiteContainment {
    /// Throws unless `path` (absolute, existing or not) resolves inside `root`. `display` names
    /// the file in the message.
    public static func require(_ path: String, insideSite root: String, display: String) throws(ContentError) {
        let resolvedRoot = resolve(root) ?? root
        // Unresolvable (a loop of links): refused, never assumed inside.
        let resolved = resolve(path) ?? "a loop of symbolic links"
        guard resolved == resolvedRoot || resolved.hasPrefix(resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/") else {
            throw ContentError(file: display, problem: "this path leads outside the site (to \(resolved)) through a symbolic link or the site's configuration",
                               hint: "nakedblog writes only inside \(resolvedRoot); nothing was written (the command line's --outside-site allows it)")
        }
    }

    /// Whether `path` resolves inside `root`.
    public static func isInside(_ path: String, site root: String) -> Bool {
        (try? require(path, insideSite: root, display: path)) != nil
    }

    /// `path` with every symbolic link followed: the existing part resolved by `realpath`, the
    /// missing rest appended lexically (`..` in the rest is applied).
    static func resolve(_ path: String) -> String? {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        var hops = 0
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                var result = String(cString: real)
                for component in rest.reversed() {
                    if component == ".." { result = (result as NSString).deletingLastPathComponent } else { result += (result.hasSuffix("/") ? "" : "/") + component }
                }
                return result
            }
            // A dangling link is followed to where it points, as a write through it would be.
            var info = stat()
            if lstat(existing, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
               let target = try? FileManager.default.destinationOfSymbolicLink(atPath: existing) {
                hops += 1
                if hops > 40 { return nil }
                existing = target.hasPrefix("/") ? target : (existing as NSString).deletingLastPathComponent + "/" + target
                existing = URL(fileURLWithPath: existing).standardizedFileURL.path
                continue
            }
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing else { return nil }
            rest.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }
}
