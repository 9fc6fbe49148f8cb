import CGit2
import Foundation

/// A commit nakedblog made.
public struct CommitOutcome: Sendable, Equatable {
    public var commit: CommitSummary
    /// The paths the commit changed (relative to the work tree).
    public var files: [String]
    /// Whether it carries a signature.
    public var signed: Bool

    public init(commit: CommitSummary, files: [String], signed: Bool) {
        self.commit = commit
        self.files = files
        self.signed = signed
    }
}

extension Repository {
    /// Stages `paths` (post files or bundle directories, relative to the work tree) and commits
    /// exactly them: the new tree is HEAD's tree with only those paths replaced, so other staged
    /// or unstaged changes stay out of the commit and in the work tree. With `all`, everything is
    /// staged and committed (`git add --all && git commit`). Work is proportional to the change.
    ///
    /// Returns nil when nothing under `paths` differs from HEAD. Refuses on detached HEAD, a
    /// pending merge or rebase, missing identity, and failed signing (never commits unsigned when
    /// `commit.gpgsign` is set).
    public func commit(
        paths: [String], all: Bool = false, message: String, author: CommitAuthor? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(GitError) -> CommitOutcome? {
        let head = try headState()
        try requireCommittable(head)
        let signer = try CommitSigner.configured(in: self, environment: environment)
        // The committer is the repository's identity; without one, the author (a shared server's).
        let signature = try defaultSignature(orElse: author)
        defer { git_signature_free(signature) }
        let authorSignature = try author?.signature()
        defer { if let authorSignature { git_signature_free(authorSignature) } }

        var index: OpaquePointer?
        try check(git_repository_index(&index, handle), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")

        let parent = try headCommit(head)
        defer { git_commit_free(parent) }
        let baseTree = try treeOf(parent)
        defer { git_tree_free(baseTree) }

        var treeID = git_oid()
        var changed: [String]?
        if all {
            try stageAll(in: index!)
            try check(git_index_write_tree(&treeID, index), "git_index_write_tree")
        } else {
            try stage(paths, in: index!)
            (treeID, changed) = try updatedTree(base: baseTree!, paths: paths.map(Self.normalized), index: index!)
        }
        try check(git_index_write(index), "git_index_write")
        if git_oid_equal(&treeID, git_tree_id(baseTree)) == 1 { return nil }

        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, handle, &treeID), "git_tree_lookup")
        defer { git_tree_free(tree) }
        let cleanMessage = try prettified(message)
        var commitID = try createCommit(
            message: cleanMessage, tree: tree!, parent: parent,
            author: authorSignature.map { UnsafePointer($0) }, signature: signature!, signer: signer)
        try moveBranch(
            head, to: &commitID, from: parent.map { git_commit_id($0).pointee }, reflog: "commit: \(cleanMessage)")
        // The files the commit changes: known from the update itself (a tree diff would walk
        // every entry of a 20,000-post directory); `--all` diffs the trees.
        let files: [String]
        if let changed { files = changed } else { files = try changedFiles(from: baseTree!, to: tree!) }
        return CommitOutcome(
            commit: CommitSummary(id: commitID.hexString, summary: commitSummary(commitID)),
            files: files, signed: signer != nil)
    }

    private func requireCommittable(_ head: HeadState) throws(GitError) {
        if case .detached(let id) = head {
            throw GitError(
                kind: .unsupportedState, operation: "commit",
                message:
                    "HEAD is detached at \(id.prefix(7)): nakedblog publishes to a branch; check one out first (git switch main)"
            )
        }
        let pending = pendingOperation()
        if pending != .none {
            throw GitError(
                kind: .unsupportedState, operation: "commit",
                message:
                    "a \(pending.rawValue) is in progress in this repository; finish or abort it with git first (git \(pending == .merge ? "merge" : pending.rawValue) --abort)"
            )
        }
    }

    /// The committer from `user.name` / `user.email` (global, repository and included files);
    /// without one, `fallback` (when given).
    func defaultSignature(orElse fallback: CommitAuthor? = nil) throws(GitError) -> UnsafeMutablePointer<git_signature>?
    {
        var signature: UnsafeMutablePointer<git_signature>?
        let status = git_signature_default(&signature, handle)
        if status < 0 {
            git_error_clear()
            if let fallback { return try fallback.signature() }
            throw GitError(
                kind: .identityMissing, operation: "commit",
                message:
                    "git does not know who you are: set your name and email with git config --global user.name \"Your Name\" and git config --global user.email you@example.com"
            )
        }
        return signature
    }

    /// HEAD's commit (nil on an unborn branch). The caller frees it.
    func headCommit(_ head: HeadState) throws(GitError) -> OpaquePointer? {
        if case .unborn = head { return nil }
        var oid = try resolve("HEAD")
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, handle, &oid), "git_commit_lookup")
        return commit
    }

    /// `commit`'s tree, or the empty tree for nil. The caller frees it.
    func treeOf(_ commit: OpaquePointer?) throws(GitError) -> OpaquePointer? {
        var tree: OpaquePointer?
        if let commit {
            try check(git_commit_tree(&tree, commit), "git_commit_tree")
            return tree
        }
        var builder: OpaquePointer?
        try check(git_treebuilder_new(&builder, handle, nil), "git_treebuilder_new")
        defer { git_treebuilder_free(builder) }
        var empty = git_oid()
        try check(git_treebuilder_write(&empty, builder), "git_treebuilder_write")
        try check(git_tree_lookup(&tree, handle, &empty), "git_tree_lookup")
        return tree
    }

    /// `base` with `paths` replaced by what the index holds for them (upserts and removals), and
    /// the paths that really differ from `base`.
    private func updatedTree(base: OpaquePointer, paths: [String], index: OpaquePointer) throws(GitError) -> (
        git_oid, [String]
    ) {
        var upserts: [(path: String, id: git_oid, mode: UInt32)] = []
        var staged = Set<String>()
        for path in paths {
            if let entry = git_index_get_bypath(index, path, 0)?.pointee {
                upserts.append((path, entry.id, entry.mode))
                staged.insert(path)
            }
            var position = 0
            if git_index_find_prefix(&position, index, path + "/") == 0 {
                let count = git_index_entrycount(index)
                while position < count, let entry = git_index_get_byindex(index, position)?.pointee,
                    let cPath = entry.path
                {
                    let entryPath = String(cString: cPath)
                    guard entryPath.hasPrefix(path + "/") else { break }
                    if !staged.contains(entryPath) {
                        upserts.append((entryPath, entry.id, entry.mode))
                        staged.insert(entryPath)
                    }
                    position += 1
                }
            } else {
                git_error_clear()
            }
        }
        let removals = try treeFiles(in: base, under: paths).filter { !staged.contains($0) }
        var cStrings: [UnsafeMutablePointer<CChar>?] = []
        defer { cStrings.forEach { free($0) } }
        var updates: [git_tree_update] = []
        for upsert in upserts {
            let path = strdup(upsert.path)
            cStrings.append(path)
            updates.append(
                git_tree_update(
                    action: GIT_TREE_UPDATE_UPSERT, id: upsert.id,
                    filemode: git_filemode_t(upsert.mode), path: path))
        }
        for removal in removals {
            let path = strdup(removal)
            cStrings.append(path)
            updates.append(
                git_tree_update(
                    action: GIT_TREE_UPDATE_REMOVE, id: git_oid(),
                    filemode: GIT_FILEMODE_BLOB, path: path))
        }
        var result = git_oid()
        try check(git_tree_create_updated(&result, handle, base, updates.count, updates), "git_tree_create_updated")
        var changed = removals
        for upsert in upserts {
            var entry: OpaquePointer?
            if git_tree_entry_bypath(&entry, base, upsert.path) == 0 {
                defer { git_tree_entry_free(entry) }
                var id = upsert.id
                if git_oid_equal(git_tree_entry_id(entry), &id) == 1
                    && git_tree_entry_filemode(entry).rawValue == upsert.mode
                {
                    continue
                }
            } else {
                git_error_clear()
            }
            changed.append(upsert.path)
        }
        return (result, changed.sorted())
    }

    /// Files in `tree` at or under each of `paths`.
    private func treeFiles(in tree: OpaquePointer, under paths: [String]) throws(GitError) -> [String] {
        var result: [String] = []
        for path in paths {
            var entry: OpaquePointer?
            guard git_tree_entry_bypath(&entry, tree, path) == 0 else { git_error_clear(); continue }
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_type(entry) == GIT_OBJECT_TREE else { result.append(path); continue }
            var subtree: OpaquePointer?
            try check(git_tree_lookup(&subtree, handle, git_tree_entry_id(entry)), "git_tree_lookup")
            defer { git_tree_free(subtree) }
            let collector = PathCollector(prefix: path + "/")
            _ = withExtendedLifetime(collector) {
                git_tree_walk(
                    subtree, GIT_TREEWALK_PRE,
                    { root, entry, payload in
                        guard git_tree_entry_type(entry) != GIT_OBJECT_TREE, let root,
                            let name = git_tree_entry_name(entry)
                        else { return 0 }
                        let collector = Unmanaged<PathCollector>.fromOpaque(payload!).takeUnretainedValue()
                        collector.paths.append(collector.prefix + String(cString: root) + String(cString: name))
                        return 0
                    }, Unmanaged.passUnretained(collector).toOpaque())
            }
            result += collector.paths
        }
        return result
    }

    private final class PathCollector {
        let prefix: String
        var paths: [String] = []
        init(prefix: String) { self.prefix = prefix }
    }

    private func prettified(_ message: String) throws(GitError) -> String {
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_message_prettify(&buffer, message, 0, 0x23), "git_message_prettify")
        let text = buffer.ptr.map { String(cString: $0) } ?? ""
        guard !text.isEmpty else {
            throw GitError(kind: .other, operation: "commit", message: "the commit message is empty; write one")
        }
        return text
    }

    /// Writes the commit object (signed when a signer is configured) without moving any ref.
    func createCommit(
        message: String, tree: OpaquePointer, parent: OpaquePointer?,
        author: UnsafePointer<git_signature>? = nil,
        signature: UnsafeMutablePointer<git_signature>, signer: CommitSigner?
    ) throws(GitError) -> git_oid {
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        var parents: [OpaquePointer?] = parent.map { [$0] } ?? []
        let status = parents.withUnsafeMutableBufferPointer { list in
            git_commit_create_buffer(
                &buffer, handle, author ?? UnsafePointer(signature), signature, nil, message, tree,
                list.count, list.baseAddress)
        }
        try check(status, "git_commit_create_buffer")
        let content = buffer.ptr.map { String(cString: $0) } ?? ""
        var oid = git_oid()
        if let signer {
            let who = "\(String(cString: signature.pointee.name)) <\(String(cString: signature.pointee.email))>"
            let armored = try signer.sign(content, committer: who)
            try check(
                git_commit_create_with_signature(&oid, handle, content, armored, "gpgsig"),
                "git_commit_create_with_signature")
        } else {
            try check(
                git_commit_create_with_signature(&oid, handle, content, nil, nil), "git_commit_create_with_signature")
        }
        return oid
    }

    /// Points `head`'s branch at `commit`, only if it still points at `expected` (nil: unborn).
    func moveBranch(_ head: HeadState, to commit: inout git_oid, from expected: git_oid?, reflog: String)
        throws(GitError)
    {
        guard let branch = head.branchName else {
            throw GitError(kind: .unsupportedState, operation: "commit", message: "HEAD is detached")
        }
        var ref: OpaquePointer?
        let firstLine = reflog.split(separator: "\n").first.map(String.init) ?? reflog
        if var old = expected {
            try check(
                git_reference_create_matching(&ref, handle, "refs/heads/\(branch)", &commit, 1, &old, firstLine),
                "git_reference_create_matching")
        } else {
            try check(
                git_reference_create(
                    &ref, handle, "refs/heads/\(branch)", &commit, 0,
                    firstLine.replacingOccurrences(of: "commit:", with: "commit (initial):")),
                "git_reference_create")
        }
        git_reference_free(ref)
    }

    /// Paths that differ between two trees (unchanged subtrees are skipped by id).
    func changedFiles(from old: OpaquePointer, to new: OpaquePointer) throws(GitError) -> [String] {
        var diff: OpaquePointer?
        try check(git_diff_tree_to_tree(&diff, handle, old, new, nil), "git_diff_tree_to_tree")
        defer { git_diff_free(diff) }
        return (0..<git_diff_num_deltas(diff)).compactMap { index in
            guard let delta = git_diff_get_delta(diff, index)?.pointee else { return nil }
            return (delta.new_file.path ?? delta.old_file.path).map { String(cString: $0) }
        }
    }
}
