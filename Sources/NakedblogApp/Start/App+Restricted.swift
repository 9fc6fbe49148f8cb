import Foundation
import TUI

/// Restricted mode on the start screen: an author on a shared server has their one site, and
/// nothing else. The start screen (recent sites, clone by URL) is never shown to them: when the
/// site cannot be opened, at start or later (a sync brought a config that is refused), the session
/// says why and ends. Unsaved text is journaled by the loop on the way out, as on any quit.
extension App {
    static func endRestricted(_ state: inout AppState, _ problem: String) -> [AppEffect] {
        state.browse.loading = false
        state.exitProblem = "this site cannot be opened, so the session ends: \(problem)"
        state.shouldQuit = true
        return []
    }

    /// The start screen's keys in restricted mode (a backstop: the screen is never reached): every
    /// key ends the session, none opens or clones.
    static func handleRestrictedStartKey(_ state: inout AppState) -> [AppEffect] {
        state.exitProblem = state.exitProblem ?? "no site is open in this session"
        return [.quit]
    }
}
