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
        return paths
    }

    /// The same for a post named by its repository path (a page file or bundle folder, as the
    /// commands name posts): its site found from the page. Nil when the path is not a page of a
    /// site (a deleted post, a file of no site): it is committed as it is.
    public static func of(repositoryPath: String, repository: Repository) throws(WorkflowError) -> [String]? {
        guard let workdir = repository.workingDirectory else { throw .notInRepository }
        let file =
            PublishReview.pages(of: repositoryPath, workdir: workdir).first.map { workdir + $0 }
            ?? workdir + repositoryPath
        guard FileManager.default.fileExists(atPath: file),
            let site = try? SiteOpening.open(StandardPath.folder(of: file), restricted: false)
        else { return nil }
        return try of(site.relative(file), site: site, repository: repository)
    }

    /// Whether publishing `post` is its first publish (a draft made a post: the commit is a
    /// `Publish`, even when the draft itself was pushed): a Jekyll post in `_drafts/`, or a page
    /// that says `draft: true`.
    public static func isDraft(_ post: String, site: Site, page: PublishedPage) -> Bool {
        site.kind.jekyll != nil ? (try? DraftSwitch.isDraft(post, site: site)) ?? false : page.isDraft
    }
}
