import CGit2
import Foundation

extension Repository {
    /// The same history as `history(of:)`, walked by the `git` program when it is installed:
    /// libgit2 caches no delta base over 1 MiB, so a section of 20,000 posts (a 1.2 MB tree) was
    /// inflated from its base for every commit walked (4.8× git's time on the bench
    /// repository). git walks the commits with path pruning; renames are found here with
    /// libgit2, and the walk goes on from the rename's parent under the old path. Nil when git
    /// is missing or refuses (then `history(of:)` walks it with libgit2).
    func historyThroughGit(of path: String, limit: Int) -> [PostHistoryEntry]? {
        guard let workdir = workingDirectory, let git = Self.program("git") else { return nil }
        var entries: [PostHistoryEntry] = []
        var current = Self.normalized(path), start = "HEAD"
        while entries.count < limit {
            // No configuration but the repository's, nothing that could run another program.
            let arguments = [
                git, "-C", workdir, "-c", "core.fsmonitor=false", "-c", "log.showSignature=false",
                "-c", "core.quotePath=false", "log", "--first-parent", "--no-renames", "--no-ext-diff",
                "--no-textconv", "--numstat", "--summary", "-z", "--max-count=\(limit - entries.count)",
                "--format=%x1e%H %P%x1f%at%x1f%an%x1f%s", start, "--", current,
            ]
            guard
                let result = try? ExternalCommand.run(
                    arguments, input: Data(),
                    environment: [
                        "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
                        "HOME": "/nonexistent", "LC_ALL": "C",
                    ]),
                result.status == 0
            else { return nil }
            var found = Self.parseLog(result.output, path: current)
            guard !found.isEmpty else { break }
            // The oldest commit found: where the path began, maybe moved from elsewhere.
            var oldest = found.removeLast()
            entries += found
            let renamed = renameAtStart(of: current, in: oldest)
            if let renamed {
                let (added, removed) =
                    withTrees(oldest.commit, oldest.parent) { new, old in
                        lineCounts(from: old, to: new, paths: [current, renamed])
                    } ?? (oldest.added, oldest.removed)
                oldest = PostHistoryEntry(
                    commit: oldest.commit, parent: oldest.parent, time: oldest.time, author: oldest.author,
                    subject: oldest.subject, path: current, added: added, removed: removed, renamedFrom: renamed,
                    deleted: oldest.deleted)
            }
            entries.append(oldest)
            guard let renamed, let parent = oldest.parent else { break }
            current = renamed
            start = parent
        }
        return entries
    }

    /// Commits of `git log -z --numstat --format=…` output, lines summed per commit.
    static func parseLog(_ output: Data, path: String) -> [PostHistoryEntry] {
        let text = String(decoding: output, as: UTF8.self)
        return text.split(separator: "\u{1E}").compactMap { record in
            let parts = record.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
            let header = parts[0].split(separator: "\u{1F}", omittingEmptySubsequences: false)
            guard header.count == 4 else { return nil }
            let ids = header[0].split(separator: " ")
            guard let commit = ids.first else { return nil }
            var added = 0, removed = 0, deleted = false
            if parts.count > 1 {
                for line in parts[1].split(separator: "\0") {
                    let trimmed = line.trimmingCharacters(in: .newlines)
                    // `--summary`: " delete mode 100644 path" (a folder: its files, one by one).
                    if trimmed.hasPrefix(" delete mode ") || trimmed.hasPrefix("delete mode ") {
                        let deletedPath = trimmed.split(separator: " ", maxSplits: 3).last.map(String.init) ?? ""
                        if deletedPath == path || deletedPath.hasPrefix(path + "/") { deleted = true }
                        continue
                    }
                    let fields = trimmed.split(separator: "\t", maxSplits: 2)
                    guard fields.count == 3 else { continue }
                    added += Int(fields[0]) ?? 0
                    removed += Int(fields[1]) ?? 0
                }
            }
            return PostHistoryEntry(
                commit: String(commit), parent: ids.count > 1 ? String(ids[1]) : nil,
                time: Date(timeIntervalSince1970: TimeInterval(Int(header[1]) ?? 0)), author: String(header[2]),
                subject: String(header[3]), path: path, added: added, removed: removed, renamedFrom: nil,
                deleted: deleted)
        }
    }

    /// The old path when `entry`'s commit added `path` by moving it.
    private func renameAtStart(of path: String, in entry: PostHistoryEntry) -> String? {
        guard entry.parent != nil else { return nil }
        return withTrees(entry.commit, entry.parent) { new, old -> String? in
            guard entryID(new, path) != nil, entryID(old, path) == nil else { return nil }
            return renameSource(of: path, from: old, to: new)
        } ?? nil
    }

    /// `body` with the trees of `commit` and of `parent` (nil: the empty tree), freed after.
    private func withTrees<T>(_ commit: String, _ parent: String?, _ body: (OpaquePointer?, OpaquePointer?) -> T) -> T?
    {
        func tree(_ id: String?) -> OpaquePointer? {
            guard let id else { return nil }
            var oid = git_oid(), commit: OpaquePointer?, tree: OpaquePointer?
            guard git_oid_fromstr(&oid, id) == 0, git_commit_lookup(&commit, handle, &oid) == 0 else {
                git_error_clear()
                return nil
            }
            defer { git_commit_free(commit) }
            if git_commit_tree(&tree, commit) != 0 { git_error_clear() }
            return tree
        }
        guard let new = tree(commit) else { return nil }
        let old = tree(parent)
        defer { git_tree_free(new); git_tree_free(old) }
        return body(new, old)
    }

    /// The path of `name` on PATH.
    static func program(_ name: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/local/bin"] where access(directory + "/" + name, X_OK) == 0 {
            return directory + "/" + name
        }
        return nil
    }
}
