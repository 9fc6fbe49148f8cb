import ArgumentParser
import Blog
import Foundation
import TextWidth
import Workflows

/// `nakedblog list`: the site's posts as a table or JSON.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the site's posts (drafts, scheduled and expired ones included).",
        discussion:
            "Status is what Hugo would decide now: draft, scheduled (future publish date), expired or published.")

    @Argument(help: "The site's directory (default: the current one; parents are searched like git does).")
    var site: String = "."

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    @Option(help: "Only posts in this section (e.g. posts).")
    var section: String?

    @Flag(help: "Only drafts.")
    var drafts = false

    @Option(help: "Only posts in this language (e.g. fr).")
    var lang: String?

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "A Jekyll site's config files, in order (as `jekyll build --config a.yml,b.yml`).",
            valueName: "files"))
    var jekyllConfigs: String?

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let site = try SiteLoading.open(
            site,
            jekyllConfigs: jekyllConfigs.map { list in
                // As jekyll takes them: relative to the current directory.
                list.split(separator: ",").map {
                    $0.hasPrefix("/") ? String($0) : FileManager.default.currentDirectoryPath + "/" + $0
                }
            })
        // Printed once and never refreshed: no file stamps needed.
        let index = PostIndex.build(site, stamps: false, listings: SiteListings.cache(for: site))
        // Without a filter the index's own array is printed (a filtered copy retains every string).
        let filtered = section != nil || drafts || lang != nil
        let posts =
            !filtered
            ? index.posts
            : index.posts.filter { post in
                (section.map { post.section == $0 } ?? true) && (!drafts || post.draft)
                    && (lang.map { post.lang == $0.lowercased() } ?? true)
            }
        let now = Date()
        if json {
            PostJSON.write(posts, now: now, config: index.site.config, to: .standardOutput)
        } else {
            FileHandleOutput.standardOutput.write(PostTable.render(posts, now: now, width: TerminalSize.columns()))
        }
        KeepUntilExit.keep(index)
        for post in posts {
            if let warning = post.warning {
                FileHandleOutput.standardError.write("warning: \(TerminalText.visible(post.path)): \(warning)\n")
            }
        }
        SiteLoading.report(index.problems)
        if !index.problems.isEmpty { throw ExitCode(ExitCodes.failure) }
    }
}
