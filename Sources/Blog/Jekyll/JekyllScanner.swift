import Foundation

/// Finds a Jekyll site's documents as Jekyll 4.3's reader does: `_posts/` and `_drafts/` in the
/// site root and in every folder Jekyll reads (`news/_posts/`), at any depth below them; and the
/// markdown pages outside them. Entries Jekyll skips (names starting with `.`, `_`, `#` or `~`,
/// backups ending in `~`, `exclude:`) are skipped; so is every symbolic link (nakedblog never
/// follows one out of the site).
struct JekyllScanner {
    /// A file that may be a document: whether it is one depends on its first line (`---`).
    struct Candidate: Sendable {
        /// Site-root-relative path.
        let path: String
        let kind: PostKind
        /// The folder holding `_posts`/`_drafts` (`news`), "" at the root; its parts are categories.
        let base: String
    }

    let root: String
    let config: JekyllConfig

    /// Every candidate file, in walking order (folders sorted).
    func candidates() -> [Candidate] {
        var found: [Candidate] = []
        walk("", into: &found)
        return found
    }

    /// The candidate at a site-root-relative path, or nil when Jekyll would not read it as a document.
    func candidate(at path: String) -> Candidate? {
        let parts = path.split(separator: "/").map(String.init)
        if let special = parts.lastIndex(where: { $0 == "_posts" || $0 == "_drafts" }) {
            let base = parts[..<special].joined(separator: "/")
            let inside = parts[(special + 1)...].joined(separator: "/")
            guard !parts[..<special].contains(where: Self.isSpecial), !inside.isEmpty, Self.readableInside(inside) else { return nil }
            let kind: PostKind = parts[special] == "_posts" ? .post : .draft
            guard kind == .draft || Self.datedName(parts.last!) != nil, PathName.extension(parts.last!).isEmpty == false else { return nil }
            return Candidate(path: path, kind: kind, base: base)
        }
        guard !parts.contains(where: Self.isSpecial), !isExcluded(path), config.isMarkdown(extension: PathName.extension(path)) else { return nil }
        return Candidate(path: path, kind: .page, base: "")
    }

    private func walk(_ directory: String, into found: inout [Candidate]) {
        let absolute = directory.isEmpty ? root : root + "/" + directory
        guard let entries = DirectoryListing.entries(absolute) else { return }
        for entry in entries where !entry.isSymbolicLink {
            let path = directory.isEmpty ? entry.name : directory + "/" + entry.name
            if entry.isDirectory && (entry.name == "_posts" || entry.name == "_drafts") {
                for file in files(under: path) {
                    let inside = String(file.dropFirst(path.count + 1))
                    guard Self.readableInside(inside), !PathName.extension(inside).isEmpty else { continue }
                    if entry.name == "_posts" {
                        guard Self.datedName(PathName.last(inside)) != nil else { continue }
                        found.append(Candidate(path: file, kind: .post, base: directory))
                    } else {
                        found.append(Candidate(path: file, kind: .draft, base: directory))
                    }
                }
                continue
            }
            guard !Self.isSpecial(entry.name), !isExcluded(path) else { continue }
            if entry.isDirectory {
                walk(path, into: &found)
            } else if config.isMarkdown(extension: PathName.extension(entry.name)) {
                found.append(Candidate(path: path, kind: .page, base: ""))
            }
        }
    }

    /// Files below `directory` (site-root-relative), no links, no hidden entries (`Dir["**/*"]`).
    private func files(under directory: String) -> [String] {
        // Unsorted: the index sorts the posts (a _posts folder may hold tens of thousands).
        guard let entries = DirectoryHandle(path: root + "/" + directory)?.entries(sorted: false) else { return [] }
        var files: [String] = []
        for entry in entries where !entry.isSymbolicLink && !entry.name.hasPrefix(".") {
            let path = directory + "/" + entry.name
            if entry.isDirectory { files += self.files(under: path) } else { files.append(path) }
        }
        return files
    }

    /// Whether Jekyll reads an entry path found inside `_posts`/`_drafts`: neither it nor its
    /// file name starts with a special character, nor is it a backup.
    static func readableInside(_ inside: String) -> Bool {
        !isSpecial(inside) && !isSpecial(PathName.last(inside)) && !inside.hasSuffix("~")
            && !inside.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Names Jekyll skips: `.x`, `_x`, `#x`, `~x`, and backups `x~`.
    static func isSpecial(_ name: String) -> Bool {
        guard let first = name.first else { return true }
        return first == "." || first == "_" || first == "#" || first == "~" || name.hasSuffix("~")
    }

    /// Whether `exclude:` (or Jekyll's own list) names `path` or a folder above it.
    func isExcluded(_ path: String) -> Bool {
        for pattern in JekyllConfig.builtInExcludes + config.exclude {
            var trimmed = pattern
            while trimmed.hasPrefix("/") { trimmed.removeFirst() }
            while trimmed.hasSuffix("/") { trimmed.removeLast() }
            if trimmed.isEmpty { continue }
            if path == trimmed || path.hasPrefix(trimmed + "/") || fnmatch(trimmed, path, 0) == 0 { return true }
        }
        return false
    }

    /// A post file name's date and slug (`2016-05-19-codeblocks-ahoy.md` → `2016-05-19`,
    /// `codeblocks-ahoy`), nil when the name does not start with a date.
    static func datedName(_ name: String) -> (date: String, slug: String)? {
        let bytes = Array(name.utf8)
        var index = 0
        func digits(_ range: ClosedRange<Int>) -> Bool {
            var count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, count < range.upperBound { index += 1; count += 1 }
            return count >= range.lowerBound
        }
        func dash() -> Bool {
            guard index < bytes.count, bytes[index] == 0x2D else { return false }
            index += 1
            return true
        }
        guard digits(2...4), dash(), digits(1...2), dash(), digits(1...2) else { return nil }
        let dateEnd = index
        guard dash(), let dot = bytes.lastIndex(of: 0x2E), dot >= index, dot + 1 < bytes.count else { return nil }
        return (String(decoding: bytes[..<dateEnd], as: UTF8.self), String(decoding: bytes[index..<dot], as: UTF8.self))
    }
}

/// `{% post_url 2016-05-19-slug %}` targets: a post with that name (any extension), in any
/// `_posts` folder (`news/2016-05-19-slug` names one below a folder).
public enum JekyllPostLookup {
    public static func exists(_ name: String, site: Site, config: JekyllConfig) -> Bool {
        let wanted = name.split(separator: "/").last.map(String.init) ?? name
        return JekyllScanner(root: site.root, config: config).candidates().contains { candidate in
            guard candidate.kind == .post else { return false }
            let file = PathName.last(candidate.path)
            return PathName.droppingExtension(file) == wanted
        }
    }
}
