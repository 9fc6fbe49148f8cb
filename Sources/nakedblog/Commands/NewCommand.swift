import ArgumentParser
import Blog
import Foundation
import TextWidth
import Workflows

/// `nakedblog new`: creates a post from the site's archetype and prints its path.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a post (Hugo: from the archetype; Jekyll: a draft in _drafts/) and print its path.",
        discussion: """
            The post is a page bundle (<section>/<slug>/index.md) with draft: true and today's date, \
            made from archetypes/<section>/, archetypes/<section>.md, archetypes/default.md, the \
            theme's, or Hugo's default, in that order. A slug that is taken gets -2, -3, …
            On a Jekyll site the post is a draft, _drafts/<slug>.md, with layout: post, the title and         the site's jekyll_compose.default_front_matter.drafts (--section, --file and --lang do not         apply); `nakedblog draft PATH --off` or `publish --undraft` moves it into _posts/.
            """)

    @Argument(help: "The post's title.")
    var title: String

    @Option(help: "The site's directory (default: the current one).")
    var site: String = "."

    @Option(help: "The section to create the post in.")
    var section: String = "posts"

    @Flag(help: "Create a single file (<slug>.md) instead of a page bundle.")
    var file = false

    @Option(help: "The language (default: the site's default language).")
    var lang: String?

    @Flag(
        help: "Write even where a symbolic link or the site's configuration leads outside the site (refused otherwise)."
    )
    var outsideSite = false

    @Option(
        help: ArgumentHelp(
            "A photo post: this picture, fit to publish, opens the post; the title is its caption and alt text.",
            valueName: "file"))
    var photo: String?

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let site = try SiteLoading.open(site)
        do throws(WorkflowError) {
            var request = NewPostRequest(
                title: title, section: section, bundle: !file, lang: lang, outsideSite: outsideSite)
            request.photo = photo.map(ArgumentPath.absolute)
            let made = try PostCreation.make(request, site: site)
            if let note = made.note {
                FileHandleOutput.standardError.write("nakedblog: \(TerminalText.visible(note))\n")
            }
            FileHandleOutput.standardOutput.write(DisplayPath.forUser(site.absolute(made.path)) + "\n")
        } catch {
            throw UserFacingError(error.description)
        }
    }
}

/// Paths as the user should see them: relative to the current directory when inside it.
enum DisplayPath {
    static func forUser(_ absolute: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let resolvedCwd = URL(fileURLWithPath: cwd).resolvingSymlinksInPath().path
        for base in [cwd, resolvedCwd] where absolute.hasPrefix(base + "/") {
            return String(absolute.dropFirst(base.count + 1))
        }
        return absolute
    }
}
