import Blog
import Foundation
import GitOps

/// Taking a published post off the site, and undoing a post's last publish: each changes only
/// the work tree (the publish sheet then commits and pushes it through the normal path, with
/// its check); history is never rewritten.
public enum Unpublish {
    /// Makes `post` a draft as its generator wants it (Hugo: `draft: true`; Jekyll: back to
    /// `_drafts/`, its date kept in the name). Returns where it is now and the address that
    /// stops existing.
    public static func run(_ post: String, site: Site) throws(WorkflowError) -> (
        path: String, movedFrom: String?, address: String?
    ) {
        do {
            guard !(try DraftSwitch.isDraft(post, site: site)) else {
                throw WorkflowError(.refused, "\(post) is a draft already: it is not on the site.")
            }
            let address = PostIndex.post(at: post, bytes: WholeFile.read(site.absolute(post)) ?? [], site: site).map {
                site.config.baseURLPath + $0.url(config: site.config)
            }
            let result = try DraftSwitch.set(post, draft: true, site: site)
            return (result.path, result.movedFrom, address)
        } catch let error as WorkflowError {
            throw error
        } catch {
            throw WorkflowError(.refused, "\(error)")
        }
    }

    /// Puts the post's page file back as it was before the newest commit that changed it (a
    /// move undone too), refused when that would lose uncommitted changes or when a later commit
    /// touched the file it brings back. Returns the post's path afterwards and that commit's
    /// subject.
    public static func undoLastPublish(_ post: String, site: Site, restricted: Bool = false) throws(WorkflowError) -> (
        path: String, undone: String
    ) {
        let history = try PostHistory.load(post: post, site: site, limit: 2, restricted: restricted)
        guard let last = history.versions.first else {
            throw WorkflowError(.refused, "\(post) has no commit to undo.")
        }
        guard let parent = last.entry.parent else {
            throw WorkflowError(
                .refused, "the post's first commit is the repository's first: there is nothing before it.")
        }
        let repository: Repository
        do { repository = try Repository.discover(from: site.root) } catch { throw .notInRepository }
        guard let workdir = repository.workingDirectory else { throw .notInRepository }
        let paths = SitePath(siteRoot: site.root, workdir: workdir)
        let bundle = PagePath.bundleDirectory(of: post) != nil ? "/" + (post as NSString).lastPathComponent : ""
        let now = last.file
        let before = (last.entry.renamedFrom.map { $0 + bundle }) ?? now
        // Uncommitted work on either file would be lost.
        let changed = (try? repository.status(paths: [now, before]).entries.map(\.path)) ?? []
        if !changed.isEmpty {
            throw WorkflowError(
                .refused,
                "\(changed.joined(separator: ", ")) has changes not yet committed: publish or discard them first.")
        }
        // A later commit on the file brought back (a new post where the old one was).
        if before != now, let newest = try? repository.history(of: before, limit: 1, gitProgram: !restricted).first,
            newest.commit != last.entry.commit
        {
            throw WorkflowError(
                .refused, "\(before) was changed after that publish (\(newest.subject)): undo it by hand.")
        }
        let old = repository.content(of: before, at: parent)
        // Every path is checked before anything changes: a refusal leaves the post as it was.
        // The file the commit made goes when a move is undone or the commit created it.
        let removed = before != now || old == nil ? try insideSite(now, paths: paths, site: site) : nil
        let restored = old == nil ? nil : try insideSite(before, paths: paths, site: site)
        do {
            // The old version is written before the newer file goes: a failure loses neither.
            if let old, let restored {
                try FileManager.default.createDirectory(
                    atPath: (site.absolute(restored) as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                try AtomicFile.write(old, to: site.absolute(restored), permissions: 0o644)
            }
            if let removed, removed != restored { try FileManager.default.removeItem(atPath: site.absolute(removed)) }
            return (restored ?? paths.inSite(now) ?? post, last.entry.subject)
        } catch let error as WorkflowError {
            throw error
        } catch {
            throw WorkflowError(.refused, "cannot put the post back: \(error)")
        }
    }

    /// `path` (repository-relative, from the history) as a site path that resolves inside the
    /// site, links followed, under no `.git`; else the refusal.
    private static func insideSite(_ path: String, paths: SitePath, site: Site) throws(WorkflowError) -> String {
        guard let inSite = paths.inSite(path) else { throw WorkflowError(.refused, "\(path) is outside the site.") }
        do {
            try SiteContainment.require(site.absolute(inSite), insideSite: site.root, display: inSite)
        } catch {
            throw WorkflowError(.refused, "\(error)")
        }
        return inSite
    }
}
