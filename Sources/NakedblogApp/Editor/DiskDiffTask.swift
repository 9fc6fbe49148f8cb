import Blog
import Foundation

extension SiteTask {
    /// The save conflict's "show the difference": the file on disk against the editor's text,
    /// the first 40 changed lines. A file outside the site counts as empty (nothing is read there).
    static func diskDiff(path: String, text: String) -> SiteTask {
        SiteTask("disk-diff \(path)") { context in
            let file = context.site.root + "/" + path
            let disk =
                SiteContainment.isInside(file, site: context.site.root)
                ? FileManager.default.contents(atPath: file).flatMap { String(validating: $0, as: UTF8.self) } ?? ""
                : ""
            let lines = Array(LineDiff.lines(old: disk, new: text).prefix(40))
            return StateChange { state, _ in
                // Enter on the difference goes back to the conflict's choices.
                if case .diskConflict = state.overlay { state.returnOverlay = state.overlay }
                state.overlay = .message(title: "On disk (-) vs. your text (+)", lines: lines)
                return []
            }
        }
    }
}
