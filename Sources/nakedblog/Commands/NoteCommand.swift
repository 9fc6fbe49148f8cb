import ArgumentParser
import Blog
import Foundation
import GitOps
import Workflows

/// `nakedblog note "text" [--image FILE] [--alt TEXT] [--publish]`: a short, titleless post in the
/// site's notes section, published in the same command when asked.
struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Write a short note (no title), and publish it at once with --publish.",
        discussion: """
            Hugo: content/<section>/<date-time>.md (a bundle with its picture when --image is given; \
            the section — --section, else `[images] notes_section` in the config file, else `micro` — is made with an _index.md when the \
            site has none). Jekyll: _posts/<date-time>.md. The note is not a draft. --publish commits \
            and pushes it through the same checks as `nakedblog publish`.
            """)

    @Argument(help: "The note's text (markdown).")
    var text: String

    @Option(help: "A picture to put in the note (copied into it).")
    var image: String?

    @Option(help: "The picture's alt text (what it shows, for readers who cannot see it).")
    var alt: String = ""

    @Option(help: "The site (default: the current directory).")
    var site: String?

    @Option(help: "The Hugo section notes go in (default: [images] notes_section, else micro).")
    var section: String?

    @Flag(help: "Commit and push the note right away (with the build check).")
    var publish = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let opened = try SiteLoading.open(site ?? FileManager.default.currentDirectoryPath)
        let path: String
        do throws(WorkflowError) {
            path = try NoteCreation.create(
                text, image: image.map(ArgumentPath.absolute), alt: alt, site: opened,
                section: section ?? ImageSettings.load(environment: ProcessInfo.processInfo.environment).notesSection)
        } catch {
            throw UserFacingError("cannot write the note: \(error.description)")
        }
        FileHandleOutput.standardOutput.write(opened.absolute(path) + "\n")
        guard publish else { return }
        // Published as any post (a notes section made just now goes with it: `PublishPaths`).
        let message = NoteCreation.subject(text, image: image)
        let command = try PublishCommand.parse(
            [opened.absolute(PagePath.commitPath(of: path)), "--site", opened.root, "--message", message])
        try await command.run()
    }
}
