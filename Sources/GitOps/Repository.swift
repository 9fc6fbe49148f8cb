import CGit2

/// An open git repository. Owns its `git_repository*`.
///
/// Threading: a `Repository` is used by one thread at a time (libgit2 objects are not thread-safe);
/// GitOps hands it to its own worker thread for long operations.
public final class Repository {
    let handle: OpaquePointer

    /// Takes ownership of a `git_repository*`; it is freed when this object goes away.
    init(taking handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        git_repository_free(handle)
    }

    /// Opens the repository at `path` (its work tree or its `.git` directory).
    public static func open(at path: String) throws(GitError) -> Repository {
        GitLibrary.initialize()
        var repo: OpaquePointer?
        try check(git_repository_open(&repo, path), "git_repository_open")
        return Repository(taking: repo!)
    }

    /// The `.git` folder's path, with a trailing slash.
    public var gitDirectory: String { String(cString: git_repository_path(handle)) }

    /// The work tree's path, with a trailing slash; nil for a bare repository.
    public var workingDirectory: String? {
        git_repository_workdir(handle).map { String(cString: $0) }
    }

    /// The full hex id of the commit HEAD points at; nil on an unborn branch.
    public func headCommitID() throws(GitError) -> String? {
        var oid = git_oid()
        let status = git_reference_name_to_id(&oid, handle, "HEAD")
        if status == GIT_ENOTFOUND.rawValue || status == GIT_EUNBORNBRANCH.rawValue {
            git_error_clear()
            return nil
        }
        try check(status, "git_reference_name_to_id")
        return oid.hexString
    }

    /// The short name of the checked-out branch (e.g. "main"); nil when HEAD is detached.
    public func currentBranch() throws(GitError) -> String? {
        var ref: OpaquePointer?
        let status = git_repository_head(&ref, handle)
        if status == GIT_EUNBORNBRANCH.rawValue {
            git_error_clear()
            return unbornBranchName()
        }
        try check(status, "git_repository_head")
        defer { git_reference_free(ref) }
        guard git_reference_is_branch(ref) == 1, let name = git_reference_shorthand(ref) else { return nil }
        return String(cString: name)
    }

    func unbornBranchName() -> String? {
        var ref: OpaquePointer?
        guard git_reference_lookup(&ref, handle, "HEAD") == 0 else { git_error_clear(); return nil }
        defer { git_reference_free(ref) }
        guard let target = git_reference_symbolic_target(ref) else { return nil }
        let full = String(cString: target)
        return full.hasPrefix("refs/heads/") ? String(full.dropFirst("refs/heads/".count)) : full
    }
}

extension git_oid {
    /// The 40-character lowercase hex form.
    var hexString: String {
        var copy = self
        var buffer = [CChar](repeating: 0, count: Int(GIT_OID_HEXSZ))
        git_oid_fmt(&buffer, &copy)
        return String(decoding: buffer.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Repository {
    /// Opens the repository containing `path` (searching upwards, like git).
    public static func discover(from path: String) throws(GitError) -> Repository {
        GitLibrary.initialize()
        var repo: OpaquePointer?
        let status = git_repository_open_ext(&repo, path, 0, nil)
        if status == GIT_ENOTFOUND.rawValue {
            git_error_clear()
            throw GitError(
                kind: .notFound, operation: "open",
                message:
                    "\(path) is not in a git repository (nor is any parent directory); clone your blog with nakedblog clone URL, or run git init"
            )
        }
        try check(status, "git_repository_open_ext")
        let repository = Repository(taking: repo!)
        if repository.workingDirectory == nil {
            throw GitError(
                kind: .unsupportedState, operation: "open",
                message: "\(path) is a bare repository (no work tree); clone it to get one: git clone \(path) blog")
        }
        return repository
    }
}
