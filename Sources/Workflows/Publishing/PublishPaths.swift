import Blog
import Foundation
import GitOps

/// What publishing a post commits, as the repository names it — the one rule the publish sheet,
/// the app's build check and publish, and `nakedblog publish`, `check` and `note --publish` run:
/// the post's file or bundle first, a Jekyll post's former place (a move is committed whole), the
/// files it refers to, the site's word lists, and a section index made for it (a new notes
/// section). Refused when the post leads outside its site.
public enum PublishPaths {
    /// The repository paths publishing `post` (site-relative) of `site` commits.
    public static func of(_ post: String, site: Site, repository: Repository) throws(WorkflowError) -> [String] {
        guard let workdir = repository.workingDirectory else { throw .notInRepository }
        var paths: [String]
        do {
            paths =
                try PublishPlan.forPost(
                    post, site: site, workdir: workdir, deleted: PublishPreparation.deletedPaths(repository, site: site)
                ).commitPaths
        } catch {
            throw WorkflowError(.refused, error.description)
        }
        for index in NewSectionIndex.paths(of: post, site: site, repository: repository) where !paths.contains(index) {
            paths.append(index)
        }
        // Only a place inside the site: a file moved in from elsewhere leaves its old place alone.
        let sitePaths = SitePath(siteRoot: site.root, workdir: workdir)
        for former in formerPlaces(of: paths[0], repository: repository, workdir: workdir)
        where !paths.contains(former) && sitePaths.inSite(former) != nil {
            paths.append(former)
        }
        return paths
    }

    /// Where the post's file or bundle (`own`, repository-relative) was before a move made in the
    /// shell (`mv content/posts/a content/posts/b`): the deleted files git's rename detection
    /// pairs with files now under it — committed with it, so the move is one rename and the
    /// remote never serves both. A bundle's old folder gone from the disk is taken whole.
    static func formerPlaces(of own: String, repository: Repository, workdir: String) -> [String] {
        guard let moves = try? repository.workTreeMoves() else { return [] }
        var former: [String] = []
        for move in moves where move.new == own || move.new.hasPrefix(own + "/") {
            let folder = StandardPath.folder(of: move.old)
            let bundle = own.hasSuffix(".md") ? nil : folder
            let old =
                bundle.flatMap { FileManager.default.fileExists(atPath: workdir + "/" + $0) ? nil : $0 } ?? move.old
            if !former.contains(old) { former.append(old) }
        }
        // Published from its old place (the list had not followed the move yet): the new
        // place goes too, so the move is still one rename.
        for move in moves where move.old == own && !former.contains(move.new) { former.append(move.new) }
        return former
    }

    /// The site of the post a repository path names (a page file or bundle folder, as the
    /// commands name posts) and the post as that site names it; nil when no site holds it.
    public static func sitePost(repositoryPath: String, workdir: String) -> (site: Site, post: String)? {
        let file =
            PublishReview.pages(of: repositoryPath, workdir: workdir).first.map { workdir + $0 }
            ?? workdir + repositoryPath
        guard let site = try? SiteOpening.open(StandardPath.folder(of: file), restricted: false) else { return nil }
        return (site, site.relative(file))
    }

    /// The same for a post named by its repository path: nil when the path is not a page of a
    /// site (a deleted post, a file of no site): it is committed as it is.
    public static func of(repositoryPath: String, repository: Repository) throws(WorkflowError) -> [String]? {
        guard let workdir = repository.workingDirectory else { throw .notInRepository }
        guard let (site, post) = sitePost(repositoryPath: repositoryPath, workdir: workdir),
            FileManager.default.fileExists(atPath: site.absolute(post))
        else { return nil }
        return try of(post, site: site, repository: repository)
    }

    /// What the posts at `repositoryPaths` take with them beyond themselves (pictures, a move's
    /// other place, word lists, a new section), each once: `publish` commits it, `check` builds with it.
    public static func takenAlong(_ repositoryPaths: [String], repository: Repository) throws(WorkflowError)
        -> [String]
    {
        var found: [String] = []
        for path in repositoryPaths {
            for planned in try of(repositoryPath: path, repository: repository)?.dropFirst() ?? []
            where !repositoryPaths.contains(planned) && !found.contains(planned) {
                found.append(planned)
            }
        }
        return found
    }

    /// The post's title as its generator gives it (a Jekyll post without `title:` is titled from
    /// its name), else what the front matter says or the file's name (`PublishedPage`).
    public static func title(_ post: String, site: Site, page: PublishedPage) -> String {
        let bytes = WholeFile.read(site.absolute(post)) ?? []
        if let title = PostIndex.post(at: post, bytes: bytes, site: site)?.title, !title.isEmpty { return title }
        return page.title
    }

    /// Whether publishing `post` takes it off the site: it is a draft now and its last commit was
    /// on the site (`d` since the last publish: a Jekyll post moved back to `_drafts/` from its
    /// `formerPath` in `_posts/`, or a page whose `draft` changed to true). The sheet then
    /// publishes the draft as it is (`Unpublish: <title>`), never makes it a post again.
    public static func takesOffSite(_ post: String, site: Site, page: PublishedPage, formerPath: String?) -> Bool {
        guard isDraft(post, site: site, page: page) else { return false }
        if site.kind.jekyll != nil {
            return formerPath.map { $0.split(separator: "/").contains("_posts") } ?? false
        }
        return page.changedKeys.contains("draft")
    }

    /// Whether publishing `post` is its first publish (a draft made a post: the commit is a
    /// `Publish`, even when the draft itself was pushed): a Jekyll post in `_drafts/`, or a page
    /// that says `draft: true`.
    public static func isDraft(_ post: String, site: Site, page: PublishedPage) -> Bool {
        site.kind.jekyll != nil ? (try? DraftSwitch.isDraft(post, site: site)) ?? false : page.isDraft
    }
}
