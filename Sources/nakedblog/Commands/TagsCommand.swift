import ArgumentParser
import Blog
import Foundation
import TextWidth
import Workflows

/// `nakedblog tags`: the site's taxonomies (`list`, the default) and renaming a term (`rename`).
struct TagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List the site's tags, categories and other taxonomies, or rename a term across posts.",
        subcommands: [TagsListCommand.self, TagsRenameCommand.self], defaultSubcommand: TagsListCommand.self)
}

/// `nakedblog tags [list] [SITE] [--taxonomy NAME] [--json]`: every term of the site's taxonomies
/// with its post count and page, spellings Hugo makes one page of together, and the likely typos.
struct TagsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the site's tags, categories and other taxonomies, with post counts.",
        discussion: """
            Each term with the number of posts using it (drafts included) and the address of its \
            page as Hugo makes it (lower-cased, spaces as hyphens: `Swift` and `swift` are one page, \
            listed as one term with its spellings). Terms used by one post only, and terms that \
            differ only by accents, case or a plural, are marked: the likely typos.
            """)

    @Argument(help: "The site's directory (default: the current one).")
    var site: String = "."

    @Option(help: "Only this taxonomy (its plural name, e.g. tags).")
    var taxonomy: String?

    @Flag(help: "Print JSON: [{taxonomy, terms: [{name, spellings, posts, addresses, near, onSite}]}].")
    var json = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let opened = try SiteLoading.open(site)
        let index = PostIndex.build(opened, stamps: false, listings: SiteListings.cache(for: opened))
        let all = SiteTaxonomies.of(opened, index: index).taxonomies
        var taxonomies = all
        if let taxonomy {
            taxonomies = all.filter { $0.name == taxonomy }
            if taxonomies.isEmpty {
                let known = all.map(\.name)
                throw UserFacingError(
                    "the site has no taxonomy \(TerminalText.visible(taxonomy)) (it has: \(known.joined(separator: ", "))).",
                    exitCode: ExitCodes.usage)
            }
        }
        let out = FileHandleOutput.standardOutput
        if json {
            let rows: [[String: Any]] = taxonomies.map { taxonomy in
                [
                    "taxonomy": taxonomy.name,
                    "terms": taxonomy.terms.map { term in
                        [
                            "name": term.name, "spellings": term.spellings, "posts": term.posts,
                            "addresses": term.addresses, "near": term.near, "onSite": term.onSite,
                        ] as [String: Any]
                    },
                ]
            }
            let data = try JSONSerialization.data(
                withJSONObject: rows, options: [.sortedKeys, .withoutEscapingSlashes])
            out.write(trusted: TerminalText.jsonEscapingControls(String(decoding: data, as: UTF8.self)) + "\n")
            return
        }
        var text = ""
        for taxonomy in taxonomies {
            text += "\(taxonomy.name) (\(taxonomy.terms.count))\n"
            for term in taxonomy.terms {
                var line = "  " + DisplayWidth.pad(String(term.posts.count), to: 5) + " " + term.name
                if term.spellings.count > 1 {
                    line += "  (also " + term.spellings.dropFirst().joined(separator: ", ") + ")"
                }
                if let address = term.addresses.first { line += "  " + address }
                var notes: [String] = []
                if !term.onSite { notes.append("no post on the site yet") }
                if term.posts.count == 1 { notes.append("used once") }
                if !term.near.isEmpty { notes.append("like " + term.near.joined(separator: ", ")) }
                if !notes.isEmpty { line += "  ⚠ " + notes.joined(separator: "; ") }
                text += line + "\n"
            }
        }
        out.write(text)
    }
}

/// `nakedblog tags rename OLD NEW [SITE] [--taxonomy NAME]`: the term renamed (or merged into
/// another) in every post that uses it, each post changed by that one item.
struct TagsRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a term (or merge it into another) in every post that uses it.",
        discussion: """
            Every spelling of OLD's page (`Swift`, `swift`) becomes NEW; a post that already has \
            NEW keeps it once. Each post changes by that one list item, every other byte as it was. \
            Nothing is committed: publish the changed posts (printed one a line) as usual. The \
            addresses of term pages that stop existing are said on stderr.
            """)

    @Argument(help: "The term to rename.")
    var old: String

    @Argument(help: "Its new name (an existing term's: the two are merged).")
    var new: String

    @Argument(help: "The site's directory (default: the current one).")
    var site: String = "."

    @Option(help: "The taxonomy (its plural name).")
    var taxonomy = "tags"

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let opened = try SiteLoading.open(site)
        let index = PostIndex.build(opened, stamps: false, listings: SiteListings.cache(for: opened))
        let result: TermRename.Result
        do throws(WorkflowError) {
            result = try TermRename.rename(old, to: new, taxonomy: taxonomy, site: opened, index: index)
        } catch {
            throw UserFacingError(
                TerminalText.visible(error.description), exitCode: error.kind == .refused ? ExitCodes.usage : 1)
        }
        FileHandleOutput.standardOutput.write(
            result.changed.map { TerminalText.visible($0) + "\n" }.joined())
        var said = "nakedblog: \(result.changed.count) post\(result.changed.count == 1 ? "" : "s") changed"
        if !result.goneAddresses.isEmpty {
            said += "; gone from the site: " + result.goneAddresses.joined(separator: ", ")
        }
        FileHandleOutput.standardError.write(said + "\n")
    }
}
