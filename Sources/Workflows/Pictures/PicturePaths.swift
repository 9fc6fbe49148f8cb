import Blog
import Foundation

/// What Tab offers in Ctrl-R's path box: the entries of the folder being typed that a picture
/// could be (folders, and files named like pictures), or — with nothing typed — the newest
/// pictures in the places they arrive (`~/Downloads`, `~/Pictures`, `~/uploads`, the site's
/// `static/` and `assets/`, the author's upload folder). On a shared server, only inside the site
/// or the author's upload folder: nothing of the server's other folders is listed.
public enum PicturePaths {
    /// File name extensions of the pictures `ImageSource` reads.
    public static let pictureExtensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "webp", "avif", "heic", "heif", "hif", "tif", "tiff", "svg",
    ]
    /// At most this many candidates.
    public static let limit = 40

    /// The candidates for `typed`, written as the writer wrote it (`~/` kept).
    public static func candidates(
        for typed: String, site: Site, restricted: Bool, environment: [String: String], author: String? = nil
    ) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let upload = ImageSettings.load(environment: environment).uploadFolder(author: author)
        let allowed = ([site.root] + (upload.map { [$0] } ?? [])).compactMap(resolved)
        func permitted(_ folder: String) -> Bool {
            guard restricted else { return true }
            guard let real = resolved(folder) else { return false }
            return allowed.contains { real == $0 || real.hasPrefix($0 + "/") }
        }
        guard !typed.isEmpty else {
            let places =
                (restricted ? [] : ["Downloads", "Pictures", "uploads"].map { home + "/" + $0 })
                + [site.root + "/static", site.root + "/assets"] + (upload.map { [$0] } ?? [])
            let pictures = places.filter(permitted).flatMap { folder in
                entries(of: folder, prefix: "").filter { !$0.folder }.map { (folder + "/" + $0.name, $0.modified) }
            }
            return pictures.sorted { $0.1 > $1.1 }.prefix(limit).map { path in
                path.0.hasPrefix(home + "/") ? "~" + path.0.dropFirst(home.count) : path.0
            }
        }
        let expanded = typed.hasPrefix("~/") ? home + typed.dropFirst(1) : typed
        let absolute = expanded.hasPrefix("/") ? expanded : site.root + "/" + expanded
        let folder = absolute.hasSuffix("/") ? String(absolute.dropLast()) : StandardPath.folder(of: absolute)
        let prefix = absolute.hasSuffix("/") ? "" : (absolute as NSString).lastPathComponent
        guard permitted(folder.isEmpty ? "/" : folder) else { return [] }
        let typedFolder = typed.hasSuffix("/") ? typed : String(typed.dropLast(prefix.count))
        return entries(of: folder.isEmpty ? "/" : folder, prefix: prefix).prefix(limit).map {
            typedFolder + $0.name + ($0.folder ? "/" : "")
        }
    }

    /// The longest start every candidate shares (what Tab completes to when several match).
    public static func commonStart(_ candidates: [String]) -> String {
        guard var common = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            common = String(zip(common, candidate).prefix { $0 == $1 }.map(\.0))
        }
        return common
    }

    private static func resolved(_ path: String) -> String? {
        realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    /// Folders and picture files in `folder` starting with `prefix` (hidden ones only when the
    /// prefix is; never `.git`), sorted by name.
    private static func entries(of folder: String, prefix: String) -> [(name: String, folder: Bool, modified: Date)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasPrefix(prefix), name != ".git", !name.hasPrefix(".") || prefix.hasPrefix(".") else {
                return nil
            }
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0 else { return nil }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            guard isFolder || pictureExtensions.contains((name as NSString).pathExtension.lowercased()) else {
                return nil
            }
            return (name, isFolder, Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)))
        }
    }
}
