import TextWidth
import TUI

/// The suggestions for a misspelled word: a numbered list, the selected one highlighted.
enum SpellingMenuRender {
    static func draw(_ menu: SpellingMenu, state: AppState, into screen: inout Screen) {
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        var lines = ["“\(menu.word)” is not in the \(menu.language) dictionary"
                     + (menu.total > 1 ? " (\(menu.total) words in this post)" : ""), ""]
        let first = lines.count
        if menu.suggestions.isEmpty {
            lines.append("  (no suggestions)")
        } else {
            for (index, suggestion) in menu.suggestions.enumerated() { lines.append(" \(index + 1)  \(suggestion)") }
        }
        lines += ["", "Enter or 1–\(max(1, menu.suggestions.count)) replace · i ignore until you quit",
                  "a add to the site's words · p add to my dictionary",
                  "F7 next · F8 previous · Esc close"]
        var styles: [Int: Style] = [:]
        if !menu.suggestions.isEmpty { styles[first + menu.selected] = Style(.selection) }
        for index in (lines.count - 3)..<lines.count { styles[index] = Style(.dim) }
        OverlayRender.box(title: "Spelling", lines: lines, styles: styles, minWidth: 44, into: &screen, area: area)
    }
}
