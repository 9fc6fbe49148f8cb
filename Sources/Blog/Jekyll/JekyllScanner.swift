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
        /// The folder the file is in (site-root-relative; shared by its folder's candidates).
        let folder: String
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
            guard !parts[..<special].contains(where: Self.isSpecial), !inside.isEmpty,
                Self.readableInside(Substring(inside))
            else { return nil }
            let kind: PostKind = parts[special] == "_posts" ? .post : .draft
            guard kind == .draft || Self.datedName(parts.last!) != nil, PathName.extension(parts.last!).isEmpty == false
            else { return nil }
            return Candidate(path: path, kind: kind, base: base, folder: PathName.directory(path))
        }
        guard !parts.contains(where: Self.isSpecial), !isExcluded(path),
            config.isMarkdown(extension: PathName.extension(path))
        else { return nil }
        return Candidate(path: path, kind: .page, base: "", folder: PathName.directory(path))
    }

    private func walk(_ directory: String, into found: inout [Candidate]) {
        let absolute = directory.isEmpty ? root : root + "/" + directory
        guard let entries = DirectoryListing.entries(absolute) else { return }
        for entry in entries where !entry.isSymbolicLink {
            let path = directory.isEmpty ? entry.name : directory + "/" + entry.name
            if entry.isDirectory && (entry.name == "_posts" || entry.name == "_drafts") {
                collect(
                    below: path, insideFrom: path.utf8.count + 1, kind: entry.name == "_posts" ? .post : .draft,
                    base: directory,
                    into: &found)
                continue
            }
            guard !Self.isSpecial(entry.name), !isExcluded(path) else { continue }
            if entry.isDirectory {
                walk(path, into: &found)
            } else if config.isMarkdown(extension: PathName.extension(entry.name)) {
                found.append(Candidate(path: path, kind: .page, base: "", folder: directory))
            }
        }
    }

    /// The documents below a `_posts`/`_drafts` folder (`Dir["**/*"]`: no links, no hidden
    /// entries), checked as Jekyll checks them. Serial work for every file of a site, so the
    /// checks read bytes and the path is the only string made.
    private func collect(
        below folder: String, insideFrom: Int, kind: PostKind, base: String, into found: inout [Candidate]
    ) {
        // Unsorted: the index sorts the posts (a _posts folder may hold tens of thousands).
        guard let entries = DirectoryHandle(path: root + "/" + folder)?.entries(sorted: false) else { return }
        for entry in entries where !entry.isSymbolicLink && !entry.name.hasPrefix(".") {
            let path = folder + "/" + entry.name
            if entry.isDirectory {
                collect(below: path, insideFrom: insideFrom, kind: kind, base: base, into: &found)
                continue
            }
            guard Self.readableInside(Substring(path.utf8.dropFirst(insideFrom))), PathName.hasExtension(entry.name),
                kind == .draft || Self.isDatedName(entry.name)
            else { continue }
            found.append(Candidate(path: path, kind: kind, base: base, folder: folder))
        }
    }

    /// Whether Jekyll reads an entry path found inside `_posts`/`_drafts`: neither it nor its
    /// file name starts with a special character (`.`, `_`, `#`, `~`), no folder on the way is
    /// hidden, and it is not a backup (`~` at the end).
    static func readableInside(_ inside: Substring) -> Bool {
        let slash = UInt8(ascii: "/")
        let utf8 = inside.utf8
        guard let last = utf8.last, last != UInt8(ascii: "~"), last != slash else { return false }
        var atPieceStart = true, isFirstPiece = true
        var lastPieceFirst: UInt8 = 0
        for byte in utf8 {
            if byte == slash {
                atPieceStart = true
                isFirstPiece = false
                continue
            }
            if atPieceStart {
                if byte == UInt8(ascii: ".") || (isFirstPiece && isSpecialFirst(byte)) { return false }
                lastPieceFirst = byte
                atPieceStart = false
            }
        }
        return !isSpecialFirst(lastPieceFirst)
    }

    private static func isSpecialFirst(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "~")
    }

    /// Names Jekyll skips: `.x`, `_x`, `#x`, `~x`, and backups `x~`.
    static func isSpecial(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return true }
        return isSpecialFirst(first) || name.hasSuffix("~")
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
        guard let parts = bytes.withUnsafeBufferPointer(datedParts) else { return nil }
        return (
            String(decoding: bytes[..<parts.dateEnd], as: UTF8.self), String(decoding: bytes[parts.slug], as: UTF8.self)
        )
    }

    /// Whether `name` is a post's file name (`datedName` is not nil), without making strings.
    static func isDatedName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { datedParts($0) != nil }
    }

    /// Where a dated name's date ends and its slug lies (before the last dot).
    private static func datedParts(_ bytes: UnsafeBufferPointer<UInt8>) -> (dateEnd: Int, slug: Range<Int>)? {
        var index = 0
        func digits(_ range: ClosedRange<Int>) -> Bool {
            var count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, count < range.upperBound {
                index += 1; count += 1
            }
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
        return (dateEnd, index..<dot)
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
