import ArgumentParser
import Blog
import Foundation
import GitOps
import TextWidth

/// `nakedblog check PATH… [--json]`: what `publish` would say about posts, without committing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Say whether publishing posts would pass, without committing anything.",
        discussion: """
        Compares what the site reads of each post as it is now with the last commit: front matter \
        that would stop being readable makes the publish refused (exit 6, file and line named); \
        probable accidents (title emptied, date moved by over a year, keys removed, draft or slug \
        changed on a published post) are warnings. Exit 0 when publishing would pass.
        """)

    @Argument(help: "Post files or bundle directories.")
    var paths: [String]

    @Option(help: "The site (default: the current directory).")
    var site: String?

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: GlobalOptions

    struct JSONPost: Encodable {
        let path: String
        let refused: String?
        let warnings: [String]
    }

    func run() throws {
        let repository: Repository
        do {
            repository = try Repository.discover(from: site ?? FileManager.default.currentDirectoryPath)
        } catch {
            throw UserFacingError("cannot check: \(error.message).")
        }
        let workdir = repository.workingDirectory!
        let relative = try paths.map { try PostPath.resolve($0, workdir: workdir, isTracked: repository.isInHead) }
        let reviews = relative.map { (path: $0, review: PostPath.review($0, in: repository, workdir: workdir)) }
        let out = FileHandleOutput.standardOutput
        if json {
            let posts = reviews.map { JSONPost(path: $0.path, refused: $0.review.refusal?.description, warnings: $0.review.warnings) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let text = String(decoding: (try? encoder.encode(posts)) ?? Data("[]".utf8), as: UTF8.self) + "\n"
            out.write(trusted: TerminalText.jsonEscapingControls(text))
        } else {
            for (path, review) in reviews {
                if let refusal = review.refusal { out.write("refused: \(refusal)\n") }
                for warning in review.warnings { out.write("warning: \(warning)\n") }
                if review.refusal == nil && review.warnings.isEmpty { out.write("ok: \(path)\n") }
            }
        }
        if reviews.contains(where: { $0.review.refusal != nil }) { throw ExitCode(ExitCodes.refused) }
    }
}

extension PostPath {
    /// What publishing `relative` (a bundle or page, repository-relative) would change in what
    /// the site reads: the rule `publish` and `check` share with the app's sheet.
    static func review(_ relative: String, in repository: Repository, workdir: String) -> PublishReview {
        PublishReview.review(commitPath: relative, workdir: workdir, committed: repository.contentAtHead,
                             isOnRemote: { repository.existsOnRemote(path: $0) })
    }
}
