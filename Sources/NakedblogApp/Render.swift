import Blog
import Foundation
import Preview
import TUI
import TextWidth

/// Drawing the state. Pure apart from view caches (editor scroll offsets) kept in the state.
public enum Render {
    /// The frame for `state`, and where the terminal cursor goes (nil: hidden).
    public static func frame(_ state: inout AppState) -> (screen: Screen, cursor: (x: Int, y: Int)?) {
        var screen = Screen(width: max(1, state.columns), height: max(1, state.rows))
        if state.isTooSmall {
            tooSmall(state, into: &screen)
            return (screen, nil)
        }
        var cursor: (x: Int, y: Int)?
        switch state.page {
        case .start: cursor = StartRender.draw(state, into: &screen)
        case .clone: CloneRender.draw(state, into: &screen)
        case .browse: cursor = BrowseRender.draw(state, into: &screen)
        case .editor: cursor = EditorRender.draw(&state, into: &screen)
        }
        if let toast = state.toast {
            toast.render(into: &screen, area: Rect(x: 0, y: state.rows - 2, width: state.columns, height: 1))
        }
        if let overlay = state.overlay {
            cursor = OverlayRender.draw(overlay, state: state, into: &screen)
        }
        // A picture something was drawn over (a box, a menu, a toast) waits until it is uncovered.
        let drawn = screen
        screen.graphics.removeAll { graphic in
            let area = graphic.area
            return (area.y..<(area.y + area.height)).contains { y in
                (area.x..<(area.x + area.width)).contains { x in
                    x >= drawn.width || y >= drawn.height || drawn[x, y] != .blank
                }
            }
        }
        return (screen, cursor)
    }

    private static func tooSmall(_ state: AppState, into screen: inout Screen) {
        let lines = [
            "Terminal too small: \(state.columns)×\(state.rows).",
            "nakedblog needs at least \(AppState.minimumSize.columns)×\(AppState.minimumSize.rows).",
            "Make the window bigger, or press q to quit.",
        ]
        for (index, line) in lines.enumerated() {
            let y = max(0, state.rows / 2 - 1) + index
            guard y < state.rows else { break }
            let text = DisplayWidth.truncate(line, to: state.columns)
            screen.put(
                text, x: max(0, (state.columns - DisplayWidth.of(text)) / 2), y: y,
                style: Style(index == 0 ? .warning : .normal))
        }
    }

    /// A title line across the top.
    static func titleBar(_ left: String, right: String = "", into screen: inout Screen, width: Int) {
        StatusBar(left: left, right: right).render(into: &screen, area: Rect(x: 0, y: 0, width: width, height: 1))
        _ = screen.put(
            " " + DisplayWidth.truncate(left, to: max(0, width - DisplayWidth.of(right) - 3)), x: 0, y: 0,
            style: Style(.title, bold: true))
    }

    /// Style for a preview span.
    static func style(_ preview: PreviewStyle) -> Style {
        let role: StyleRole
        var bold = preview.bold
        switch preview.role {
        case .text: role = .normal
        case .heading1, .heading2, .heading3: role = .heading; bold = true
        case .code, .codeBlock: role = .code
        case .codeLabel, .dim, .url, .divider: role = .dim
        case .link, .image: role = .link
        case .quote: role = .quote
        case .marker: role = .marker
        case .missing: role = .error
        case .note: role = .warning
        case .border, .rule: role = .border
        case .shortcode: role = .badge
        case .tableHeader: role = .strong
        // Alerts in the theme's colours for their kinds (as GitHub: blue, green, purple, yellow, red).
        case .alertNote: role = .link
        case .alertTip: role = .success
        case .alertImportant: role = .heading
        case .alertWarning: role = .warning
        case .alertCaution: role = .error
        case .codeKeyword: role = .codeKeyword
        case .codeType: role = .codeType
        case .codeString: role = .codeString
        case .codeComment: role = .codeComment
        case .codeNumber: role = .codeNumber
        case .codeFunction: role = .codeFunction
        case .codePreprocessor: role = .codePreprocessor
        }
        return Style(role, bold: bold, italic: preview.italic, underline: preview.role == .link)
    }
}
