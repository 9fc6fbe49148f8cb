import Blog
import Foundation
import GitOps

/// A post's history as the writer asks for it: every commit that touched the post or its
/// bundle, newest first, following moves; which one first put it on the site, and which one
/// the remote has now.
public struct PostHistory: Sendable {
    public struct Version: Sendable, Equatable {
        public let entry: PostHistoryEntry
        /// The page file at this commit (repository-relative; a bundle's `index.md`).
        public let file: String
        /// The oldest commit in which the post was on the site (not a draft; Jekyll: in `_posts`).
        public internal(set) var firstPublished = false
        /// The newest commit the remote has (as of the last fetch): what the live site shows.
        public internal(set) var live = false
    }

    /// The post, site-relative.
    public let post: String
    public let versions: [Version]
    /// Where the repository is found again to read a version (a `Repository` is one thread's).
    let siteRoot: String

    /// The history of `post` (site-relative) on `site`; `restricted` (a shared server): walked
    /// by libgit2 alone, never by another program.
    public static func load(post: String, site: Site, limit: Int = 10_000, restricted: Bool = false)
        throws(WorkflowError) -> PostHistory
    {
        let repository: Repository
        do { repository = try Repository.discover(from: site.root) } catch { throw .notInRepository }
        guard let workdir = repository.workingDirectory else { throw .notInRepository }
        let paths = SitePath(siteRoot: site.root, workdir: workdir)
        let commitPath = paths.inRepository(PagePath.commitPath(of: post))
        let pageName = PagePath.bundleDirectory(of: post) != nil ? "/" + (post as NSString).lastPathComponent : ""
        let entries: [PostHistoryEntry]
        do { entries = try repository.history(of: commitPath, limit: limit, gitProgram: !restricted) } catch {
            throw WorkflowError(.unreadable, "cannot read the history: \(error.message)")
        }
        var versions = entries.map { Version(entry: $0, file: $0.path + pageName) }
        // Live: the newest version the upstream has.
        if let upstream = repository.upstreamCommitID(),
            let index = versions.firstIndex(where: { repository.isAncestor($0.entry.commit, of: upstream) })
        {
            versions[index].live = true
        }
        // First published: the oldest version that is not a draft.
        let jekyll = site.kind.jekyll != nil
        if let index = versions.lastIndex(where: { version in
            guard !version.entry.deleted else { return false }
            if jekyll { return version.file.contains("_posts/") }
            guard let sitePath = paths.inSite(version.file),
                let bytes = repository.content(of: version.file, at: version.entry.commit),
                let read = PostIndex.post(at: sitePath, bytes: [UInt8](bytes), site: site)
            else { return false }
            // On the site: not a draft, and its date has come (a scheduled post is not out yet).
            return read.status(at: Date()) == .published
        }) {
            versions[index].firstPublished = true
        }
        return PostHistory(post: post, versions: versions, siteRoot: site.root)
    }

    /// The post's text in `version` (nil when it was deleted there or cannot be read).
    public func text(of version: Version) -> String? {
        guard !version.entry.deleted, let repository = try? Repository.discover(from: siteRoot),
            let data = repository.content(of: version.file, at: version.entry.commit)
        else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    /// The post's text in the version before `version` (nil for its first).
    public func textBefore(_ version: Version) -> String? {
        guard let index = versions.firstIndex(of: version), index + 1 < versions.count else { return nil }
        return text(of: versions[index + 1])
    }

    /// "3 days ago", "2 h ago", "just now".
    public static func relative(_ date: Date, now: Date = Date()) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3_600)) h ago"
        case ..<(86_400 * 60): return "\(Int(seconds / 86_400)) days ago"
        case ..<(86_400 * 730): return "\(Int(seconds / (86_400 * 30))) months ago"
        default: return "\(Int(seconds / (86_400 * 365))) years ago"
        }
    }
}

extension PostHistory {
    /// The post's text at `revision` (a commit id, `HEAD~2`, a tag), where it was then: the file
    /// it had in the newest version at or before that commit. Nil when the post did not exist.
    public func text(at revision: String) -> String? {
        guard let repository = try? Repository.discover(from: siteRoot), let commit = repository.commitID(of: revision)
        else { return nil }
        guard let version = versions.first(where: { repository.isAncestor($0.entry.commit, of: commit) }),
            !version.entry.deleted,
            let data = repository.content(of: version.file, at: commit)
        else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
