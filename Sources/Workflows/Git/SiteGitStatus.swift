import Blog
import Foundation
import GitOps

/// Branch, unpushed commits and changed files, refreshed after every git operation.
public struct GitSummary: Sendable, Equatable {
    public var branch: String?
    public var upstream: String?
    public var unpushed = 0
    public var behind = 0
    /// Site-relative paths with uncommitted changes (files), and their kind.
    public var changes: [String: FileChange] = [:]
    /// Site-relative files touched by unpushed commits.
    public var unpushedFiles: Set<String> = []
    public var fetching = false
    public var problem: String?

    public init() {}
}

/// What git says about a site, in the site's own paths (the site may sit in a folder of its
/// repository): the browser's summary, and the changes under a few paths after a save.
public enum SiteGitStatus {
    /// The summary for the site at `siteRoot`; `problem` says why there is none.
    public static func summary(siteRoot: String) -> GitSummary {
        var summary = GitSummary()
        do {
            let repository = try Repository.discover(from: siteRoot)
            let status = try repository.status()
            summary.branch = status.branch ?? "detached"
            summary.upstream = status.upstream
            summary.unpushed = status.unpushed.count
            summary.behind = status.behind
            let paths = SitePath(siteRoot: siteRoot, workdir: repository.workingDirectory ?? siteRoot)
            for entry in status.entries {
                guard let path = paths.inSite(entry.path) else { continue }
                summary.changes[path] = change(of: entry)
            }
            summary.unpushedFiles = Set(paths.inSite(repository.filesNotOnRemote()))
        } catch {
            summary.problem = error.kind == .notFound ? "not a git repository" : error.message
        }
        return summary
    }

    /// The uncommitted changes under `sitePaths` (files or bundle folders): a status with a
    /// pathspec, so a save reads its post and not the whole work tree.
    public static func changes(under sitePaths: [String], siteRoot: String) -> [String: FileChange] {
        var changes: [String: FileChange] = [:]
        guard let repository = try? Repository.discover(from: siteRoot) else { return changes }
        let paths = SitePath(siteRoot: siteRoot, workdir: repository.workingDirectory ?? siteRoot)
        for entry in (try? repository.changes(under: sitePaths.map(paths.inRepository))) ?? [] {
            guard let path = paths.inSite(entry.path) else { continue }
            changes[path] = change(of: entry)
        }
        return changes
    }

    /// One entry's change as the list shows it: new (untracked), else what the work tree or the index says.
    public static func change(of entry: StatusEntry) -> FileChange {
        entry.isUntracked ? .new : (entry.unstaged ?? entry.staged ?? .modified)
    }
}
