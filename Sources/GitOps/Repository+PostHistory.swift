import CGit2
import Foundation

/// One commit in a post's history.
public struct PostHistoryEntry: Sendable, Equatable {
    /// The commit (40 hex digits) and its first parent (nil for a root commit).
    public let commit: String
    public let parent: String?
    /// The author's time and name.
    public let time: Date
    public let author: String
    /// The first line of the message.
    public let subject: String
    /// Where the post was in this commit (repository-relative file or bundle folder).
    public let path: String
    /// Lines added and removed in the post by this commit.
    public let added: Int
    public let removed: Int
    /// The post's path before this commit, when this commit moved it (a rename or a Jekyll
    /// draft made a post).
    public let renamedFrom: String?
    /// This commit deleted the post.
    public let deleted: Bool
}

extension Repository {
    /// Every commit on HEAD's first-parent line that changed `path` (a file or a folder,
    /// repository-relative), newest first, following renames with libgit2's similarity
    /// detection (a Jekyll draft moved into `_posts/`, a retitled bundle). Unchanged commits
    /// cost two tree lookups each.
    /// `gitProgram`: whether the `git` program may walk it (faster on big repositories; off on a
    /// shared server, where no other program runs, and in tests that compare the two walks).
    public func history(of path: String, limit: Int = 10_000, gitProgram: Bool = true) throws(GitError)
        -> [PostHistoryEntry]
    {
        guard (try? headCommitID()) ?? nil != nil else { return [] }
        if gitProgram, let walked = historyThroughGit(of: path, limit: limit) { return walked }
        return try walkHistory(of: path, limit: limit)
    }

    /// `history(of:)` walked with libgit2 alone.
    func walkHistory(of path: String, limit: Int) throws(GitError) -> [PostHistoryEntry] {
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, handle), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        // Parents after children whatever the clock said (commits made within a second).
        git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue)
        git_revwalk_simplify_first_parent(walk)
        try check(git_revwalk_push_head(walk), "git_revwalk_push_head")
        var current = Self.normalized(path)
        var entries: [PostHistoryEntry] = []
        var oid = git_oid()
        // The first-parent walk meets each commit right after its child: the child's "before"
        // lookup is this commit's "now" (a tree of thousands of entries is parsed once, not twice).
        var known: (commit: String, path: String, entry: git_oid?)?
        while entries.count < limit, git_revwalk_next(&oid, walk) == 0 {
            var commit: OpaquePointer?
            guard git_commit_lookup(&commit, handle, &oid) == 0 else { git_error_clear(); continue }
            defer { git_commit_free(commit) }
            var tree: OpaquePointer?
            guard git_commit_tree(&tree, commit) == 0 else { git_error_clear(); continue }
            defer { git_tree_free(tree) }
            var parent: OpaquePointer?, parentTree: OpaquePointer?
            if git_commit_parentcount(commit) > 0, git_commit_parent(&parent, commit, 0) == 0 {
                if git_commit_tree(&parentTree, parent) != 0 { git_error_clear() }
            } else {
                git_error_clear()
            }
            defer {
                git_commit_free(parent)
                git_tree_free(parentTree)
            }
            let id = oid.hexString
            let now =
                known.flatMap { $0.commit == id && $0.path == current ? $0.entry : nil }
                ?? (known?.commit == id && known?.path == current ? nil : entryID(tree, current))
            let before = parentTree.map { entryID($0, current) } ?? nil
            known = parent.map { (git_commit_id($0).pointee.hexString, current, before) }
            guard now?.hexString != before?.hexString else { continue }
            var renamedFrom: String?
            if now != nil, before == nil, let parentTree {
                renamedFrom = renameSource(of: current, from: parentTree, to: tree)
            }
            let (added, removed) = lineCounts(
                from: parentTree, to: tree, paths: [current] + (renamedFrom.map { [$0] } ?? []))
            let signature = git_commit_author(commit)
            entries.append(
                PostHistoryEntry(
                    commit: oid.hexString, parent: parent.map { git_commit_id($0).pointee.hexString },
                    time: Date(timeIntervalSince1970: TimeInterval(signature?.pointee.when.time ?? 0)),
                    author: signature?.pointee.name.map { String(cString: $0) } ?? "",
                    subject: git_commit_summary(commit).map { String(cString: $0) } ?? "",
                    path: current, added: added, removed: removed, renamedFrom: renamedFrom, deleted: now == nil))
            if let renamedFrom { current = renamedFrom }
        }
        git_error_clear()
        return entries
    }

    /// The id of the tree entry at `path` in `tree` (nil when there is none).
    func entryID(_ tree: OpaquePointer?, _ path: String) -> git_oid? {
        var entry: OpaquePointer?
        guard git_tree_entry_bypath(&entry, tree, path) == 0 else { git_error_clear(); return nil }
        defer { git_tree_entry_free(entry) }
        return git_tree_entry_id(entry).pointee
    }

    /// Where `path` (added between the trees) came from, if libgit2 finds it a rename: the
    /// file's old path, or for a folder the old folder its files came from.
    func renameSource(of path: String, from old: OpaquePointer?, to new: OpaquePointer?) -> String? {
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        var diff: OpaquePointer?
        guard git_diff_tree_to_tree(&diff, handle, old, new, &options) == 0 else { git_error_clear(); return nil }
        defer { git_diff_free(diff) }
        var find = git_diff_find_options()
        git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION))
        find.flags = GIT_DIFF_FIND_RENAMES.rawValue
        guard git_diff_find_similar(diff, &find) == 0 else { git_error_clear(); return nil }
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index), delta.pointee.status == GIT_DELTA_RENAMED,
                let newPath = delta.pointee.new_file.path.map({ String(cString: $0) }),
                let oldPath = delta.pointee.old_file.path.map({ String(cString: $0) })
            else { continue }
            if newPath == path { return oldPath }
            // A folder: its file's path under it names the old folder (same name inside).
            if newPath.hasPrefix(path + "/") {
                let inside = String(newPath.dropFirst(path.count + 1))
                if oldPath.hasSuffix("/" + inside) { return String(oldPath.dropLast(inside.count + 1)) }
            }
        }
        return nil
    }

    /// Lines added and removed under `paths` between the trees (renames paired).
    func lineCounts(from old: OpaquePointer?, to new: OpaquePointer?, paths: [String]) -> (Int, Int) {
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        var strings = paths.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var diff: OpaquePointer?
        let status = strings.withUnsafeMutableBufferPointer { buffer -> Int32 in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return git_diff_tree_to_tree(&diff, handle, old, new, &options)
        }
        guard status == 0 else { git_error_clear(); return (0, 0) }
        defer { git_diff_free(diff) }
        var find = git_diff_find_options()
        git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION))
        find.flags = GIT_DIFF_FIND_RENAMES.rawValue
        if git_diff_find_similar(diff, &find) != 0 { git_error_clear() }
        var added = 0, removed = 0
        for index in 0..<git_diff_num_deltas(diff) {
            var patch: OpaquePointer?
            guard git_patch_from_diff(&patch, diff, index) == 0 else { git_error_clear(); continue }
            defer { git_patch_free(patch) }
            var context = 0, additions = 0, deletions = 0
            if git_patch_line_stats(&context, &additions, &deletions, patch) == 0 {
                added += additions
                removed += deletions
            }
        }
        return (added, removed)
    }

    /// The content of `path` in `revision` (a commit id or any revision git understands).
    public func content(of path: String, at revision: String) -> Data? {
        var object: OpaquePointer?
        guard git_revparse_single(&object, handle, revision + ":" + Self.normalized(path)) == 0 else {
            git_error_clear()
            return nil
        }
        defer { git_object_free(object) }
        guard git_object_type(object) == GIT_OBJECT_BLOB else { return nil }
        return Data(bytes: git_blob_rawcontent(object), count: Int(git_blob_rawsize(object)))
    }

    /// The full id of a revision (`HEAD~2`, an abbreviated id); nil when it names no commit.
    public func commitID(of revision: String) -> String? {
        var object: OpaquePointer?
        guard git_revparse_single(&object, handle, revision + "^{commit}") == 0 else { git_error_clear(); return nil }
        defer { git_object_free(object) }
        return git_object_id(object).pointee.hexString
    }

    /// The commit HEAD's upstream (remote-tracking branch) points at, as of the last fetch.
    public func upstreamCommitID() -> String? {
        guard let head = try? headState(), let remote = remoteName(for: head),
            let ref = upstreamTrackingRef(remote: remote, head: head), let oid = try? resolve(ref)
        else { return nil }
        return oid.hexString
    }

    /// Whether `commit` is `upstream` or one of its ancestors (it is on the remote).
    public func isAncestor(_ commit: String, of upstream: String) -> Bool {
        if commit == upstream { return true }
        var a = git_oid(), b = git_oid()
        guard git_oid_fromstr(&a, upstream) == 0, git_oid_fromstr(&b, commit) == 0 else {
            git_error_clear(); return false
        }
        let result = git_graph_descendant_of(handle, &a, &b)
        if result < 0 { git_error_clear() }
        return result == 1
    }
}
