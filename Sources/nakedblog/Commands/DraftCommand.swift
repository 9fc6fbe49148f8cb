import ArgumentParser
import Blog
import Foundation

/// `nakedblog draft PATH --on|--off`: makes a post a draft or not, as its generator has it.
struct DraftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draft",
        abstract: "Make a post a draft (--on) or not (--off) and print its path.",
        discussion: """
            Hugo: sets draft: true or false in the front matter, nothing else changes. Jekyll: moves \
            _drafts/<slug>.md to _posts/<date>-<slug>.md (--off; the date from the front matter, else \
            today in the site's timezone, added as date: when the site's posts carry one) or back \
            (--on). Nothing is committed: publish does that.
            """)

    @Argument(help: "The post's file.")
    var path: String

    @Flag(help: "Make it a draft.")
    var on = false

    @Flag(help: "Make it a post that is built (not a draft).")
    var off = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if on == off { throw ValidationError("Give exactly one of --on or --off.") }
    }

    func run() throws {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let site = try SiteLoading.open((absolute as NSString).deletingLastPathComponent)
        let relative = site.relative(absolute)
        guard !relative.hasPrefix("/") else { throw UserFacingError("\(path) is not inside the site at \(site.root).") }
        do {
            let result = try DraftSwitch.set(relative, draft: on, site: site)
            FileHandleOutput.standardOutput.write(DisplayPath.forUser(site.absolute(result.path)) + "\n")
        } catch {
            throw error.userFacing
        }
    }
}
