import Blog
import Foundation
import GitOps

/// A Hugo section made for a post — its `_index.md` in the work tree and not yet in HEAD (a notes
/// section `m` or `nakedblog note` makes) — goes out with the post: one rule for the app's
/// publish sheet, its publish and the note command.
public enum NewSectionIndex {
    /// The repository paths of the post's new section index, if it has one (else none).
    public static func paths(of post: String, site: Site, repository: Repository) -> [String] {
        guard site.kind.jekyll == nil, let workdir = repository.workingDirectory else { return [] }
        let section = StandardPath.folder(of: PagePath.commitPath(of: post))
        guard !section.isEmpty else { return [] }
        let index = section + "/_index.md"
        guard FileManager.default.fileExists(atPath: site.absolute(index)),
            SiteContainment.isInside(site.absolute(index), site: site.root)
        else { return [] }
        let inRepository = SitePath(siteRoot: site.root, workdir: workdir).inRepository(index)
        return repository.contentAtHead(inRepository) == nil ? [inRepository] : []
    }
}
