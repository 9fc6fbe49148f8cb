import Foundation
import TUI
import Workflows

extension SiteTask {
    /// A post opened with no line to go to starts where the writer left it last time (if the
    /// cursor has not moved and nothing was typed since it opened).
    static func restorePosition(_ path: String) -> SiteTask {
        SiteTask("restore-position \(path)") { context in
            guard
                let (line, column) = CursorPositions.read(
                    context.site.absolute(path), author: context.author?.description,
                    environment: context.environment)
            else { return StateChange { _, _ in [] } }
            return StateChange { state, _ in
                guard var screen = state.editor, screen.path == path, screen.editor.revision == 0,
                    screen.editor.cursor == TextPosition(line: 0, column: 0), screen.editor.selection == nil
                else { return [] }
                screen.editor.goTo(TextPosition(line: line, column: column))
                screen.view.centreOnCursor()
                state.editor = screen
                return []
            }
        }
    }

    /// Remembers where the cursor is in the post being left.
    static func rememberPosition(_ path: String, _ position: TextPosition) -> SiteTask {
        SiteTask("remember-position \(path)") { context in
            CursorPositions.remember(
                context.site.absolute(path), line: position.line, column: position.column,
                author: context.author?.description, environment: context.environment)
            return StateChange { _, _ in [] }
        }
    }
}
