import Foundation
import GitOps
import TUI
import TextWidth

/// Boxes over the page: the generic ones (help, messages, confirmations, the picker, a box with
/// one field) drawn here; every other overlay is drawn by its feature (`PublishSheet.render`,
/// `NewPostDialog.render`, `FrontMatterForm.render`, `EditorDialogs`, `SignInDialog.render`, the
/// picture prompts, `NoteRender`), this switch only sends it there.
enum OverlayRender {
    static func draw(_ overlay: Overlay, state: AppState, into screen: inout Screen) -> (x: Int, y: Int)? {
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        switch overlay {
        case .help(let title, let rows, let top):
            let room = Self.helpRoom(rows: state.rows)
            let layout = Self.helpLayout(rows, columns: state.columns, screenRows: state.rows)
            var lines: [String] = []
            for rowLines in layout.perRow[min(top, layout.lastStart)...] {
                if !lines.isEmpty && lines.count + rowLines.count > room { break }
                lines += rowLines
            }
            let scrolls = layout.scrolls
            lines += ["", scrolls ? "↑ ↓ PgUp PgDn scroll · any other key closes" : "any key closes"]
            box(title: "Help · \(title)", lines: lines, into: &screen, area: area)
            return nil
        case .message(let title, let lines):
            // Long reasons (a refusal naming a path) wrap; they are never cut.
            let width = max(20, min(76, area.width - 6))
            Dialog(title: title, message: lines.flatMap { App.wrap($0, width: width) }, choices: [("Enter", "OK")])
                .render(into: &screen, area: area)
            return nil
        case .confirm(let confirmation):
            Dialog(title: confirmation.title, message: confirmation.lines, choices: [("y", "yes"), ("n", "no")])
                .render(into: &screen, area: area)
            return nil
        case .recovery(let path, _, let changed):
            EditorDialogs.recovery(path: path, changedLines: changed, into: &screen, area: area)
            return nil
        case .diskConflict(let path):
            EditorDialogs.diskConflict(path: path, into: &screen, area: area)
            return nil
        case .signIn(let dialog):
            return dialog.render(into: &screen, area: area)
        case .picker(let picker):
            return drawPicker(picker, into: &screen, area: area)
        case .history(let view):
            HistoryRender.draw(view, state: state, into: &screen, area: area)
            return nil
        case .imageAlt(let prompt):
            return prompt.render(into: &screen, area: area)
        case .note(let field):
            return NoteRender.draw(field, into: &screen, area: area)
        case .imagePath(let prompt):
            return prompt.render(into: &screen, area: area)
        case .frontMatter(let form):
            return form.render(into: &screen, area: area)
        case .spelling(let menu):
            SpellingMenuRender.draw(menu, state: state, into: &screen)
            return nil
        case .newPost(let dialog):
            return dialog.render(into: &screen, area: area)
        case .publish:
            guard let sheet = state.publish else { return nil }
            return sheet.render(into: &screen, area: area)
        }
    }

    /// The picker: its title, the query, a note, and as many items as fit, the selected one
    /// highlighted (the list scrolls to keep it in view).
    static func drawPicker(_ picker: Picker, into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let width = min(area.width - 2, max(60, min(100, area.width - 4)))
        let rect = Rect(x: (area.width - width) / 2, y: 1, width: width, height: max(5, area.height - 2))
        screen.fill(rect)
        Box.draw(into: &screen, rect: rect, title: picker.title)
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        let cursor = picker.field.render(
            into: &screen, area: Rect(x: inner.x, y: inner.y, width: inner.width, height: 1))
        let note =
            picker.note
            ?? (picker.shown.isEmpty
                ? "Nothing matches" : "\(picker.shown.count) of \(picker.items.count) · Enter goes · Esc closes")
        screen.put(note, x: inner.x, y: inner.y + 1, style: Style(.dim), clip: inner)
        let rows = max(1, inner.height - 3)
        let top = max(0, min(picker.selected - rows / 2, picker.shown.count - rows))
        for (row, item) in picker.shown.dropFirst(top).prefix(rows).enumerated() {
            let y = inner.y + 3 + row
            let selected = top + row == picker.selected
            let style = selected ? Style(.selection) : .normal
            if selected { screen.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style) }
            let x = screen.put(item.label, x: inner.x, y: y, style: style, clip: inner)
            if !item.detail.isEmpty, x + 2 < inner.x + inner.width {
                screen.put("  " + item.detail, x: x, y: y, style: selected ? style : Style(.dim), clip: inner)
            }
        }
        return (cursor, inner.y)
    }

    /// A box asking one question with one text field under it; returns the field's cursor.
    static func fieldBox(
        _ title: String, question: String, keys: String, field: TextField, into screen: inout Screen, area: Rect
    ) -> (x: Int, y: Int)? {
        guard let inner = box(title: title, lines: [question, "", "", keys], minWidth: 60, into: &screen, area: area)
        else { return nil }
        let row = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: 1)
        return (field.render(into: &screen, area: row), inner.y + 2)
    }

    /// How many help rows fit on a screen `rows` high (borders, a blank and the footer aside,
    /// and a row of margin above and below).
    static func helpRoom(rows: Int) -> Int { max(1, rows - 6) }

    /// `line` cut to `width` columns around its first change (`[-…-]` or `{+…+}`).
    static func excerpt(_ line: String, width: Int) -> String {
        let characters = Array(line)
        guard characters.count > width else { return line }
        let mark =
            line.range(of: "[-").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            ?? line.range(of: "{+").map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? 0
        let start = max(0, min(mark - 16, characters.count - width + 1))
        let end = min(characters.count, start + width - 2)
        return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
    }

    /// The help's rows as lines on a screen of `columns` × `screenRows` (a row wider than the
    /// screen wraps under its help column: no key is cut), whether they need scrolling, and the
    /// first row of the last page (a row is shown whole, or on the next page).
    static func helpLayout(_ rows: [HelpRow], columns: Int, screenRows: Int) -> (
        perRow: [[String]], scrolls: Bool, lastStart: Int
    ) {
        let room = helpRoom(rows: screenRows)
        let perRow = rows.map { helpLines($0, width: max(30, columns - 6)) }
        var lastStart = rows.count, used = 0
        while lastStart > 0, used + perRow[lastStart - 1].count <= room {
            lastStart -= 1
            used += perRow[lastStart].count
        }
        return (perRow, lastStart > 0, lastStart)
    }

    /// A help row as lines at `width`: its keys in a column of 15, its help beside them, wrapped
    /// under that column; keys wider than the column get a line of their own.
    static func helpLines(_ row: HelpRow, width: Int) -> [String] {
        let indent = String(repeating: " ", count: 15)
        var help = App.wrap(row.help, width: max(10, width - 15))
        var lines: [String] = []
        if DisplayWidth.of(row.keys) <= 14 {
            lines.append(DisplayWidth.pad(row.keys, to: 14) + " " + (help.isEmpty ? "" : help.removeFirst()))
        } else {
            lines += App.wrap(row.keys, width: width)
        }
        return lines + help.map { indent + $0 }
    }

    /// A centred box with `lines` (line `i` in `styles[i]` when given); returns its inner rectangle.
    @discardableResult
    static func box(
        title: String, lines: [String], styles: [Int: Style] = [:], minWidth: Int = 40, into screen: inout Screen,
        area: Rect
    ) -> Rect? {
        let contentWidth = max(minWidth, (lines.map { DisplayWidth.of($0) }.max() ?? 0), DisplayWidth.of(title) + 4)
        let width = min(area.width - 2, contentWidth + 4)
        let height = min(area.height - 2, lines.count + 2)
        let rect = Rect(
            x: (area.width - width) / 2, y: max(1, (area.height - height) / 2), width: width, height: height)
        screen.fill(rect)
        Box.draw(into: &screen, rect: rect, title: title)
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        for (index, line) in lines.prefix(inner.height).enumerated() {
            screen.put(line, x: inner.x, y: inner.y + index, style: styles[index] ?? .normal, clip: inner)
        }
        return inner
    }

}
