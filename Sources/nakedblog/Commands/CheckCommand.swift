import ArgumentParser
import Blog
import Foundation
import GitOps
import TextWidth
import Workflows

/// `nakedblog check PATH… [--json]`: what `publish` would say about posts, without committing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Say whether publishing posts would pass, without committing anything.",
        discussion: """
            Compares what the site reads of each post as it is now with the last commit: front matter \
            that would stop being readable makes the publish refused (exit 6, file and line named); \
            probable accidents (title emptied, date moved by over a year, keys removed, draft or slug \
            changed on a published post) are warnings. Then builds the site as it will be after the \
            publish with its own generator (hugo, jekyll) in a scratch folder: a build broken by the \
            change fails the check (exit 6); a site already broken at the last commit does not. Says \
            where each post will appear (its URL path) and when. Exit 0 when publishing would pass.
            """)

    @Argument(help: "Post files or bundle directories (with --links: any folder; none: the whole site).")
    var paths: [String] = []

    @Flag(
        help:
            "Check the posts' internal links instead: pages, images and #anchors that do not exist (exit 6 when any)."
    )
    var links = false

    @Flag(help: "With --links: also ask external links' servers (through curl; HEAD, then GET), a few at a time.")
    var external = false

    @Option(help: "The site (default: the current directory).")
    var site: String?

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Check the posts as they will be once made posts (drafts undrafted).")
    var undraft = false

    @Flag(help: "Do not build the site (the front matter review and where/when only).")
    var noBuild = false

    @OptionGroup var options: GlobalOptions

    struct JSONPost: Encodable {
        let path: String
        let refused: String?
        let warnings: [String]
        let url: String?
        let when: String?
        let appears: String?
    }

    struct JSONReport: Encodable {
        let posts: [JSONPost]
        /// passed, failed, already-broken, skipped
        let build: String
        let buildMessages: [String]
        let seconds: Double?
    }

    func validate() throws {
        if !links && paths.isEmpty { throw ValidationError("name the posts to check (or use --links)") }
        if external && !links { throw ValidationError("--external goes with --links") }
    }

    func run() throws {
        if links { return try LinkCheckCommand.run(paths: paths, site: site, json: json, external: external) }
        let repository: Repository
        do {
            repository = try Repository.discover(from: site ?? FileManager.default.currentDirectoryPath)
        } catch {
            throw UserFacingError("cannot check: \(error.message).")
        }
        let workdir = repository.workingDirectory!
        let relative = try paths.map { try PostPath.resolve($0, workdir: workdir, isTracked: repository.isInHead) }
        let reviews = relative.map { (path: $0, review: PostPath.review($0, in: repository, workdir: workdir)) }
        let check = buildCheck(relative, in: repository, workdir: workdir)
        let out = FileHandleOutput.standardOutput
        let appearances = Dictionary(
            check?.check.appearances.map { ($0.path, $0.when) } ?? [], uniquingKeysWith: { a, _ in a })
        func appearance(_ repositoryPath: String) -> (String, PublishWhen)? {
            guard let check else { return nil }
            let pages = PublishReview.pages(of: repositoryPath, workdir: workdir).map {
                String($0.dropFirst(check.prefix.count))
            }
            let moved = pages.map { page in
                undraft
                    ? appearances.keys.first { $0.hasSuffix("-" + (page as NSString).lastPathComponent) || $0 == page }
                        ?? page : page
            }
            return moved.compactMap { page in appearances[page].map { (page, $0) } }.first
        }
        let verdict: String
        switch check?.check.verdict {
        case .passed?: verdict = "passed"
        case .failed?: verdict = "failed"
        case .alreadyBroken?: verdict = "already-broken"
        case .unavailable?, nil: verdict = "skipped"
        }
        if json {
            let posts = reviews.map { path, review in
                let found = appearance(path)
                return JSONPost(
                    path: path, refused: review.refusal?.description, warnings: review.warnings, url: found?.1.url,
                    when: found?.1.kind, appears: found?.1.description)
            }
            let report = JSONReport(
                posts: posts, build: verdict, buildMessages: check?.check.lines ?? [],
                seconds: check?.check.build.map { $0.seconds + (check?.check.headBuild?.seconds ?? 0) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let text = String(decoding: (try? encoder.encode(report)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
            out.write(trusted: TerminalText.jsonEscapingControls(text))
        } else {
            for (path, review) in reviews {
                if let refusal = review.refusal { out.write("refused: \(refusal)\n") }
                for warning in review.warnings { out.write("warning: \(warning)\n") }
                if review.refusal == nil && review.warnings.isEmpty { out.write("ok: \(path)\n") }
                if let (page, when) = appearance(path) { out.write("\(page): \(when.description)\n") }
            }
            for line in check?.check.lines ?? [] { out.write("build: \(line)\n") }
        }
        if check?.check.refuses == true { throw ExitCode(ExitCodes.refused) }
        if reviews.contains(where: { $0.review.refusal != nil }) { throw ExitCode(ExitCodes.refused) }
    }
}

extension CheckCommand {
    /// The build check (and where/when) for the posts, with the site's prefix in the repository.
    func buildCheck(_ relative: [String], in repository: Repository, workdir: String) -> (
        check: PublishCheck, prefix: String
    )? {
        guard let subject = PublishCheck.subject(of: relative, workdir: workdir) else { return nil }
        // The site is built with what `publish` would commit (`PublishPaths`): a post's pictures too.
        let commitPaths = relative + ((try? PublishPaths.takenAlong(relative, repository: repository)) ?? [])
        let config = (try? PublishSettings.load()) ?? PublishSettings()
        guard
            let check = InterruptibleCheck.run(
                config: config,
                { policy in
                    PublishCheck.run(
                        repository: repository, siteRoot: subject.site.root, commitPaths: commitPaths,
                        posts: subject.pages,
                        undraft: undraft,
                        build: !noBuild, policy: policy)
                })
        else { _exit(ExitCodes.interrupted) }
        return (check, subject.prefix)
    }
}

extension PostPath {
    /// What publishing `relative` (a bundle or page, repository-relative) would change in what
    /// the site reads: the rule `publish` and `check` share with the app's sheet (`PublishPreparation`).
    static func review(_ relative: String, in repository: Repository, workdir: String) -> PublishReview {
        PublishPreparation.review(repositoryPath: relative, repository: repository, workdir: workdir)
    }
}
