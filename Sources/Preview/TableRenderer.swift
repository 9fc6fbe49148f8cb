import Blog
import CCmark
import TextWidth

/// GFM pipe tables as aligned boxes; columns shrink (cells cut with `…`) to fit the width.
enum TableRenderer {
    static func render<Sink>(
        _ table: MarkdownSource.Table, width: Int, source: Int, into writer: inout PreviewWriter<Sink>
    ) {
        let columns = table.header.count
        guard columns > 0 else { return }
        let cells = plainCells([table.header] + table.rows)
        guard 4 * columns + 1 <= width else { return records(cells, width: width, source: source, into: &writer) }
        // Each cell measured once.
        let cellWidths = cells.map { row in row.map { DisplayWidth.of($0) } }
        var widths = (0..<columns).map { column in max(1, cellWidths.map { $0[column] }.max() ?? 1) }
        // Borders take 3 columns per cell plus one.
        while widths.reduce(0, +) + 3 * columns + 1 > width,
            let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 1
        {
            widths[widest] -= 1
        }
        // A border line's bytes, gathered in one buffer (no string a column).
        var rule: [UInt8] = []
        func border(_ left: String, _ middle: String, _ right: String) {
            rule.removeAll(keepingCapacity: true)
            rule.append(contentsOf: left.utf8)
            for (column, columnWidth) in widths.enumerated() {
                if column > 0 { rule.append(contentsOf: middle.utf8) }
                for _ in 0..<(columnWidth + 2) { rule.append(contentsOf: [0xE2, 0x94, 0x80]) }  // ─
            }
            rule.append(contentsOf: right.utf8)
            writer.begin(source: source)
            rule.withUnsafeBufferPointer {
                writer.add(utf8: $0, PreviewStyle(.border), width: widths.reduce(0, +) + 3 * columns + 1)
            }
            writer.end()
        }
        // A body cell is one span (padding, text, padding), gathered in one reused buffer.
        var cell: [UInt8] = []
        func row(_ index: Int, header: Bool, line: Int) {
            writer.begin(source: line)
            writer.add("│", PreviewStyle(.border), width: 1)
            for (column, value) in cells[index].enumerated() {
                let fits = cellWidths[index][column] <= widths[column]
                let text = fits ? value : DisplayWidth.truncate(value, to: widths[column])
                let textWidth = fits ? cellWidths[index][column] : DisplayWidth.of(text)
                let free = widths[column] - textWidth
                let (left, right): (Int, Int)
                switch table.alignments.indices.contains(column) ? table.alignments[column] : .left {
                case .left: (left, right) = (0, free)
                case .right: (left, right) = (free, 0)
                case .center: (left, right) = (free / 2, free - free / 2)
                }
                if header {
                    writer.add(String.repeated(" ", count: left + 1), PreviewStyle(.text), width: left + 1)
                    writer.add(text, PreviewStyle(.tableHeader, bold: true), width: textWidth)
                    writer.add(String.repeated(" ", count: right + 1), PreviewStyle(.text), width: right + 1)
                } else {
                    cell.removeAll(keepingCapacity: true)
                    cell.append(contentsOf: repeatElement(0x20, count: left + 1))
                    cell.append(contentsOf: text.utf8)
                    cell.append(contentsOf: repeatElement(0x20, count: right + 1))
                    cell.withUnsafeBufferPointer {
                        writer.add(utf8: $0, PreviewStyle(.text), width: left + textWidth + right + 2)
                    }
                }
                writer.add("│", PreviewStyle(.border), width: 1)
            }
            writer.end()
        }
        border("┌", "┬", "┐")
        row(0, header: true, line: source)
        border("├", "┼", "┤")
        for index in cells.indices.dropFirst() { row(index, header: false, line: source + 1 + index) }
        border("└", "┴", "┘")
    }

    /// A table too wide for any box: each row as `header: value` lines.
    static func records<Sink>(_ cells: [[String]], width: Int, source: Int, into writer: inout PreviewWriter<Sink>) {
        for (index, row) in cells.dropFirst().enumerated() {
            if index > 0 { writer.line([], source: source + 2 + index) }
            for (column, value) in row.enumerated() {
                var layout = InlineLayout()
                layout.add(cells[0][column] + ":", PreviewStyle(.tableHeader, bold: true))
                layout.add(" " + value, PreviewStyle(.text))
                layout.write(width: width, source: source + 2 + index, into: &writer)
            }
        }
    }

    /// Every cell's text with its inline markdown (emphasis, code, links) read. Cells that can
    /// only be a paragraph are parsed together, one paragraph each (one parse a table, not one a
    /// cell); the others alone, as before.
    static func plainCells(_ rows: [[String]]) -> [[String]] {
        var result = rows
        var together: [(row: Int, column: Int)] = []
        for (row, cells) in rows.enumerated() {
            for (column, cell) in cells.enumerated() where hasInlineMarkup(cell) {
                if isOnlyAParagraph(cell) {
                    together.append((row, column))
                } else {
                    result[row][column] = plainText(ofCell: cell)
                }
            }
        }
        guard !together.isEmpty else { return result }
        let document = MarkdownDocument(parsing: together.map { rows[$0.row][$0.column] }.joined(separator: "\n\n"))
        withExtendedLifetime(document) {
            var blocks: [MarkdownNode] = []
            var next = document?.firstBlock
            while let current = next, blocks.count <= together.count {
                blocks.append(current)
                next = current.next
            }
            guard blocks.count == together.count else {
                for cell in together { result[cell.row][cell.column] = plainText(ofCell: rows[cell.row][cell.column]) }
                return
            }
            for (cell, block) in zip(together, blocks) where block.type == CMARK_NODE_PARAGRAPH {
                result[cell.row][cell.column] = PlainText.below(block)
            }
        }
        return result
    }

    /// A cell's text with its inline markdown (emphasis, code, links) read.
    static func plainText(ofCell text: String) -> String {
        guard hasInlineMarkup(text), let document = MarkdownDocument(parsing: text) else { return text }
        return withExtendedLifetime(document) {
            guard let first = document.firstBlock, first.type == CMARK_NODE_PARAGRAPH else { return text }
            return PlainText.below(first)
        }
    }

    private static func hasInlineMarkup(_ text: String) -> Bool {
        var text = text
        // Over the string's own bytes (the generic search through its UTF-8 view cost more than
        // the parse it decides on).
        return text.withUTF8 { bytes in
            bytes.contains {
                $0 == 0x2A || $0 == 0x5F || $0 == 0x60 || $0 == 0x5B || $0 == 0x3C || $0 == 0x26 || $0 == 0x5C
            }
        }
    }

    /// Whether a one-line cell is a paragraph whatever follows it after a blank line: it starts
    /// with a letter, or a single backtick (a code span, not a fence), and holds no line break.
    /// (Block markers, digits that may start a list, and `[` — a link reference definition
    /// would reach the other cells — are parsed alone.)
    private static func isOnlyAParagraph(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, !bytes.contains(0x0A), !bytes.contains(0x0D) else { return false }
        if (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) { return true }
        return first == 0x60 && bytes.dropFirst().first != 0x60
    }
}
