import Foundation
import TUI
import TextWidth
import Workflows

/// The history box: the versions, or a comparison's rows.
enum HistoryRender {
    static func draw(_ view: HistoryView, state: AppState, into screen: inout Screen, area: Rect) {
        let rect = Rect(x: 1, y: 1, width: max(10, area.width - 2), height: max(5, area.height - 2))
        screen.fill(rect)
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        if let compare = view.compare {
            Box.draw(into: &screen, rect: rect, title: compare.title)
            let rows = CompareRows.rows(compare, width: inner.width)
            let keys =
                compare.againstEditor
                ? "n/p next/previous change · h brings this paragraph back · R the whole version · Esc back"
                : "n/p next/previous change · ↑↓ PgUp PgDn scroll · Esc back"
            let height = inner.height - 1 - footer(view.problem ?? keys, inner: inner, into: &screen)
            let top = max(0, min(compare.top, rows.count - height))
            for (index, row) in rows.dropFirst(top).prefix(height).enumerated() {
                var x = inner.x
                for (text, style) in row { x = screen.put(text, x: x, y: inner.y + index, style: style, clip: inner) }
            }
            if rows.isEmpty { screen.put("No difference.", x: inner.x, y: inner.y, style: Style(.dim), clip: inner) }
            return
        }
        Box.draw(into: &screen, rect: rect, title: "History · " + view.post)
        if view.history == nil {
            screen.put(view.problem ?? "Reading the history…", x: inner.x, y: inner.y, style: Style(.dim), clip: inner)
            return
        }
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        let keys =
            (view.fromEditor
                ? "Enter compares with your text · R brings it back · " : "Enter compares with the file · ")
            + "c what it changed · u unpublish · U undo last publish · Esc"
        let height = inner.height - 1 - footer(view.problem ?? keys, inner: inner, into: &screen)
        let top = max(0, min(view.selected - height / 2, view.versions.count - height))
        for (row, version) in view.versions.dropFirst(top).prefix(height).enumerated() {
            let entry = version.entry
            var marks: [String] = []
            if version.live { marks.append("live") }
            if version.firstPublished { marks.append("first published") }
            if entry.renamedFrom != nil { marks.append("moved") }
            if entry.deleted { marks.append("deleted") }
            let selected = top + row == view.selected
            let y = inner.y + row
            let style = selected ? Style(.selection) : Style.normal
            if selected { screen.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style) }
            var x = screen.put(
                "\(entry.commit.prefix(7))  \(PostHistory.relative(entry.time)) · \(day.string(from: entry.time))  ",
                x: inner.x, y: y, style: selected ? style : Style(.dim), clip: inner)
            x = screen.put("\(entry.author)  \(entry.subject)", x: x, y: y, style: style, clip: inner)
            x = screen.put(
                "  +\(entry.added) −\(entry.removed)", x: x, y: y, style: selected ? style : Style(.dim), clip: inner)
            if !marks.isEmpty {
                screen.put(
                    "  [" + marks.joined(separator: ", ") + "]", x: x, y: y, style: selected ? style : Style(.badge),
                    clip: inner)
            }
        }
    }

    /// Draws `text` at the bottom of `inner`, wrapped (at " · " where it can: a key and what it
    /// does stay together) so no key is cut on a narrow screen; returns the lines it took.
    static func footer(_ text: String, inner: Rect, into screen: inout Screen) -> Int {
        var lines: [String] = []
        for part in text.components(separatedBy: " · ") {
            if let last = lines.last, DisplayWidth.of(last) + 3 + DisplayWidth.of(part) <= inner.width {
                lines[lines.count - 1] = last + " · " + part
            } else {
                lines += App.wrap(part, width: max(1, inner.width))
            }
        }
        let shown = lines.suffix(max(1, inner.height / 2))
        for (index, line) in shown.enumerated() {
            screen.put(
                line, x: inner.x, y: inner.y + inner.height - shown.count + index, style: Style(.dim), clip: inner)
        }
        return shown.count
    }
}

/// A comparison as rows of styled text at a width: changed fields, then each changed paragraph
/// with its removed and added words marked.
enum CompareRows {
    typealias Row = [(String, Style)]

    static let removed = Style(.error, reverse: true)
    static let added = Style(.success, bold: true, underline: true)

    static func rows(_ compare: CompareView, width: Int) -> [Row] {
        var rows: [Row] = []
        if compare.diff.coarse {
            rows.append([("Too large to compare word by word: changed parts are shown whole.", Style(.warning))])
            rows.append([])
        }
        for field in compare.diff.fields {
            rows.append([
                (field.key + ": ", Style(.frontMatterKey)), (field.old ?? "(none)", removed), (" → ", Style(.dim)),
                (field.new ?? "(removed)", added),
            ])
        }
        for (index, hunk) in compare.diff.hunks.enumerated() {
            if !rows.isEmpty { rows.append([]) }
            let header = "── line \(hunk.newLines.lowerBound + 1) " + String(repeating: "─", count: max(0, width - 14))
            rows.append([(header, index == compare.hunk ? Style(.warning, bold: true) : Style(.dim))])
            rows += wrap(hunk.spans, width: max(10, width))
        }
        return rows
    }

    /// The row each hunk's header is on.
    static func firstRow(ofHunk hunk: Int, in compare: CompareView, width: Int) -> Int {
        var count = 0, seen = -1
        for (index, row) in rows(compare, width: width).enumerated() {
            if let first = row.first, first.0.hasPrefix("── line ") {
                seen += 1
                if seen == hunk { return max(0, index - 1) }
            }
            count = index
        }
        return count
    }

    /// Spans as rows of at most `width` columns, broken at spaces where it can.
    static func wrap(_ spans: [ProseDiff.Span], width: Int) -> [Row] {
        var rows: [Row] = [], row: Row = [], used = 0
        func push(_ text: String, _ style: Style) {
            guard !text.isEmpty else { return }
            if let last = row.last, last.1 == style {
                row[row.count - 1].0 += text
            } else {
                row.append((text, style))
            }
        }
        for span in spans {
            let (text, style): (String, Style)
            switch span {
            case .same(let t): (text, style) = (t, .normal)
            case .removed(let t): (text, style) = (t, removed)
            case .added(let t): (text, style) = (t, added)
            }
            // Word by word (a newline ends the row).
            var word = ""
            func flush() {
                let w = DisplayWidth.of(word)
                if used + w > width, used > 0 {
                    rows.append(row); row = []; used = 0
                }
                push(word, style)
                used += w
                word = ""
            }
            for character in text {
                if character == "\n" {
                    flush()
                    rows.append(row); row = []; used = 0
                } else {
                    word.append(character)
                    if character == " " { flush() }
                }
            }
            flush()
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }
}
