import Blog
import Foundation
import FrontMatter
import GitOps
import Synchronization

/// What an author on a shared server may do to a post: as an `author`, change, unpublish, undo
/// or delete only the posts they wrote — the ones whose first commit is theirs, or whose front
/// matter names them (`author:`/`authors:`, by name or address) — and posts not committed yet;
/// as an `editor`, any post. The forced command gives each key its role (`--role`, docs/SERVING.md).
/// (A rule for the app's authors; anyone who can push to the repository can change it anyway.)
public enum PostOwnership {
    /// A shared server's author's role.
    public enum Role: String, Sendable, CaseIterable {
        case author, editor
    }

    /// Throws, saying whose post it is, unless `author` in `role` may change `post` (site-relative).
    public static func requireChangeable(_ post: String, site: Site, by author: CommitAuthor, role: Role)
        throws(WorkflowError)
    {
        guard role == .author else { return }
        if namedAuthors(of: post, site: site)?.contains(where: { matches($0, author) }) == true { return }
        // Not committed yet: a new post, its writer's (an archetype may name anyone in it; two
        // authors never edit one post at once).
        guard let creator = creator(of: post, site: site) else { return }
        if creator.email.lowercased() == author.email.lowercased() { return }
        throw WorkflowError(.refused, "written by \(creator.description): only they or an editor may change it")
    }

    /// The author of the commit that first added `post` (following moves), or nil when it has none.
    /// Kept per post and HEAD: a session asks at every open and save, and a post's history is a
    /// walk of the repository's.
    public static func creator(of post: String, site: Site) -> CommitAuthor? {
        guard let repository = try? Repository.discover(from: site.root) else { return nil }
        let key = site.root + "\u{0}" + post + "\u{0}" + ((try? repository.headCommitID()) ?? "unborn")
        if let known = creators.withLock({ $0[key] }) { return known }
        let creator = (try? PostHistory.load(post: post, site: site, restricted: true))?.versions.last.flatMap {
            repository.commitAuthor($0.entry.commit)
        }
        creators.withLock { cache in
            if cache.count > 2_000 { cache.removeAll() }
            cache[key] = .some(creator)
        }
        return creator
    }

    /// Creators found, by site, post and HEAD (nil inside: the post has no commit).
    private static let creators = Mutex<[String: CommitAuthor?]>([:])

    /// The authors the post's front matter names (`author`, `authors`: a name, an address, or
    /// `Name <address>`; a list), or nil when it cannot be read.
    static func namedAuthors(of post: String, site: Site) -> [String]? {
        guard let bytes = WholeFile.read(site.absolute(post)),
            let page = try? PageText(text: String(decoding: bytes, as: UTF8.self), file: post),
            let fields = try? FrontMatterEditor(page: page, file: post).fields()
        else { return nil }
        return (fields["author"]?.strings ?? []) + (fields["authors"]?.strings ?? [])
    }

    private static func matches(_ named: String, _ author: CommitAuthor) -> Bool {
        let text = named.trimmingCharacters(in: .whitespaces).lowercased()
        return text == author.name.lowercased() || text == author.email.lowercased()
            || CommitAuthor(named).map { $0.email.lowercased() == author.email.lowercased() } == true
    }
}
