import CGit2
import Foundation

/// One file both sides changed, as the conflict screen shows it.
public struct ConflictFile: Sendable, Equatable {
    public var path: String
    /// The common ancestor's content; nil when the file did not exist there.
    public var base: Data?
    /// Our local commit's content; nil when our commit deleted it.
    public var local: Data?
    /// The remote branch's content; nil when the remote deleted it.
    public var remote: Data?
}

/// Replays local commits onto the remote-tracking branch in memory (libgit2's rebase API with
/// `inmemory`): nothing in the work tree, index or refs changes until `finish()`, so aborting
/// leaves the repository exactly as it was. Used by one thread at a time.
public final class Rebase {
    /// Where a rebase stopped.
    public enum Step: Sendable, Equatable {
        /// Every commit replayed; call `finish()`.
        case done
        /// The current commit conflicts; resolve every file, then `continue()`, or `abort()`.
        case conflicts([ConflictFile])
    }

    let repository: Repository
    private var rebase: OpaquePointer?
    private let head: HeadState
    private let originalHead: git_oid
    private let onto: git_oid
    /// The upstream branch replayed onto, e.g. `origin/main`.
    public let upstreamName: String
    private let signer: CommitSigner?
    private let signature: UnsafeMutablePointer<git_signature>
    private var lastCommit: git_oid?
    private var signingError: GitError?
    /// Commits replayed so far.
    public private(set) var replayed = 0

    /// Prepares replaying HEAD's commits that `upstreamRef` (`refs/remotes/…`) lacks onto it.
    init(
        repository: Repository, upstreamRef: String, environment: [String: String],
        committerFallback: CommitAuthor? = nil
    ) throws(GitError) {
        self.repository = repository
        head = try repository.headState()
        guard head.branchName != nil, case .branch = head else {
            throw GitError(
                kind: .unsupportedState, operation: "rebase", message: "HEAD is not on a branch with commits")
        }
        originalHead = try repository.resolve("HEAD")
        onto = try repository.resolve(upstreamRef)
        upstreamName = String(upstreamRef.dropFirst("refs/remotes/".count))
        signer = try CommitSigner.configured(in: repository, environment: environment)
        signature = try repository.defaultSignature(orElse: committerFallback)!

        var branch: OpaquePointer?, upstream: OpaquePointer?
        var headID = originalHead, ontoID = onto
        try check(git_annotated_commit_lookup(&branch, repository.handle, &headID), "git_annotated_commit_lookup")
        defer { git_annotated_commit_free(branch) }
        try check(git_annotated_commit_lookup(&upstream, repository.handle, &ontoID), "git_annotated_commit_lookup")
        defer { git_annotated_commit_free(upstream) }
        var options = git_rebase_options()
        try check(git_rebase_options_init(&options, UInt32(GIT_REBASE_OPTIONS_VERSION)), "git_rebase_options_init")
        options.inmemory = 1
        // The payload is only used during `git_rebase_commit`, while this object is alive.
        options.payload = Unmanaged.passUnretained(self).toOpaque()
        options.commit_create_cb = { out, author, committer, _, message, tree, count, parents, payload in
            let rebase = Unmanaged<Rebase>.fromOpaque(payload!).takeUnretainedValue()
            let list: [OpaquePointer?] = (0..<count).map { parents![$0] }
            return rebase.createSigned(
                out, author: author, committer: committer,
                message: message.map { String(cString: $0) } ?? "", tree: tree, parents: list)
        }
        try check(git_rebase_init(&rebase, repository.handle, branch, upstream, nil, &options), "git_rebase_init")
    }

    deinit {
        git_rebase_free(rebase)
        git_signature_free(signature)
    }

    /// Replays commits until all are done or one conflicts.
    public func run() throws(GitError) -> Step {
        while true {
            var operation: UnsafeMutablePointer<git_rebase_operation>?
            let status = git_rebase_next(&operation, rebase)
            if status == GIT_ITEROVER.rawValue { git_error_clear(); return .done }
            try check(status, "git_rebase_next")
            let conflicts = try currentConflicts()
            if !conflicts.isEmpty { return .conflicts(conflicts) }
            try commitCurrent()
        }
    }

    /// Resolves `path` in the current commit with `contents` (the file's new content; nil deletes it).
    public func resolve(path: String, contents: Data?) throws(GitError) {
        let index = try inMemoryIndex()
        defer { git_index_free(index) }
        guard let contents else {
            if git_index_conflict_remove(index, path) < 0 { git_error_clear() }
            return
        }
        var blob = git_oid()
        let status = contents.withUnsafeBytes {
            git_blob_create_from_buffer(&blob, repository.handle, $0.baseAddress, contents.count)
        }
        try check(status, "git_blob_create_from_buffer")
        var mode: UInt32 = GIT_FILEMODE_BLOB.rawValue
        var ancestor: UnsafePointer<git_index_entry>?, ours: UnsafePointer<git_index_entry>?,
            theirs: UnsafePointer<git_index_entry>?
        if git_index_conflict_get(&ancestor, &ours, &theirs, index, path) == 0 {
            mode = (theirs ?? ours ?? ancestor)?.pointee.mode ?? mode
            try check(git_index_conflict_remove(index, path), "git_index_conflict_remove")
        } else {
            git_error_clear()
        }
        var entry = git_index_entry()
        entry.mode = mode
        entry.id = blob
        let added: Int32 = path.withCString { cPath in
            entry.path = cPath
            return git_index_add(index, &entry)
        }
        try check(added, "git_index_add")
    }

    /// Commits the current (resolved) commit and replays the rest.
    public func `continue`() throws(GitError) -> Step {
        let remaining = try currentConflicts()
        if !remaining.isEmpty { return .conflicts(remaining) }
        try commitCurrent()
        return try run()
    }

    /// Gives up: nothing was changed, so there is nothing to undo.
    public func abort() {
        if rebase != nil { _ = git_rebase_abort(rebase); git_error_clear() }
    }

    /// Moves the branch to the replayed commits and updates the work tree — only the files the
    /// incoming commits change. Refuses (changing nothing) when one of them has uncommitted edits.
    /// Returns the new head commit's id.
    @discardableResult
    public func finish() throws(GitError) -> String {
        var target = lastCommit ?? onto
        try repository.advance(head, from: originalHead, to: &target, reflog: "rebase (finish): onto \(upstreamName)")
        return target.hexString
    }

    private func commitCurrent() throws(GitError) {
        var oid = git_oid()
        let status = withExtendedLifetime(self) { git_rebase_commit(&oid, rebase, nil, signature, nil, nil) }
        if status == GIT_EAPPLIED.rawValue { git_error_clear(); return }
        if let signingError { git_error_clear(); throw signingError }
        try check(status, "git_rebase_commit")
        lastCommit = oid
        replayed += 1
    }

    /// Writes a replayed commit, signed (libgit2 calls this from `git_rebase_commit`).
    fileprivate func createSigned(
        _ out: UnsafeMutablePointer<git_oid>?, author: UnsafePointer<git_signature>?,
        committer: UnsafePointer<git_signature>?, message: String,
        tree: OpaquePointer?, parents: [OpaquePointer?]
    ) -> Int32 {
        guard let signer, let out, let committer else { return GIT_PASSTHROUGH.rawValue }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        var list = parents
        let status = list.withUnsafeMutableBufferPointer {
            git_commit_create_buffer(
                &buffer, repository.handle, author ?? committer, committer, nil, message, tree, $0.count, $0.baseAddress
            )
        }
        guard status == 0 else { return status }
        let content = buffer.ptr.map { String(cString: $0) } ?? ""
        do {
            let who = "\(String(cString: committer.pointee.name)) <\(String(cString: committer.pointee.email))>"
            let armored = try signer.sign(content, committer: who)
            return git_commit_create_with_signature(out, repository.handle, content, armored, "gpgsig")
        } catch {
            signingError = error
            return GIT_EUSER.rawValue
        }
    }

    private func inMemoryIndex() throws(GitError) -> OpaquePointer? {
        var index: OpaquePointer?
        try check(git_rebase_inmemory_index(&index, rebase), "git_rebase_inmemory_index")
        return index
    }

    private func currentConflicts() throws(GitError) -> [ConflictFile] {
        let index = try inMemoryIndex()
        defer { git_index_free(index) }
        guard git_index_has_conflicts(index) == 1 else { return [] }
        var iterator: OpaquePointer?
        try check(git_index_conflict_iterator_new(&iterator, index), "git_index_conflict_iterator_new")
        defer { git_index_conflict_iterator_free(iterator) }
        var result: [ConflictFile] = []
        var ancestor: UnsafePointer<git_index_entry>?, ours: UnsafePointer<git_index_entry>?,
            theirs: UnsafePointer<git_index_entry>?
        while git_index_conflict_next(&ancestor, &ours, &theirs, iterator) == 0 {
            guard let path = (theirs ?? ours ?? ancestor)?.pointee.path.map({ String(cString: $0) }) else { continue }
            // In a rebase, "ours" is the branch replayed onto (the remote) and "theirs" our commit.
            result.append(ConflictFile(path: path, base: blob(ancestor), local: blob(theirs), remote: blob(ours)))
        }
        git_error_clear()
        return result
    }

    private func blob(_ entry: UnsafePointer<git_index_entry>?) -> Data? {
        guard var id = entry?.pointee.id else { return nil }
        var blob: OpaquePointer?
        guard git_blob_lookup(&blob, repository.handle, &id) == 0 else { git_error_clear(); return nil }
        defer { git_blob_free(blob) }
        return Data(bytes: git_blob_rawcontent(blob), count: Int(git_blob_rawsize(blob)))
    }
}
