import Foundation

/// Turns a post into a draft or a draft into a post, as its generator has it — the one rule the
/// browser's `d`, the publish sheet's toggle, `nakedblog draft` and `publish --undraft` share.
/// Hugo: the `draft` field, edited in place. Jekyll: the file moves between `_drafts/slug.md`
/// and `_posts/YYYY-MM-DD-slug.md` (one rename in git), its front matter untouched except for a
/// `date:` added on undrafting when the site's posts carry one.
public enum DraftSwitch {
    /// What changed: the post's path now, and the path it left (a Jekyll move), if any.
    public struct Result: Sendable, Equatable {
        public let path: String
        public let movedFrom: String?

        /// Every path a commit of the change must include (the new place and the old).
        public var commitPaths: [String] { [PagePath.commitPath(of: path)] + (movedFrom.map { [$0] } ?? []) }
    }

    /// Whether the post at `path` (site-root-relative) is a draft now.
    public static func isDraft(_ path: String, site: Site) throws(ContentError) -> Bool {
        if site.kind.jekyll != nil { return jekyllParts(path)?.kind == .draft }
        let page = try PageText.read(path: site.absolute(path), display: path)
        return try FrontMatterEditor(page: page, file: path).fields()["draft"]?.bool ?? false
    }

    /// Makes the post at `path` a draft (`draft: true`) or not; `now` dates a Jekyll post made
    /// from a draft without a date. Nothing changes when it already is what was asked.
    public static func set(_ path: String, draft: Bool, site: Site, now: Date = Date()) throws(ContentError) -> Result {
        try SiteContainment.require(site.absolute(path), insideSite: site.root, display: path)
        guard case .jekyll(let config) = site.kind else {
            let file = site.absolute(path)
            var editor = try FrontMatterEditor(page: try PageText.read(path: file, display: path), file: path)
            if (try editor.fields()["draft"]?.bool ?? false) != draft {
                try editor.set("draft", to: .bool(draft))
                try write(editor.page.data(), to: file, display: path, replacing: true)
            }
            return Result(path: path, movedFrom: nil)
        }
        guard let parts = jekyllParts(path) else {
            throw ContentError(
                file: path, problem: "this page is not in _posts/ or _drafts/, so it has no draft state",
                hint: "Drafts live in _drafts/; posts in _posts/ with a date in their names")
        }
        if (parts.kind == .draft) == draft { return Result(path: path, movedFrom: nil) }
        let file = site.absolute(path)
        var page = try PageText.read(path: file, display: path)
        let target: String
        if draft {
            // The date stays in the name (a published post's date lives only there): undrafting
            // it again gives back the same file, byte for byte.
            target = parts.base + "_drafts/" + parts.inside + parts.name
        } else if JekyllScanner.datedName(parts.name) != nil {
            target = parts.base + "_posts/" + parts.inside + parts.name
        } else {
            let zone = config.timeZone
            let fields = (try? FrontMatterEditor(page: page, file: path).fields()) ?? FrontMatterFields()
            let dated = fields.fields.first { $0.key == "date" }.flatMap { JekyllDate.read($0.value, zone: zone) }
            let day = dated ?? JekyllDate.fromInstant(now, zone: zone)
            target =
                parts.base + "_posts/" + parts.inside
                + HugoDate.format(day.date, offsetSeconds: day.offsetSeconds ?? 0, dateOnly: true) + "-" + parts.name
            if dated == nil, page.frontMatter != nil, sitePostsCarryDates(site: site, config: config) {
                var editor = try FrontMatterEditor(page: page, file: path)
                let offset = zone.secondsFromGMT(for: now)
                try editor.set("date", to: .date(jekyllTimestamp(now, offsetSeconds: offset)))
                page = editor.page
            }
        }
        let targetFile = site.absolute(target)
        try SiteContainment.require(targetFile, insideSite: site.root, display: target)
        guard !FileManager.default.fileExists(atPath: targetFile) else {
            throw ContentError(
                file: target, problem: "a file is already there", hint: "Rename one of them; nothing was moved")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: (targetFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw ContentError(
                file: target, problem: "cannot create its folder", hint: "Check the permissions of the site")
        }
        // The new file exists before the old one goes: a crash leaves both, never neither.
        try write(page.data(), to: targetFile, display: target, replacing: false)
        var info = stat()
        if stat(file, &info) == 0 { chmod(targetFile, info.st_mode & 0o7777) }
        guard unlink(file) == 0 else {
            throw ContentError(
                file: path, problem: "cannot remove the old file after copying it to \(target)",
                hint: FileProblem.readHint(file))
        }
        return Result(path: target, movedFrom: path)
    }

    /// Which of `paths` (site-relative) are earlier places of the Jekyll document at `path`: the
    /// same name (its date left out) under the same folder's `_posts/` or `_drafts/`.
    public static func formerPlaces(of path: String, among paths: [String]) -> [String] {
        guard let parts = jekyllParts(path) else { return [] }
        func undated(_ name: String) -> String {
            JekyllScanner.datedName(name).map { String(name.dropFirst($0.date.count + 1)) } ?? name
        }
        let name = undated(parts.name)
        return paths.filter { candidate in
            guard candidate != path, let other = jekyllParts(candidate) else { return false }
            return other.base == parts.base && other.inside == parts.inside && undated(other.name) == name
        }
    }

    /// A Jekyll document's place: the folder above `_posts`/`_drafts` (with its slash), the
    /// folders inside (with a slash), the file name, and which of the two it is in.
    static func jekyllParts(_ path: String) -> (base: String, inside: String, name: String, kind: PostKind)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let special = parts.lastIndex(where: { $0 == "_posts" || $0 == "_drafts" }), special < parts.count - 1
        else { return nil }
        let base = parts[..<special].map { $0 + "/" }.joined()
        let inside = parts[(special + 1)..<(parts.count - 1)].map { $0 + "/" }.joined()
        return (base, inside, parts.last!, parts[special] == "_posts" ? .post : .draft)
    }

    /// Whether most of the site's posts say `date:` in their front matter (then an undrafted post
    /// gets one too, in the same spelling as Jekyll's documentation).
    static func sitePostsCarryDates(site: Site, config: JekyllConfig) -> Bool {
        let posts = JekyllScanner(root: site.root, config: config).candidates().filter { $0.kind == .post }.suffix(50)
        guard !posts.isEmpty else { return false }
        let dated = posts.filter { candidate in
            guard let page = try? PageText.read(path: site.absolute(candidate.path), display: candidate.path),
                let fields = try? FrontMatterEditor(page: page, file: candidate.path).fields()
            else { return false }
            return fields.fields.contains { $0.key == "date" }
        }
        return dated.count * 2 > posts.count
    }

    /// `2026-11-24 09:30:00 +0000`.
    static func jekyllTimestamp(_ date: Date, offsetSeconds: Int) -> String {
        let rfc = HugoDate.format(date, offsetSeconds: offsetSeconds)
        let offset = rfc.suffix(6).replacingOccurrences(of: ":", with: "")
        return rfc.prefix(10) + " " + rfc.dropFirst(11).prefix(8) + " " + offset
    }

    private static func write(_ data: Data, to file: String, display: String, replacing: Bool) throws(ContentError) {
        var info = stat()
        let permissions: mode_t = stat(file, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        do {
            if replacing {
                try AtomicFile.write(data, to: file, permissions: permissions)
            } else {
                try AtomicFile.create(data, at: file)
            }
        } catch {
            throw ContentError(file: display, problem: error.reason, hint: "Nothing was changed")
        }
    }
}
