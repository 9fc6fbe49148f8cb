import Foundation

/// The one rule for every read and write of repository content: a path is inside the site only
/// if, with every symbolic link followed, it is under the site's root and under no `.git`
/// folder. A post, word list, archetype or configuration file that is a link to
/// `../.git/config` or `~/.ssh/id_ed25519` — or a `contentDir` / `archetypeDir` that points
/// away — would otherwise let whoever can push to the repository make nakedblog read, show,
/// copy into a post (and so publish) or overwrite files anywhere the user can.
public enum SiteContainment {
    /// Where a path leads.
    public enum Verdict: Sendable, Equatable {
        case inside
        /// Outside the site's root (to the resolved path).
        case outside(String)
        /// Into a `.git` folder (the repository's metadata: remotes with tokens, hooks).
        case intoGit(String)
        /// A loop of symbolic links: never assumed inside.
        case loop
    }

    /// Where `path` (absolute, existing or not) leads with respect to the site at `root`.
    public static func verdict(_ path: String, site root: String) -> Verdict {
        let resolvedRoot = resolve(root) ?? root
        guard let resolved = resolve(path) else { return .loop }
        let prefix = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        guard resolved == resolvedRoot || resolved.hasPrefix(prefix) else { return .outside(resolved) }
        let within = resolved.dropFirst(min(prefix.count, resolved.count))
        if within.split(separator: "/").contains(".git") { return .intoGit(resolved) }
        return .inside
    }

    /// Throws unless `path` (absolute, existing or not) is inside the site at `root` by the rule
    /// above. `display` names the file in the one-line refusal.
    public static func require(_ path: String, insideSite root: String, display: String) throws(ContentError) {
        if let refusal = refusal(verdict(path, site: root), display: display) { throw refusal }
    }

    /// The refusal for a verdict that is not `.inside`: the path and the rule, in one short line.
    public static func refusal(_ verdict: Verdict, display: String) -> ContentError? {
        switch verdict {
        case .inside: return nil
        case .outside: return ContentError(file: display, problem: "refused: outside the site", hint: rule)
        case .intoGit: return ContentError(file: display, problem: "refused: leads into .git", hint: rule)
        case .loop: return ContentError(file: display, problem: "refused: a loop of links", hint: rule)
        }
    }

    /// The rule, as refusals state it.
    public static let rule = "Site only, never .git"

    /// Whether `path` is inside the site at `root` by the rule above.
    public static func isInside(_ path: String, site root: String) -> Bool {
        verdict(path, site: root) == .inside
    }

    /// `path` with every symbolic link followed: the existing part resolved by `realpath`, the
    /// missing rest appended lexically (`..` in the rest is applied).
    public static func resolve(_ path: String) -> String? {
        var existing = StandardPath.of(path)
        var rest: [String] = []
        var hops = 0
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                var result = String(cString: real)
                for component in rest.reversed() {
                    if component == ".." {
                        result = StandardPath.folder(of: result)
                    } else {
                        result += (result.hasSuffix("/") ? "" : "/") + component
                    }
                }
                return result
            }
            // A dangling link is followed to where it points, as a write through it would be.
            if let target = linkTarget(existing) {
                hops += 1
                if hops > 40 { return nil }
                existing = StandardPath.of(
                    target.hasPrefix("/") ? target : StandardPath.folder(of: existing) + "/" + target)
                continue
            }
            let parent = StandardPath.folder(of: existing)
            guard parent != existing else { return nil }
            rest.append(String(existing[existing.index(after: existing.lastIndex(of: "/") ?? existing.startIndex)...]))
            existing = parent
        }
    }

    /// What the symbolic link at `path` points to, or nil when `path` is not a link.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file a write to `path` lands in: `path` itself, or, when it is a symbolic link (to a
    /// link…), the file at the end of the chain — so that saving through a link writes its
    /// target instead of replacing the link with a copy. Nil for a loop.
    public static func writeTarget(_ path: String) -> String? {
        var current = StandardPath.of(path)
        for _ in 0..<40 {
            guard let target = linkTarget(current) else { return current }
            current = StandardPath.of(target.hasPrefix("/") ? target : StandardPath.folder(of: current) + "/" + target)
        }
        return nil
    }
}
