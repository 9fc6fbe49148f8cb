import Blog
import Foundation
import TUI
import TextWidth

/// The editor: text and preview (side by side when wide), title, status and hints.
enum EditorRender {
    /// A post's length for the status line: `1 word`, `240 words · 2 min read` (nothing to read
    /// in an empty post: no reading time).
    static func length(words: Int) -> String {
        guard words > 0 else { return "0 words" }
        let minutes = max(1, Int((Double(words) / 200).rounded(.up)))
        return "\(words) word\(words == 1 ? "" : "s") · \(minutes) min read"
    }

    static func draw(_ state: inout AppState, into screen: inout Screen) -> (x: Int, y: Int)? {
        guard var editor = state.editor else { return nil }
        defer { state.editor = editor }
        let width = state.columns
        let frozen = editor.frozenStatus
        let (words, isCurrent) = frozen.map { ($0.words, $0.isCurrent) } ?? editor.wordCount()
        let position =
            "Ln \((frozen?.line ?? editor.editor.cursor.line) + 1), Col \((frozen?.column ?? editor.editor.cursor.column) + 1)"
        // A large post's count is of the text as last saved until it is saved again.
        let right = "\(isCurrent ? "" : "≈")\(Self.length(words: words)) · \(position)"
        let title =
            editor.resolvingConflict.map { "Resolving \($0) — Ctrl-S keeps this text, Esc back" }
            ?? (editor.editor.isDirty ? "● " : "") + editor.path
        Render.titleBar(title, right: editor.resolvingConflict == nil ? right : position, into: &screen, width: width)
        let layout = EditorLayout(
            columns: width, rows: state.rows, showPreview: editor.showPreview, textOnly: editor.hideSplitPreview)
        var cursor: (x: Int, y: Int)?
        if let area = layout.text {
            cursor = editor.view.render(editor.editor, into: &screen, area: area, underlined: editor.spelling.byLine)
        }
        if let divider = layout.divider { SplitView.drawDivider(into: &screen, divider) }
        if let area = layout.preview {
            drawPreview(
                editor, pictures: state.pictures,
                canvas: state.pictures.canvas(columns: area.width - 1, rows: area.height), into: &screen,
                area: Rect(
                    x: area.x + (layout.text == nil ? 0 : 1), y: area.y,
                    width: max(1, area.width - (layout.text == nil ? 0 : 1)), height: area.height))
        }
        // Over the preview when it needs the width: a link's address is cut at no pane's edge.
        if let menu = editor.completion, let at = cursor, let area = layout.text {
            drawCompletion(menu, at: at, into: &screen, area: Rect(x: 0, y: area.y, width: width, height: area.height))
        }
        let status = Rect(x: 0, y: state.rows - 2, width: width, height: 1)
        if let bar = editor.findBar {
            cursor = drawFindBar(bar, problem: editor.problem, into: &screen, status: status, hints: state.rows - 1)
            if layout.text == nil { return nil }
            return cursor
        } else {
            let notice = editor.frontMatterProblem.map { problem in
                let what =
                    problem.problem.hasPrefix("front matter ")
                    ? String(problem.problem.dropFirst("front matter ".count)) : problem.problem
                return "⚠ front matter not read, line \(problem.line ?? 1): \(what)"
            }
            var left =
                editor.problem ?? notice ?? editor.readOnlyBecause.map { "read-only: \($0)" }
                ?? (editor.editor.isDirty ? "modified (Ctrl-S saves)" : "saved")
            if state.isPublishing { left += " · publishing…" }
            let mode =
                width >= EditorScreen.splitWidth
                ? (editor.hideSplitPreview ? "text" : "split") : (editor.showPreview ? "preview" : "text")
            // Misspelled words in and around the view, and the key that goes to them.
            // (Not beside a problem: the problem needs the room.)
            let spelling =
                editor.spelling.count > 0 && editor.problem == nil && notice == nil
                ? "F7 \(editor.spelling.count) misspelled · " : ""
            var right =
                spelling + (state.author.map { "✎ \($0) · " } ?? "") + mode
                + (state.git.branch.map { " · \($0)" } ?? "")
            // A problem is said whole: the mode and branch give way when both do not fit.
            if editor.problem != nil, DisplayWidth.of(left) + DisplayWidth.of(right) + 3 > width { right = "" }
            StatusBar(left: left, right: right).render(into: &screen, area: status)
        }
        KeyHintBar(hints: state.keys.editor.hints).render(
            into: &screen, area: Rect(x: 0, y: state.rows - 1, width: width, height: 1))
        if layout.text == nil { return nil }
        return cursor
    }

    /// The find bar on the status row (query, count, options) and, once asked for, the
    /// replacement on the hint row; returns where the terminal cursor goes.
    private static func drawFindBar(
        _ bar: FindBar, problem: String?, into screen: inout Screen, status: Rect, hints: Int
    )
        -> (x: Int, y: Int)
    {
        let width = status.width
        screen.fill(status, style: Style(.statusBar))
        var x = screen.put(" Find: ", x: 0, y: status.y, style: Style(.statusBar, bold: true))
        // A message (a save) is said beside the count, never in its place.
        let right =
            " " + bar.countText + (problem.map { " · " + $0 } ?? "") + "  "
            + (width >= 100 ? bar.optionsText + " " : "")
        let fieldWidth = max(8, width - x - DisplayWidth.of(right) - 1)
        let queryColumn = bar.query.render(
            into: &screen, area: Rect(x: x, y: status.y, width: fieldWidth, height: 1), focused: !bar.replacing)
        x += fieldWidth
        screen.put(right, x: x, y: status.y, style: Style(.statusBar), clip: status)
        guard let replacement = bar.replacement else {
            KeyHintBar(hints: [
                ("Enter", "next"), ("↑", "previous"), ("Tab", "replace"), ("M-c", "case"),
                ("M-w", "word"), ("M-r", "regex"), ("Esc", "close"),
            ])
            .render(into: &screen, area: Rect(x: 0, y: hints, width: width, height: 1))
            return (queryColumn, status.y)
        }
        let row = Rect(x: 0, y: hints, width: width, height: 1)
        screen.fill(row, style: Style(.statusBar))
        let label = screen.put(" Replace: ", x: 0, y: hints, style: Style(.statusBar, bold: true))
        let help = " Enter replaces · ↓ skips · M-a all · Tab back "
        let replaceWidth = max(8, width - label - DisplayWidth.of(help) - 1)
        let replaceColumn = replacement.render(
            into: &screen, area: Rect(x: label, y: hints, width: replaceWidth, height: 1), focused: bar.replacing)
        screen.put(help, x: label + replaceWidth, y: hints, style: Style(.statusBar), clip: row)
        return bar.replacing ? (replaceColumn, hints) : (queryColumn, status.y)
    }

    /// The completion menu under the cursor (above it near the bottom), at most 8 rows, as wide
    /// as its longest entry up to the screen's width (`area`).
    private static func drawCompletion(
        _ menu: CompletionMenu, at cursor: (x: Int, y: Int), into screen: inout Screen, area: Rect
    ) {
        let rows = menu.shown.isEmpty ? 1 : min(8, menu.shown.count)
        let width = min(
            area.width,
            max(24, menu.shown.prefix(8).map { DisplayWidth.of($0.label) + DisplayWidth.of($0.detail) + 4 }.max() ?? 24)
        )
        let below = cursor.y + 1 + rows <= area.y + area.height
        let top = below ? cursor.y + 1 : max(area.y, cursor.y - rows)
        let x = max(area.x, min(cursor.x, area.x + area.width - width))
        let box = Rect(x: x, y: top, width: width, height: rows)
        screen.fill(box, style: Style(.statusBar))
        if menu.shown.isEmpty {
            screen.put(
                menu.loading ? " reading…" : " nothing to offer", x: x, y: top, style: Style(.statusBar), clip: box)
            return
        }
        let first = max(0, min(menu.selected - rows + 1, menu.shown.count - rows))
        for (row, item) in menu.shown.dropFirst(first).prefix(rows).enumerated() {
            let selected = first + row == menu.selected
            let style = selected ? Style(.selection) : Style(.statusBar)
            let line = Rect(x: x, y: top + row, width: width, height: 1)
            screen.fill(line, style: style)
            let end = screen.put(" " + item.label, x: x, y: top + row, style: style, clip: line)
            if !item.detail.isEmpty, end + 2 < x + width {
                screen.put("  " + item.detail, x: end, y: top + row, style: Style(.dim), clip: line)
            }
        }
    }

    /// The preview, scrolled to follow the editor's first visible line.
    private static func drawPreview(
        _ editor: EditorScreen, pictures: PictureState, canvas: PictureCanvas?, into screen: inout Screen, area: Rect
    ) {
        if editor.previewAbandonedAt != nil {
            let note = [
                "The preview was abandoned: this text took longer than \(Int(EditorScreen.previewPatience)) s",
                "to render. Your typing is not affected; the next keystroke tries again.",
            ]
            for (row, line) in App.wrap(note.joined(separator: " "), width: max(10, area.width)).prefix(area.height)
                .enumerated()
            {
                _ = screen.put(line, x: area.x, y: area.y + row, style: Style(.dim), clip: area)
            }
            return
        }
        let top = editor.view.top
        var start = editor.preview.firstIndex { $0.sourceLine >= top } ?? max(0, editor.preview.count - area.height)
        start = max(0, min(start, max(0, editor.preview.count - area.height)))
        // Pictures make lines taller: the cursor's line is kept in view all the same.
        func height(_ index: Int) -> Int {
            guard let picture = editor.preview[index].picture, let canvas,
                let drawn = pictures.drawing(picture, on: canvas)
            else { return 1 }
            return 1 + drawn.rows
        }
        if canvas != nil, !editor.pictureLines.isEmpty {
            let cursor = editor.editor.cursor.line
            let target = editor.preview[start...].firstIndex { $0.sourceLine >= cursor + 1 } ?? editor.preview.count
            var rows = (start..<target).reduce(0) { $0 + height($1) }
            while rows >= area.height, start < target - 1 {
                rows -= height(start)
                start += 1
            }
        }
        var row = 0
        var index = start
        while row < area.height, index < editor.preview.count {
            let line = editor.preview[index]
            index += 1
            // A picture drawn: its rows, then its line as the caption.
            if let picture = line.picture, let canvas, let drawn = pictures.drawing(picture, on: canvas) {
                row += PicturePlacement.place(
                    drawn, of: picture, at: (area.x, area.y + row), rowsLeft: area.height - row, tmux: pictures.tmux,
                    into: &screen)
                guard row < area.height else { break }
            }
            var x = area.x
            for span in line.spans {
                x = screen.put(span.text, x: x, y: area.y + row, style: Render.style(span.style), clip: area)
            }
            row += 1
        }
    }
}
