import Foundation
import GitOps
import TUI
import TextWidth

/// The start screen: recent sites and cloning by URL.
enum StartRender {
    static func draw(_ state: AppState, into screen: inout Screen) -> (x: Int, y: Int)? {
        let width = state.columns
        Render.titleBar(
            "nakedblog", right: "a terminal editor for Hugo and Jekyll blogs in git", into: &screen, width: width)
        var y = 2
        if let folder = state.start.sitesIn {
            screen.put(
                TerminalText.visible("\(folder) holds \(state.start.recent.count) sites."), x: 2, y: y,
                style: Style(.heading, bold: true),
                clip: Rect(x: 0, y: y, width: width, height: 1))
        } else {
            screen.put("Not inside a Hugo or Jekyll site.", x: 2, y: y, style: Style(.heading, bold: true))
        }
        y += 2
        if state.start.recent.isEmpty {
            screen.put("No recently opened sites.", x: 2, y: y, style: Style(.dim))
            y += 1
        } else {
            screen.put(
                state.start.sitesIn == nil ? "Recent sites (Enter opens):" : "Pick one (Enter opens):", x: 2, y: y,
                style: Style(.normal, bold: true))
            y += 1
            for (index, path) in state.start.recent.prefix(max(0, state.rows - 12)).enumerated() {
                let selected = index == state.start.selected
                let shown =
                    state.start.sitesIn.map {
                        path.hasPrefix($0 + "/") ? String(path.dropFirst($0.count + 1)) + "/" : path
                    } ?? path
                screen.put(
                    (selected ? "▸ " : "  ") + TerminalText.visible(shown), x: 2, y: y,
                    style: Style(selected ? .selection : .normal),
                    clip: Rect(x: 0, y: y, width: width, height: 1))
                y += 1
            }
        }
        y += 1
        var cursor: (x: Int, y: Int)?
        if state.start.editingURL {
            screen.put("Clone a blog — URL (Enter clones into the current directory, Esc cancels):", x: 2, y: y)
            cursor = (
                state.start.url.render(into: &screen, area: Rect(x: 2, y: y + 1, width: max(1, width - 4), height: 1)),
                y + 1
            )
            y += 3
        } else {
            screen.put("Press c to clone a blog by URL (https, ssh, git, file).", x: 2, y: y)
            y += 2
        }
        if let problem = state.start.problem {
            for line in App.wrap(problem, width: max(10, width - 4)) where y < state.rows - 2 {
                screen.put(line, x: 2, y: y, style: Style(.error))
                y += 1
            }
        }
        KeyHintBar(hints: [("↑↓", "choose"), ("Enter", "open"), ("c", "clone"), ("q", "quit")])
            .render(into: &screen, area: Rect(x: 0, y: state.rows - 1, width: width, height: 1))
        return cursor
    }
}
