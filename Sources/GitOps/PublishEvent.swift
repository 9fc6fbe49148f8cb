/// What publishing and syncing report while they run.
public enum PublishEvent: Sendable, Equatable {
    /// The post was committed.
    case committed(CommitOutcome)
    /// A line the remote printed (sideband), e.g. a hook's output.
    case remoteLine(String, isProgress: Bool)
    /// Packing objects to send; `total` is 0 while the objects are still being counted.
    case packing(current: Int, total: Int)
    /// Sending the pack.
    case sending(PushProgress)
    /// Fetching what the remote has (after a rejected push, or for a sync).
    case fetching(TransferProgress)
    /// Local commits were replayed onto the remote's branch.
    case rebased(commits: Int, onto: String)
    /// The work tree was moved forward to the remote's branch (sync without local commits).
    case fastForwarded(to: String)
    case finished(PublishResult)
}

/// Objects and bytes sent so far.
public struct PushProgress: Sendable, Equatable {
    public var current: Int
    public var total: Int
    /// Pack bytes sent so far; nil where no pack is sent (a push to a repository on this machine
    /// copies objects, and libgit2's count there means nothing).
    public var bytes: Int?
    public var bytesPerSecond: Double?

    public init(current: Int, total: Int, bytes: Int?, bytesPerSecond: Double?) {
        self.current = current
        self.total = total
        self.bytes = bytes
        self.bytesPerSecond = bytesPerSecond
    }
}

/// How a publish or sync ended.
public struct PublishResult: Sendable, Equatable {
    /// The commit made for the post; nil when there was nothing new to commit.
    public var commit: CommitOutcome?
    /// Commits that reached the remote (0: nothing pushed).
    public var pushedCommits: Int
    /// Local commits replayed onto the remote's branch on the way (0: none).
    public var rebasedCommits: Int
    /// Whether a sync moved the branch forward to the remote's.
    public var fastForwarded: Bool
    public var branch: String
    /// e.g. `origin/main`; nil when there is no remote (commit only).
    public var upstream: String?
    /// The branch's commit at the end.
    public var head: String?

    public init(
        commit: CommitOutcome? = nil, pushedCommits: Int = 0, rebasedCommits: Int = 0, fastForwarded: Bool = false,
        branch: String, upstream: String? = nil, head: String? = nil
    ) {
        self.commit = commit
        self.pushedCommits = pushedCommits
        self.rebasedCommits = rebasedCommits
        self.fastForwarded = fastForwarded
        self.branch = branch
        self.upstream = upstream
        self.head = head
    }
}
