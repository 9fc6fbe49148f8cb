import CGit2
import Foundation

extension Repository {
    /// Makes `folder` (a scratch copy of the site) a repository with this one's history as a
    /// generator's `git log --name-only` reads it (Hugo's `enableGitInfo`), and nothing else: a
    /// new `.git` whose own object store holds HEAD's commits and their trees — names, authors,
    /// dates and messages — but no file's contents, no config, remotes, credentials or hooks, and
    /// no alternate to this repository's store (a template that reads files could otherwise read
    /// any object there: another author's unpushed draft). Rename detection is off in its config
    /// (it would read contents).
    ///
    /// Made by `git clone --filter=blob:none` from this repository (git's pack-objects reuses its
    /// deltas: 1.2 s for 5,000 commits over a 2,000-post folder, where writing whole trees took
    /// a minute). False when there is no HEAD or no git (whose log Hugo needs anyway).
    public func makeHistoryView(in folder: String) throws(GitError) -> Bool {
        guard let head = try headCommitID(), let git = Self.program("git") else { return false }
        let source = String(cString: git_repository_commondir(handle))
        let target = (folder.hasSuffix("/") ? folder : folder + "/") + ".git"
        // No configuration but the repository's, nothing that could run another program.
        let arguments = [
            git, "-c", "core.fsmonitor=false", "-c", "protocol.file.allow=always", "clone", "--quiet", "--bare",
            "--no-local", "--single-branch", "--no-tags", "--filter=blob:none",
            "--upload-pack=git -c uploadpack.allowFilter=true upload-pack", "--", source, target,
        ]
        let environment = [
            "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
            "HOME": "/nonexistent", "LC_ALL": "C",
        ]
        guard let result = try? ExternalCommand.run(arguments, input: Data(), environment: environment),
            result.status == 0
        else {
            try? FileManager.default.removeItem(atPath: target)
            return false
        }
        let view = try Repository.open(at: target)
        var config: OpaquePointer?
        try check(git_repository_config(&config, view.handle), "git_repository_config")
        defer { git_config_free(config) }
        // The copy is its work tree; nothing to fetch missing contents from, nothing to detect.
        for name in [
            "remote.origin.url", "remote.origin.fetch", "remote.origin.promisor",
            "remote.origin.partialclonefilter", "extensions.partialclone",
        ] {
            if git_config_delete_entry(config, name) != 0 { git_error_clear() }
        }
        try check(git_config_set_bool(config, "core.bare", 0), "git_config_set_bool")
        try check(git_config_set_bool(config, "diff.renames", 0), "git_config_set_bool")
        var oid = git_oid()
        try check(git_oid_fromstr(&oid, head), "git_oid_fromstr")
        try check(git_repository_set_head_detached(view.handle, &oid), "git_repository_set_head_detached")
        return true
    }
}
