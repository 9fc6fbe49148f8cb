import Blog
import Foundation
import TextWidth
import Workflows

/// Opening sites and reporting content problems the same way in every command.
enum SiteLoading {
    /// Opens the site containing `directory` — or the one site below it (a repository whose
    /// site is in `docs/`) — or fails with the message the user needs.
    static func open(_ directory: String, jekyllConfigs: [String]? = nil) throws -> Site {
        let found: SiteOpening.Found
        do {
            found = try SiteOpening.find(directory, restricted: false, jekyllConfigs: jekyllConfigs)
        } catch {
            throw UserFacingError(String(describing: error))
        }
        switch found {
        case .site(let site): return site
        case .several(_, let below):
            let base = StandardPath.of(directory)
            let names = below.map {
                TerminalText.visible($0.hasPrefix(base + "/") ? String($0.dropFirst(base.count + 1)) : $0)
            }
            throw UserFacingError(
                "\(directory) holds \(below.count) sites: \(names.joined(separator: ", ")). Run nakedblog in one of them, or pass its path."
            )
        }
    }

    /// Prints problems (file:line: what. what to do) on stderr.
    static func report(_ problems: [ContentError]) {
        for problem in problems { FileHandleOutput.standardError.write("nakedblog: \(problem)\n") }
    }
}

extension ContentError {
    /// As a user-facing error for the CLI (exit code 1).
    var userFacing: UserFacingError { UserFacingError(String(describing: self)) }
}

/// The terminal's size, when stdout is one.
enum TerminalSize {
    static func columns() -> Int? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    static func rows() -> Int? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}
