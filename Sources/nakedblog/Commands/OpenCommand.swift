import ArgumentParser
import Foundation
import NakedblogApp
import TUI

/// `nakedblog [DIR]` (`nakedblog open [DIR]`): the full-screen app on the site at DIR, or the
/// start screen outside any site.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the full-screen app on a site (the default command).")

    @Argument(help: "The site (default: the current directory, walking up to the site root).")
    var directory: String?

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let path = URL(fileURLWithPath: directory ?? FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if directory != nil, !FileManager.default.fileExists(atPath: path) {
            throw UserFacingError("cannot open \(path): no such directory.", exitCode: ExitCodes.usage)
        }
        var state = AppState(columns: 80, rows: 24, page: .browse)
        state.start.directory = FileManager.default.currentDirectoryPath
        state.start.recent = RecentSites.load()
        try FullScreen.run(state: state, initial: [.loadSite(path)], theme: options.theme)
    }
}
