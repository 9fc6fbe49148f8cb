import CGit2
import Foundation

extension Repository {
    /// Makes `folder` (a scratch copy of the site) a repository whose history is this one's,
    /// without copying it or anything else of `.git`: a new `.git` with HEAD at this HEAD's
    /// commit and this repository's object store as its alternate — no config, remotes,
    /// credentials or hooks. What a generator's `git log` needs (Hugo's `enableGitInfo`).
    /// Returns the object store's path, for a sandbox to show read-only; nil on an unborn branch.
    public func makeHistoryView(in folder: String) throws(GitError) -> String? {
        guard let head = try headCommitID() else { return nil }
        let objects = URL(fileURLWithPath: String(cString: git_repository_commondir(handle)) + "objects")
            .resolvingSymlinksInPath().path
        let view = try Repository.create(at: folder, bare: false, branch: "main")
        let alternates = view.gitDirectory + "objects/info/alternates"
        do {
            try FileManager.default.createDirectory(
                atPath: view.gitDirectory + "objects/info", withIntermediateDirectories: true)
            try Data((objects + "\n").utf8).write(to: URL(fileURLWithPath: alternates))
        } catch {
            throw GitError(
                kind: .other, operation: "history view",
                message: "cannot write \(alternates): \(error.localizedDescription)")
        }
        // Opened again so its object store reads the alternate.
        let reopened = try Repository.open(at: folder)
        var oid = git_oid()
        try check(git_oid_fromstr(&oid, head), "git_oid_fromstr")
        try check(git_repository_set_head_detached(reopened.handle, &oid), "git_repository_set_head_detached")
        return objects
    }
}
