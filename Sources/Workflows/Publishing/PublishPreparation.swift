import Blog
import Foundation
import GitOps
import Preview

/// Why a workflow did not run: said once, here, for the app's sheet and the commands alike.
public struct WorkflowError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The site is in no git repository (or one without a work tree).
        case notInRepository
        /// The post or site cannot be published as it is (containment, unreadable, a clash).
        case refused
        /// A file cannot be read (gone, or not readable).
        case unreadable
        /// Stopped by the writer (Ctrl-C, SIGTERM) before it finished; nothing was left behind.
        case interrupted
        /// A file cannot be written (disk full, permissions).
        case unwritable
    }

    public let kind: Kind
    public let description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    public static let notInRepositoryText =
        "This site is not in a git repository: nothing can be published. Clone your blog with nakedblog clone URL, or run git init."
    static let notInRepository = WorkflowError(.notInRepository, notInRepositoryText)
}

/// What publishing one post would do, worked out before anything is committed: the one rule the
/// app's publish sheet and the `publish`/`check` commands share.
public struct PublishPreparation: Sendable {
    /// The post, site-relative.
    public let post: String
    public let site: Site
    public let paths: SitePath
    public let plan: PublishPlan
    /// The post's file or bundle, as the repository names it.
    public var commitPath: String { plan.commitPaths[0] }
    /// The changed files a commit would take, site-relative, with their change ("new", "modified"…).
    public let files: [(path: String, change: String)]
    public let page: PublishedPage
    /// The post is a draft now (a Jekyll draft in `_drafts/`, or `draft: true`): publishing it is a first publish.
    public let wasDraft: Bool
    /// Publishing it as a post moves it (Jekyll: `_drafts/` → `_posts/`).
    public let draftMoves: Bool
    /// It was made a draft since its last commit, which was on the site: publishing takes it off
    /// (`PublishPaths.takesOffSite`); the sheet keeps it a draft.
    public let takesOffSite: Bool
    /// `Publish: <title>` or `Update: <title>`.
    public let message: String
    public let review: PublishReview
    /// The site can keep an old address as a redirect (`aliases`, jekyll-redirect-from).
    public let keepsOldAddress: Bool
    /// The post's links that lead nowhere (pages, images, anchors): a warning on the sheet.
    public let brokenLinks: [LinkProblem]
    /// Pictures in the post without alt text, and its own pictures over the size limit: warnings.
    public let pictureWarnings: [String]

    /// Prepares publishing `post` (site-relative) of `site`.
    public static func prepare(post: String, site: Site, repository: Repository) throws(WorkflowError)
        -> PublishPreparation
    {
        guard let workdir = repository.workingDirectory else { throw .notInRepository }
        let paths = SitePath(siteRoot: site.root, workdir: workdir)
        let plan = PublishPlan(
            prefix: paths.prefix, commitPaths: try PublishPaths.of(post, site: site, repository: repository))
        let commitPath = plan.commitPaths[0]
        let entries = (try? repository.status(paths: plan.commitPaths).entries) ?? []
        let files = entries.compactMap { entry in
            paths.inSite(entry.path).map { (path: $0, change: SiteGitStatus.change(of: entry).rawValue) }
        }
        var page = PublishedPage.read(commitPath, workdir: workdir, committed: repository.contentAtHead)
        page.title = PublishPaths.title(post, site: site, page: page)
        let jekyll = site.kind.jekyll != nil
        let wasDraft = PublishPaths.isDraft(post, site: site, page: page)
        let moved = paths.inSite(plan.commitPaths.dropFirst())
        let formerPath = DraftSwitch.formerPlaces(of: post, among: moved).first
        let takesOffSite = PublishPaths.takesOffSite(post, site: site, page: page, formerPath: formerPath)
        // A draft being published is a first publish, even when the draft itself was pushed; one
        // made a draft since its last commit is taken off the site.
        let message =
            takesOffSite
            ? "Unpublish: " + page.title
            : CommitMessage.forPublishing([commitPath], titles: [page.title], in: repository, firstPublish: wasDraft)
        let review = Self.review(
            commitPath: commitPath, post: post, site: site, paths: paths, repository: repository, workdir: workdir,
            formerPath: formerPath)
        let text = (try? String(contentsOfFile: site.absolute(post), encoding: .utf8)) ?? ""
        let links = LinkCheck(site: site, index: PostIndex.build(site, listings: SiteListings.cache(for: site)))
            .check(post, text: text)
        return PublishPreparation(
            post: post, site: site, paths: paths, plan: plan, files: files, page: page, wasDraft: wasDraft,
            draftMoves: jekyll, takesOffSite: takesOffSite,
            message: message, review: review, keepsOldAddress: URLChange.redirectKey(site: site) != nil,
            brokenLinks: links,
            pictureWarnings: Self.pictureWarnings(
                post: post, text: text, site: site,
                limit: ImageSettings.load(environment: ProcessInfo.processInfo.environment).fitting.warnBytes))
    }

    /// What the site will read of the post before and after (refusal, warnings, a changed address).
    public static func review(
        commitPath: String, post: String, site: Site, paths: SitePath, repository: Repository, workdir: String,
        formerPath: String?
    ) -> PublishReview {
        var review = PublishReview.review(
            commitPath: commitPath, workdir: workdir, displayPrefix: paths.prefix,
            committed: repository.contentAtHead, isOnRemote: { repository.existsOnRemote(path: $0) })
        review.noteAddressChange(
            of: post, site: site, prefix: paths.prefix, formerPath: formerPath,
            committed: repository.contentAtHead, isOnRemote: { repository.existsOnRemote(path: $0) })
        return review
    }

    /// The review of a post given by its repository path (a page file or bundle folder), as the
    /// commands name posts: the site found from the page, a Jekyll post's former place from the
    /// work tree's deletions.
    public static func review(repositoryPath: String, repository: Repository, workdir: String) -> PublishReview {
        var review = PublishReview.review(
            commitPath: repositoryPath, workdir: workdir, committed: repository.contentAtHead,
            isOnRemote: { repository.existsOnRemote(path: $0) })
        guard let page = PublishReview.pages(of: repositoryPath, workdir: workdir).first,
            let site = try? SiteOpening.open(StandardPath.folder(of: workdir + page), restricted: false)
        else { return review }
        let paths = SitePath(siteRoot: site.root, workdir: workdir)
        guard let post = paths.inSite(page) else { return review }
        let deleted = paths.inSite(deletedPaths(repository, site: site))
        review.noteAddressChange(
            of: post, site: site, prefix: paths.prefix,
            formerPath: DraftSwitch.formerPlaces(of: post, among: deleted).first,
            committed: repository.contentAtHead, isOnRemote: { repository.existsOnRemote(path: $0) })
        return review
    }

    /// The repository's deleted paths, where a post's former place may be (Jekyll moves posts).
    public static func deletedPaths(_ repository: Repository, site: Site) -> [String] {
        site.kind.jekyll == nil ? [] : (try? repository.status().deletedPaths) ?? []
    }
}

/// A post made a post before it is published (`draft: false`, or a Jekyll draft moved to
/// `_posts/`), and what the commit must then take: the one rule for the app and `publish --undraft`.
public enum Undraft {
    /// Makes `post` (site-relative) a post; returns the move (if any), the repository paths of the
    /// post where it is now and where it was (`movePaths`), and all a commit takes (`commitPaths`:
    /// those and the files it refers to).
    public static func publishable(_ post: String, site: Site, repository: Repository) throws(WorkflowError)
        -> (result: DraftSwitch.Result, movePaths: [String], commitPaths: [String])
    {
        guard let workdir = repository.workingDirectory else { throw .notInRepository }
        let paths = SitePath(siteRoot: site.root, workdir: workdir)
        let result: DraftSwitch.Result
        do {
            result = try DraftSwitch.set(post, draft: false, site: site)
        } catch {
            throw WorkflowError(.refused, "could not make it a post: \(error.description)")
        }
        let movePaths = result.commitPaths.map(paths.inRepository)
        var commitPaths = movePaths
        if let planned = try? PublishPaths.of(result.path, site: site, repository: repository) {
            commitPaths += planned.filter { !commitPaths.contains($0) }
        }
        return (result, movePaths, commitPaths)
    }
}

extension PublishPreparation {
    /// Pictures with no alt text (readers who cannot see them get nothing), and pictures of the
    /// post's own folder heavier than the limit after fitting.
    static func pictureWarnings(post: String, text: String, site: Site, limit: Int = ImageFitting.Settings().warnBytes)
        -> [String]
    {
        var warnings: [String] = []
        let images = MarkdownLinks.links(in: text, skippingLines: FrontMatterLines.count(in: text)).filter(\.isImage)
        for image in images where image.alt.trimmingCharacters(in: .whitespaces).isEmpty {
            warnings.append("line \(image.line + 1): the picture \(image.destination) has no alt text")
        }
        let folder = (post as NSString).deletingLastPathComponent
        for image in images where !image.destination.contains(":") && !image.destination.hasPrefix("/") {
            let file = site.absolute(folder.isEmpty ? image.destination : folder + "/" + image.destination)
            guard SiteContainment.isInside(file, site: site.root),
                let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > limit
            else { continue }
            warnings.append(
                "\(image.destination) is \(ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file)): heavy for a page (Ctrl-R fits a picture)"
            )
        }
        return warnings
    }
}
