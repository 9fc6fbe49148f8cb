import ArgumentParser
import Blog
import Foundation
import GitOps
import Workflows

/// `nakedblog publish [PATH…]`: commit exactly the posts named and push them.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Commit a post (its whole bundle) and push it.",
        discussion: """
            PATH is a post's content file or its bundle directory; a bundle is committed whole \
            (new images, deletions). Other changes in the work tree are left alone (--all commits \
            everything). With no PATH, commits that are not on the remote yet are pushed.
            If the remote moved on, your commit is replayed onto it and pushed again (never forced). \
            A conflict leaves your commit local and the remote untouched (exit 3).
            """)

    @Argument(help: "Post files or bundle directories.")
    var paths: [String] = []

    @Option(help: "The site (default: the current directory).")
    var site: String?

    @Option(
        name: [.short, .customLong("message")],
        help: "The commit message (default: Publish: <title>, or Update: <title>).")
    var message: String?

    @Flag(help: "Commit every change in the work tree.")
    var all = false

    @Flag(help: "Commit only; do not push.")
    var noPush = false

    @Flag(help: "Publish even when a post's front matter would stop being readable (refused otherwise, exit 6).")
    var force = false

    @Flag(help: "Do not build the site before committing (the check refuses a post that breaks the build, exit 6).")
    var noCheck = false

    @Flag(
        help:
            "Make each draft a post first (Hugo: draft: false; Jekyll: _drafts/x.md moves to _posts/<date>-x.md, one rename)."
    )
    var undraft = false

    @Flag(help: "Trust an SSH server's host key the first time it is seen, without asking.")
    var acceptNewHostKey = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if all && !paths.isEmpty { throw ValidationError("Give either PATHs or --all, not both.") }
    }

    func run() async throws {
        let start = site ?? FileManager.default.currentDirectoryPath
        let repository: Repository
        do {
            repository = try Repository.discover(from: start)
        } catch {
            throw UserFacingError("cannot publish: \(error.message).")
        }
        let workdir = repository.workingDirectory!
        var relative = try paths.map { try PostPath.resolve($0, workdir: workdir, isTracked: repository.isInHead) }
        // A draft being published is a first publish, even when the draft itself was pushed: the
        // message says "Publish", by the app's rule (`PublishPaths.isDraft`).
        let firstPublish =
            undraft
            && relative.contains { path in
                guard let (site, post) = PublishPaths.sitePost(repositoryPath: path, workdir: workdir) else {
                    return false
                }
                return PublishPaths.isDraft(post, site: site, page: PublishedPage.read(path, workdir: workdir))
            }
        if undraft { relative = try undraftAll(relative, repository: repository, workdir: workdir) }
        let referenced = try takenAlong(relative, repository: repository)
        try review(relative, in: repository, workdir: workdir)
        try buildCheck(relative + referenced, pages: relative, in: repository, workdir: workdir)
        let posts = relative.map { PublishedPage.read($0, workdir: workdir) }
        for (path, post) in zip(relative, posts) where post.isDraft && !undraft {
            let file =
                PublishReview.pages(of: path, workdir: workdir).first.map { DisplayPath.forUser(workdir + $0) } ?? path
            FileHandleOutput.standardError.write(
                "note: \(post.title) is a draft (draft: true): Hugo will not build it. Publish it with `nakedblog meta \(file) draft false` first if you meant to.\n"
            )
        }
        let commitMessage =
            message
            ?? (all || relative.isEmpty
                ? "Update the blog"
                : CommitMessage.forPublishing(
                    relative, titles: posts.map(\.title), in: repository, firstPublish: firstPublish))
        let remoteURL = repository.publishRemoteURL()
        let request = Publisher.Request(paths: relative + referenced, all: all, message: commitMessage, push: !noPush)
        let result = try await RemoteOperationRunner.run(
            what: "publishing failed", remoteURL: remoteURL,
            acceptNewHostKey: acceptNewHostKey
        ) { options in
            Publisher.publish(repositoryAt: workdir, request, options: options)
        }
        report(result)
    }

    /// Builds the site as it will be after the publish (unless `--no-check`, `[publish] check =
    /// "off"` or `git config nakedblog.check off`): a build that breaks because of the change is
    /// refused (exit 6); a site already broken at HEAD is said once and does not block.
    private func buildCheck(_ commitPaths: [String], pages: [String], in repository: Repository, workdir: String) throws
    {
        guard !noCheck, !all, !pages.isEmpty else { return }
        let config = (try? PublishSettings.load()) ?? PublishSettings()
        guard config.buildsBeforePublishing(siteSetting: repository.configString("nakedblog.check")) else { return }
        guard let subject = PublishCheck.subject(of: pages, workdir: workdir) else { return }
        let site = subject.site
        let err = FileHandleOutput.standardError
        err.write("Building the site with \(site.kind.command) to check the change…\n")
        guard
            let check = InterruptibleCheck.run(
                config: config,
                { policy in
                    PublishCheck.run(
                        repository: repository, siteRoot: site.root, commitPaths: commitPaths, posts: subject.pages,
                        undraft: false, policy: policy)
                })
        else { throw UserFacingError("interrupted: nothing was committed", exitCode: ExitCodes.interrupted) }
        for appearance in check.appearances { err.write("\(appearance.path): \(appearance.when.description)\n") }
        if check.refuses {
            throw UserFacingError(
                "cannot publish: " + check.lines.joined(separator: "\n")
                    + "\nNothing was committed; fix it, or publish anyway with --no-check.",
                exitCode: ExitCodes.refused)
        }
        for line in check.lines { err.write(line + "\n") }
    }

    /// What each post takes with it beyond its own file or bundle, by the one rule
    /// (`PublishPaths.takenAlong`, which also refuses a bundle that leads outside its site).
    private func takenAlong(_ relative: [String], repository: Repository) throws -> [String] {
        do {
            return try PublishPaths.takenAlong(relative, repository: repository)
        } catch {
            throw UserFacingError("cannot publish: \(error.description)", exitCode: ExitCodes.usage)
        }
    }

    /// Each post undrafted before the review; a Jekyll draft's move adds its old path (the
    /// deletion half of the rename) to what is committed.
    private func undraftAll(_ relative: [String], repository: Repository, workdir: String) throws -> [String] {
        var paths: [String] = []
        for path in relative {
            let file = PublishReview.pages(of: path, workdir: workdir).first.map { workdir + $0 } ?? workdir + path
            let site = try SiteLoading.open((file as NSString).deletingLastPathComponent)
            do {
                let made = try Undraft.publishable(site.relative(file), site: site, repository: repository)
                paths += made.result.movedFrom == nil ? [path] : made.movePaths
            } catch {
                throw UserFacingError(error.description)
            }
        }
        return paths
    }

    /// What the site will read of each post, before and after: warnings on stderr; a post whose
    /// front matter would stop being readable is refused (exit 6) unless `--force`.
    private func review(_ relative: [String], in repository: Repository, workdir: String) throws {
        let err = FileHandleOutput.standardError
        for path in relative {
            let review = PostPath.review(path, in: repository, workdir: workdir)
            for warning in review.warnings { err.write("warning: \(warning)\n") }
            guard let refusal = review.refusal else { continue }
            if force {
                err.write("warning: \(refusal) (published anyway: --force)\n")
                continue
            }
            throw UserFacingError(
                "cannot publish: \(refusal). Nothing was committed; fix it, or publish anyway with --force.",
                exitCode: ExitCodes.refused)
        }
    }

    private func report(_ result: PublishResult) {
        let out = FileHandleOutput.standardOutput
        if result.commit == nil, !all, !paths.isEmpty {
            out.write("Nothing changed in \(paths.joined(separator: ", ")) since the last commit.\n")
        }
        if noPush { return }
        if result.pushedCommits > 0, let upstream = result.upstream, let head = result.head {
            let commits = result.pushedCommits == 1 ? "1 commit" : "\(result.pushedCommits) commits"
            out.write("Published \(commits) to \(upstream) (\(result.branch) at \(head.prefix(7))).\n")
        } else {
            out.write("Nothing to push: \(result.upstream ?? "the remote") already has \(result.branch).\n")
        }
    }
}

/// Post paths as the user types them, resolved against the work tree.
enum PostPath {
    /// A post's relative path: a bundle's directory for `index.md` / `index.<lang>.md`, the file
    /// itself for a single-file page. Fails for paths outside the work tree or that do not exist.
    static func resolve(_ path: String, workdir: String, isTracked: (String) -> Bool = { _ in false }) throws -> String
    {
        // The folders leading to it are resolved; the post itself is not: a post or bundle that
        // is a symbolic link is committed as the link (GitOps never follows one out).
        let lexical = URL(fileURLWithPath: path).standardizedFileURL
        let parent = lexical.deletingLastPathComponent().resolvingSymlinksInPath().path
        let absolute = lexical.path == "/" ? "/" : (parent == "/" ? "" : parent) + "/" + lexical.lastPathComponent
        let trimmed = workdir.hasSuffix("/") ? String(workdir.dropLast()) : workdir
        let root = URL(fileURLWithPath: trimmed).resolvingSymlinksInPath().path
        guard absolute == root || absolute.hasPrefix(root + "/") else {
            throw UserFacingError(
                "cannot publish \(path): it is outside the repository at \(root).", exitCode: ExitCodes.usage)
        }
        let relative = PagePath.commitPath(of: String(absolute.dropFirst(root.count + 1)))
        if !FileManager.default.fileExists(atPath: root + "/" + relative)
            && !FileManager.default.fileExists(atPath: absolute)
            && !isTracked(relative)
        {
            // A deleted post that the last commit has is publishable (its deletion is committed).
            throw UserFacingError("cannot publish \(path): no such file or directory.", exitCode: ExitCodes.usage)
        }
        return relative
    }
}
