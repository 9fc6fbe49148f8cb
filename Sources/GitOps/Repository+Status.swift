import CGit2
import Foundation

extension Repository {
    /// Branch, upstream, ahead/behind (as of the last fetch), unpushed commits and changed paths.
    /// `paths` limits the changed paths to these files or directories (all when empty).
    public func status(paths: [String] = []) throws(GitError) -> RepositoryStatus {
        let head = try headState()
        let tracking = try trackingState(head)
        return RepositoryStatus(
            head: head, pending: pendingOperation(), remote: tracking.remote,
            upstream: tracking.upstreamRef.map { String($0.dropFirst("refs/remotes/".count)) },
            ahead: tracking.ahead, behind: tracking.behind, unpushed: tracking.unpushed,
            entries: try changedPaths(limitedTo: paths))
    }

    /// The remote, upstream and ahead/behind counts of `head` (no work-tree scan).
    struct Tracking {
        var remote: String?
        var upstreamRef: String?
        var ahead = 0
        var behind = 0
        var unpushed: [CommitSummary] = []
    }

    func trackingState(_ head: HeadState) throws(GitError) -> Tracking {
        var tracking = Tracking()
        tracking.remote = remoteName(for: head)
        tracking.upstreamRef = tracking.remote.flatMap { upstreamTrackingRef(remote: $0, head: head) }
        var headID: git_oid?
        if case .unborn = head {} else { headID = try resolve("HEAD") }
        if var local = headID, let upstream = tracking.upstreamRef, var upstreamID = try? resolve(upstream) {
            try check(
                git_graph_ahead_behind(&tracking.ahead, &tracking.behind, handle, &local, &upstreamID),
                "git_graph_ahead_behind")
        }
        if let headID { tracking.unpushed = try unpushedCommits(from: headID, remote: tracking.remote) }
        if tracking.remote != nil, tracking.upstreamRef == nil { tracking.ahead = tracking.unpushed.count }
        return tracking
    }

    /// Where HEAD is.
    public func headState() throws(GitError) -> HeadState {
        if git_repository_head_unborn(handle) == 1 {
            return .unborn(unbornBranchName() ?? "main")
        }
        if git_repository_head_detached(handle) == 1 {
            return .detached(try headCommitID() ?? "")
        }
        return .branch(try currentBranch() ?? "HEAD")
    }

    /// The unfinished operation recorded in `.git`, if any.
    public func pendingOperation() -> PendingOperation {
        switch UInt32(bitPattern: git_repository_state(handle)) {
        case GIT_REPOSITORY_STATE_NONE.rawValue: return .none
        case GIT_REPOSITORY_STATE_MERGE.rawValue: return .merge
        case GIT_REPOSITORY_STATE_REVERT.rawValue, GIT_REPOSITORY_STATE_REVERT_SEQUENCE.rawValue: return .revert
        case GIT_REPOSITORY_STATE_CHERRYPICK.rawValue, GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE.rawValue:
            return .cherryPick
        case GIT_REPOSITORY_STATE_BISECT.rawValue: return .bisect
        case GIT_REPOSITORY_STATE_APPLY_MAILBOX.rawValue, GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE.rawValue:
            return .applyMailbox
        default: return .rebase
        }
    }

    /// The names of the configured remotes.
    public func remoteNames() -> [String] {
        var names = git_strarray()
        guard git_remote_list(&names, handle) == 0 else { git_error_clear(); return [] }
        defer { git_strarray_dispose(&names) }
        return (0..<names.count).compactMap { names.strings[$0].map { String(cString: $0) } }
    }

    /// The remote for `head`'s branch: `branch.<name>.remote`, else `origin`, else the only remote.
    func remoteName(for head: HeadState) -> String? {
        let names = remoteNames()
        if let branch = head.branchName, let configured = configString("branch.\(branch).remote"),
            names.contains(configured)
        {
            return configured
        }
        if names.contains("origin") { return "origin" }
        return names.count == 1 ? names[0] : nil
    }

    /// The branch on the remote that `head`'s branch publishes to (`refs/heads/…`).
    func upstreamMergeRef(for head: HeadState) -> String? {
        guard let branch = head.branchName else { return nil }
        return configString("branch.\(branch).merge") ?? "refs/heads/\(branch)"
    }

    /// `refs/remotes/<remote>/<branch>` for `head`, when that ref exists.
    func upstreamTrackingRef(remote: String, head: HeadState) -> String? {
        guard let merge = upstreamMergeRef(for: head), merge.hasPrefix("refs/heads/") else { return nil }
        let ref = "refs/remotes/\(remote)/" + merge.dropFirst("refs/heads/".count)
        return (try? resolve(ref)) == nil ? nil : ref
    }

    /// The commit a reference (or `HEAD`) points at.
    func resolve(_ name: String) throws(GitError) -> git_oid {
        var oid = git_oid()
        try check(git_reference_name_to_id(&oid, handle, name), "git_reference_name_to_id")
        return oid
    }

    /// Commits reachable from `head` and from no remote-tracking ref of `remote`.
    func unpushedCommits(from head: git_oid, remote: String?, limit: Int = 1000) throws(GitError) -> [CommitSummary] {
        guard let remote else { return [] }
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, handle), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue)
        var start = head
        try check(git_revwalk_push(walk, &start), "git_revwalk_push")
        let hideStatus = git_revwalk_hide_glob(walk, "refs/remotes/\(remote)/*")
        if hideStatus < 0 { git_error_clear() }
        var result: [CommitSummary] = []
        var oid = git_oid()
        while result.count < limit, git_revwalk_next(&oid, walk) == 0 {
            result.append(CommitSummary(id: oid.hexString, summary: commitSummary(oid)))
        }
        git_error_clear()
        return result
    }

    /// The first line of a commit's message.
    func commitSummary(_ id: git_oid) -> String {
        var oid = id
        var commit: OpaquePointer?
        guard git_commit_lookup(&commit, handle, &oid) == 0 else { git_error_clear(); return "" }
        defer { git_commit_free(commit) }
        return git_commit_summary(commit).map { String(cString: $0) } ?? ""
    }

    /// A string from the repository's configuration (with the user's global and included files).
    public func configString(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { git_error_clear(); return nil }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, key) == 0, let value else { git_error_clear(); return nil }
        return String(cString: value)
    }

    /// A boolean from the configuration; nil when unset or not a boolean.
    public func configBool(_ key: String) -> Bool? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { git_error_clear(); return nil }
        defer { git_config_free(config) }
        var value: Int32 = 0
        guard git_config_get_bool(&value, config, key) == 0 else { git_error_clear(); return nil }
        return value != 0
    }
}

extension HeadState {
    var branchName: String? {
        switch self {
        case .branch(let name), .unborn(let name): return name
        case .detached: return nil
        }
    }
}

extension Repository {
    /// Files the unpushed commits change (from where HEAD and the remote-tracking branch meet
    /// to HEAD: what only the remote changed is not among them); every file of HEAD when the branch was never pushed; empty without a remote.
    public func filesNotOnRemote() -> [String] {
        guard let head = try? headState(), case .branch = head, remoteName(for: head) != nil,
            let headCommit = try? headCommit(head)
        else { return [] }
        defer { git_commit_free(headCommit) }
        var upstreamCommit: OpaquePointer?
        if let remote = remoteName(for: head), let ref = upstreamTrackingRef(remote: remote, head: head),
            var oid = try? resolve(ref)
        {
            if git_commit_lookup(&upstreamCommit, handle, &oid) < 0 { git_error_clear() }
        }
        defer { git_commit_free(upstreamCommit) }
        // Only what the local commits changed: from where the branches meet, not from the
        // upstream's tip (a post changed only on the remote is behind, not unpushed).
        var base: OpaquePointer?
        if let upstreamCommit {
            var meet = git_oid()
            if git_merge_base(&meet, handle, git_commit_id(headCommit), git_commit_id(upstreamCommit)) == 0 {
                if git_commit_lookup(&base, handle, &meet) < 0 { git_error_clear() }
            } else {
                git_error_clear()
            }
        }
        defer { git_commit_free(base) }
        guard let old = (try? treeOf(base ?? upstreamCommit)) ?? nil else { return [] }
        defer { git_tree_free(old) }
        guard let new = (try? treeOf(headCommit)) ?? nil else { return [] }
        defer { git_tree_free(new) }
        return (try? changedFiles(from: old, to: new)) ?? []
    }

    /// Whether `path` (a file or directory relative to the work tree) is in HEAD's commit.
    public func isInHead(_ path: String) -> Bool {
        guard let head = try? headState(), let commit = try? headCommit(head) else { return false }
        defer { git_commit_free(commit) }
        guard let tree = (try? treeOf(commit)) ?? nil else { return false }
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        guard git_tree_entry_bypath(&entry, tree, Self.normalized(path)) == 0 else { git_error_clear(); return false }
        git_tree_entry_free(entry)
        return true
    }

    /// The content of `path` (relative to the work tree) in HEAD's commit; nil when it is not there.
    public func contentAtHead(_ path: String) -> Data? {
        guard let head = try? headState(), let commit = try? headCommit(head) else { return nil }
        defer { git_commit_free(commit) }
        guard let tree = (try? treeOf(commit)) ?? nil else { return nil }
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        guard git_tree_entry_bypath(&entry, tree, path) == 0 else { git_error_clear(); return nil }
        defer { git_tree_entry_free(entry) }
        var blob: OpaquePointer?
        guard git_blob_lookup(&blob, handle, git_tree_entry_id(entry)) == 0 else { git_error_clear(); return nil }
        defer { git_blob_free(blob) }
        return Data(bytes: git_blob_rawcontent(blob), count: Int(git_blob_rawsize(blob)))
    }
}

extension Repository {
    /// Commits on HEAD not on its upstream and the reverse (as of the last fetch); no work-tree scan.
    public func aheadBehind() throws(GitError) -> (ahead: Int, behind: Int) {
        let tracking = try trackingState(try headState())
        return (tracking.ahead, tracking.behind)
    }
}
