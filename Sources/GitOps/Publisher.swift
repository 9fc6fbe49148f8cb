import CGit2
import Foundation

/// Publishing (commit exactly the post, push, rebase when the remote moved on) and syncing,
/// each on its own thread with progress events. Nothing ever force-pushes.
public enum Publisher {
    /// What to publish.
    public struct Request: Sendable {
        /// Post files or bundle directories relative to the work tree; empty: push what is unpushed.
        public var paths: [String]
        /// Commit every change in the work tree instead of `paths`.
        public var all: Bool
        public var message: String
        /// False: commit only.
        public var push: Bool
        /// When the remote's changes conflict with ours: nil stops with `.conflict` (nothing
        /// changed); otherwise the conflicting files are resolved as given.
        public var resolveConflicts: ConflictResolution?
        /// The commit's author (the committer is the repository's identity); nil: the same.
        public var author: CommitAuthor?

        public init(
            paths: [String], all: Bool = false, message: String, push: Bool = true,
            resolveConflicts: ConflictResolution? = nil, author: CommitAuthor? = nil
        ) {
            self.author = author
            self.paths = paths
            self.all = all
            self.message = message
            self.push = push
            self.resolveConflicts = resolveConflicts
        }
    }

    /// Which version of a conflicting file wins.
    public enum ConflictSide: Sendable, Equatable {
        /// Ours: the local commit's version.
        case local
        /// The remote branch's version.
        case remote
    }

    /// How many times a push is retried after the remote moved on (fetch, rebase, push again).
    static let attempts = 5

    /// Commits and pushes. The operation is not cancelled when its stream is dropped (leaving a
    /// screen never stops a publish); only an explicit `cancel()` stops it, and the commit stays.
    public static func publish(
        repositoryAt path: String, _ request: Request,
        options: RemoteOptions = RemoteOptions()
    ) -> GitOperation<PublishEvent> {
        let (stream, continuation) = AsyncThrowingStream<PublishEvent, Error>.makeStream()
        let session = PushSession(credentials: options.credentials) { continuation.yield($0) }
        return GitOperation.start(
            name: "nakedblog-publish", session: session, cancelOnTermination: false,
            continuation: continuation, events: stream
        ) {
            .finished(try runPublish(path: path, request: request, session: session, options: options))
        }
    }

    /// Fetches, then fast-forwards or rebases local commits onto the remote's branch. Never
    /// touches a file with uncommitted edits (stops naming them instead).
    /// `resolving` settles conflicts as a publish does (`--keep mine|theirs`); nil changes
    /// nothing on a conflict and names the files.
    public static func sync(
        repositoryAt path: String, options: RemoteOptions = RemoteOptions(), resolving: ConflictResolution? = nil
    ) -> GitOperation<PublishEvent> {
        let (stream, continuation) = AsyncThrowingStream<PublishEvent, Error>.makeStream()
        let session = PushSession(credentials: options.credentials) { continuation.yield($0) }
        return GitOperation.start(
            name: "nakedblog-sync", session: session, cancelOnTermination: true,
            continuation: continuation, events: stream
        ) {
            .finished(try runSync(path: path, session: session, options: options, resolving: resolving))
        }
    }

    /// Starts reading the trees of the branch's upstream commit, if it has one.
    private static func upstreamTreePrefetch(_ repository: Repository) -> TreePrefetch? {
        guard let head = try? repository.headState(), let remote = repository.remoteName(for: head),
            let upstream = repository.upstreamTrackingRef(remote: remote, head: head),
            let commit = try? repository.resolve(upstream)
        else { return nil }
        return TreePrefetch(repository: repository, commit: commit)
    }

    /// The blocking publish (worker thread).
    static func runPublish(path: String, request: Request, session: PushSession, options: RemoteOptions)
        throws(GitError) -> PublishResult
    {
        GitLibrary.initialize()
        let repository = try Repository.open(at: path)
        // Sessions sharing one working copy publish one at a time (the index, HEAD, the rebase).
        let lock = try RepositoryLock.acquire(repository)
        defer { lock.release() }
        // While the commit is made and the connection opens, the second core reads the trees
        // libgit2's push will walk (see TreePrefetch); a thin push over ssh walks none.
        let prefetch =
            request.push && !repository.pushesThin(environment: options.environment)
            ? upstreamTreePrefetch(repository) : nil
        defer { prefetch?.finish() }
        var commit: CommitOutcome?
        if request.all || !request.paths.isEmpty {
            commit = try repository.commit(
                paths: request.paths, all: request.all, message: request.message, author: request.author,
                environment: options.environment)
            if let commit { session.emit(.committed(commit)) }
        }
        let head = try repository.headState()
        guard let branch = head.branchName else {
            throw GitError(
                kind: .unsupportedState, operation: "publish",
                message: "HEAD is detached: nakedblog publishes a branch; check one out first (git switch main)")
        }
        var result = PublishResult(commit: commit, branch: branch, head: try repository.headCommitID())
        guard request.push else { return result }
        if case .unborn = head {
            throw GitError(
                kind: .other, operation: "publish",
                message: "nothing to publish: the branch \(branch) has no commits yet")
        }
        guard let remote = repository.remoteName(for: head), let mergeRef = repository.upstreamMergeRef(for: head)
        else {
            throw GitError(
                kind: .unsupportedState, operation: "publish",
                message:
                    "the repository has no remote to publish to; add one with git remote add origin URL (the commit is kept)"
            )
        }
        try requireNoPendingOperation(repository)
        result.upstream = "\(remote)/\(mergeRef.dropFirst("refs/heads/".count))"
        for attempt in 1...attempts {
            let status = try repository.trackingState(head)
            if status.upstreamRef != nil, status.ahead == 0 { break }
            do {
                try repository.push(branch: branch, to: mergeRef, remote: remote, session: session, options: options)
                result.pushedCommits = status.ahead
                break
            } catch  where error.kind == .nonFastForward && attempt < attempts {
                try repository.fetch(remote: remote, session: session, options: options)
                guard let upstreamRef = repository.upstreamTrackingRef(remote: remote, head: head) else { throw error }
                result.rebasedCommits += try replay(
                    repository, onto: upstreamRef, options: options, session: session,
                    resolving: request.resolveConflicts,
                    outcome: "your commit is kept locally, nothing was pushed")
            }
        }
        result.head = try repository.headCommitID()
        if let commit = result.commit, let head = result.head, commit.commit.id != head {
            // The commit was replayed onto the remote's branch: report its new id.
            result.commit?.commit = CommitSummary(id: head, summary: commit.commit.summary)
        }
        return result
    }

    /// The blocking sync (worker thread).
    static func runSync(
        path: String, session: PushSession, options: RemoteOptions, resolving: ConflictResolution? = nil
    ) throws(GitError) -> PublishResult {
        GitLibrary.initialize()
        let repository = try Repository.open(at: path)
        let head = try repository.headState()
        guard let branch = head.branchName else {
            throw GitError(
                kind: .unsupportedState, operation: "sync",
                message: "HEAD is detached: check out a branch first (git switch main)")
        }
        guard let remote = repository.remoteName(for: head) else {
            throw GitError(
                kind: .unsupportedState, operation: "sync",
                message: "the repository has no remote to sync with; add one with git remote add origin URL")
        }
        try requireNoPendingOperation(repository)
        try repository.fetch(remote: remote, session: session, options: options)
        var result = PublishResult(branch: branch, head: try repository.headCommitID())
        guard let upstreamRef = repository.upstreamTrackingRef(remote: remote, head: head) else { return result }
        result.upstream = String(upstreamRef.dropFirst("refs/remotes/".count))
        var upstreamID = try repository.resolve(upstreamRef)
        let status = try repository.trackingState(head)
        if case .unborn = head {
            try repository.checkoutFirst(branch: branch, commit: &upstreamID)
            result.fastForwarded = true
        } else if status.behind == 0 {
            return result
        } else if status.ahead == 0 {
            try repository.advance(
                head, from: try repository.resolve("HEAD"), to: &upstreamID,
                reflog: "sync: fast-forward to \(result.upstream!)")
            result.fastForwarded = true
            session.emit(.fastForwarded(to: upstreamID.hexString))
        } else {
            result.rebasedCommits = try replay(
                repository, onto: upstreamRef, options: options, session: session,
                resolving: resolving,
                outcome:
                    "nothing was changed. Publish to choose per file (yours, theirs, or edit), or nakedblog sync --keep mine|theirs"
            )
        }
        result.head = try repository.headCommitID()
        return result
    }

    /// Replays local commits onto `upstreamRef` and moves the branch; on a conflict, changes
    /// nothing and throws `.conflict` naming the files (`outcome` says what became of the work).
    static func replay(
        _ repository: Repository, onto upstreamRef: String, options: RemoteOptions,
        session: PushSession, resolving resolution: ConflictResolution?, outcome: String
    ) throws(GitError) -> Int {
        let rebase = try Rebase(
            repository: repository, upstreamRef: upstreamRef, environment: options.environment,
            committerFallback: options.committerFallback)
        var step = try rebase.run()
        resolving: while let resolution, case .conflicts(let files) = step {
            for file in files {
                let choice: FileResolution?
                switch resolution {
                case .side(let side): choice = side == .local ? .local : .remote
                case .files(let map): choice = map[file.path]
                }
                guard let choice else { break resolving }
                switch choice {
                case .local: try rebase.resolve(path: file.path, contents: file.local)
                case .remote: try rebase.resolve(path: file.path, contents: file.remote)
                case .content(let data): try rebase.resolve(path: file.path, contents: data)
                }
            }
            step = try rebase.continue()
        }
        if case .conflicts(let files) = step {
            rebase.abort()
            var conflict = GitError(
                kind: .conflict, operation: "rebase",
                message:
                    "your commits and the remote's changes conflict in \(files.map(\.path).joined(separator: ", ")); \(outcome)"
            )
            conflict.paths = files.map(\.path)
            throw conflict
        }
        try rebase.finish()
        session.emit(.rebased(commits: rebase.replayed, onto: rebase.upstreamName))
        return rebase.replayed
    }

    static func requireNoPendingOperation(_ repository: Repository) throws(GitError) {
        let pending = repository.pendingOperation()
        guard pending == .none else {
            throw GitError(
                kind: .unsupportedState, operation: "publish",
                message: "a \(pending.rawValue) is in progress in this repository; finish or abort it with git first")
        }
    }
}

extension Publisher {
    /// Fetches the branch's remote (updating remote-tracking branches only; the work tree and
    /// branch are untouched). The result's `head` is HEAD; compare with status for "behind".
    public static func fetch(repositoryAt path: String, options: RemoteOptions = RemoteOptions()) -> GitOperation<
        PublishEvent
    > {
        let (stream, continuation) = AsyncThrowingStream<PublishEvent, Error>.makeStream()
        let session = PushSession(credentials: options.credentials) { continuation.yield($0) }
        return GitOperation.start(
            name: "nakedblog-fetch", session: session, cancelOnTermination: true,
            continuation: continuation, events: stream
        ) {
            GitLibrary.initialize()
            let repository = try Repository.open(at: path)
            let head = try repository.headState()
            guard let remote = repository.remoteName(for: head) else {
                throw GitError(kind: .unsupportedState, operation: "fetch", message: "no remote")
            }
            try repository.fetch(remote: remote, session: session, options: options)
            return .finished(PublishResult(branch: head.branchName ?? "HEAD", head: try repository.headCommitID()))
        }
    }
}
