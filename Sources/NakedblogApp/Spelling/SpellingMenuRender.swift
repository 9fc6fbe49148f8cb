import TUI
import TextWidth

/// The suggestions for a misspelled word: a numbered list, the selected one highlighted.
enum SpellingMenuRender {
    static func draw(_ menu: SpellingMenu, state: AppState, into screen: inout Screen) {
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        var lines = [
            "“\(menu.word)” is not in the \(menu.language) dictionary"
                + (menu.total > 1 ? " (\(menu.total) words in this post)" : ""), "",
        ]
        let first = lines.count
        if menu.suggestions.isEmpty {
            lines.append("  (no suggestions)")
        } else {
            for (index, suggestion) in menu.suggestions.enumerated() {
                lines.append((index < 9 ? " \(index + 1)  " : "    ") + TerminalText.visible(suggestion))
            }
        }
        lines += [
            "", "Enter or 1–\(max(1, min(9, menu.suggestions.count))) replace · t type your own · i ignore",
            "a add to the site's words · p add to my dictionary",
            "F7 next · F8 previous · Esc close",
        ]
        if let typed = menu.typed {
            lines += ["", "Replace with (Enter replaces · Esc back):", " " + TerminalText.visible(typed.text) + "▏"]
        }
        var styles: [Int: Style] = [:]
        if !menu.suggestions.isEmpty { styles[first + menu.selected] = Style(.selection) }
        let hints = lines.count - (menu.typed == nil ? 3 : 6)
        for index in hints..<(hints + 3) { styles[index] = Style(.dim) }
        OverlayRender.box(title: "Spelling", lines: lines, styles: styles, minWidth: 44, into: &screen, area: area)
    }
}
