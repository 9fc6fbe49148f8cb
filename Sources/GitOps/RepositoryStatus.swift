/// Where HEAD is.
public enum HeadState: Sendable, Equatable {
    /// On a branch with at least one commit.
    case branch(String)
    /// On a branch with no commits yet (a new repository).
    case unborn(String)
    /// Not on any branch; the commit HEAD points at.
    case detached(String)
}

/// An operation the user (or another tool) left unfinished in the repository.
public enum PendingOperation: String, Sendable, Equatable {
    case none, merge, rebase, cherryPick = "cherry-pick", revert, bisect, applyMailbox = "am"
}

/// How a path differs, in the index (staged) or in the work tree (unstaged).
public enum FileChange: String, Sendable, Equatable {
    case new, modified, deleted, renamed, typeChanged = "type-changed", conflicted
}

/// One changed path.
public struct StatusEntry: Sendable, Equatable {
    /// Relative to the work tree, with `/` separators.
    public var path: String
    /// For renames: the path before.
    public var oldPath: String?
    /// The change staged in the index, if any.
    public var staged: FileChange?
    /// The change in the work tree not yet staged, if any (`.new` for untracked files).
    public var unstaged: FileChange?

    public init(path: String, oldPath: String? = nil, staged: FileChange? = nil, unstaged: FileChange? = nil) {
        self.path = path
        self.oldPath = oldPath
        self.staged = staged
        self.unstaged = unstaged
    }

    /// Untracked (never added).
    public var isUntracked: Bool { staged == nil && unstaged == .new }
}

/// A commit in one line.
public struct CommitSummary: Sendable, Equatable {
    public var id: String
    public var summary: String
    public var shortID: String { String(id.prefix(7)) }

    public init(id: String, summary: String) {
        self.id = id
        self.summary = summary
    }
}

/// Everything `nakedblog status` shows.
public struct RepositoryStatus: Sendable, Equatable {
    public var head: HeadState
    public var pending: PendingOperation
    /// The remote pushes go to (the branch's remote, else `origin`, else the only one); nil: none.
    public var remote: String?
    /// The remote-tracking branch compared against, e.g. `origin/main`; nil when it does not exist
    /// (yet).
    public var upstream: String?
    /// Commits on HEAD not on the upstream, and the reverse (as of the last fetch).
    public var ahead: Int
    public var behind: Int
    /// Local commits no remote-tracking branch contains (newest first); empty without a remote.
    public var unpushed: [CommitSummary]
    /// Changed and untracked paths, sorted by path.
    public var entries: [StatusEntry]

    /// The paths deleted in the index or the work tree (a post moved away leaves one).
    public var deletedPaths: [String] {
        entries.filter { $0.staged == .deleted || $0.unstaged == .deleted }.map(\.path)
    }

    /// The branch name for `.branch` and `.unborn`.
    public var branch: String? {
        switch head {
        case .branch(let name), .unborn(let name): return name
        case .detached: return nil
        }
    }
}
