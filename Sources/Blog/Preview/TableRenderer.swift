import TextWidth

/// GFM pipe tables as aligned boxes; columns shrink (cells cut with `…`) to fit the width.
enum TableRenderer {
    static func render(_ table: MarkdownSource.Table, width: Int, source: Int) -> [PreviewLine] {
        let columns = table.header.count
        guard columns > 0 else { return [] }
        let cells = ([table.header] + table.rows).map { $0.map { PlainText.of(inlineCells($0)) } }
        guard 4 * columns + 1 <= width else { return records(cells, width: width, source: source) }
        var widths = (0..<columns).map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 1 }
        widths = widths.map { max(1, $0) }
        // Borders take 3 columns per cell plus one.
        while widths.reduce(0, +) + 3 * columns + 1 > width, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 1 {
            widths[widest] -= 1
        }
        func border(_ left: String, _ middle: String, _ right: String) -> PreviewLine {
            PreviewLine([PreviewSpan(left + widths.map { String.repeated("─", count: $0 + 2) }.joined(separator: middle) + right,
                                     PreviewStyle(.border))], sourceLine: source)
        }
        func row(_ values: [String], header: Bool, line: Int) -> PreviewLine {
            var spans = [PreviewSpan("│", PreviewStyle(.border))]
            for (column, value) in values.enumerated() {
                let text = DisplayWidth.truncate(value, to: widths[column])
                let free = widths[column] - DisplayWidth.of(text)
                let (left, right): (Int, Int)
                switch table.alignments.indices.contains(column) ? table.alignments[column] : .left {
                case .left: (left, right) = (0, free)
                case .right: (left, right) = (free, 0)
                case .center: (left, right) = (free / 2, free - free / 2)
                }
                if header {
                    spans.append(PreviewSpan(String.repeated(" ", count: left + 1), PreviewStyle(.text)))
                    spans.append(PreviewSpan(text, PreviewStyle(.tableHeader, bold: true)))
                    spans.append(PreviewSpan(String.repeated(" ", count: right + 1), PreviewStyle(.text)))
                } else {
                    spans.append(PreviewSpan(String.repeated(" ", count: left + 1) + text + String.repeated(" ", count: right + 1), PreviewStyle(.text)))
                }
                spans.append(PreviewSpan("│", PreviewStyle(.border)))
            }
            return PreviewLine(spans, sourceLine: line)
        }
        var out = [border("┌", "┬", "┐"), row(cells[0], header: true, line: source), border("├", "┼", "┤")]
        for (index, values) in cells.dropFirst().enumerated() { out.append(row(values, header: false, line: source + 2 + index)) }
        out.append(border("└", "┴", "┘"))
        return out
    }

    /// A table too wide for any box: each row as `header: value` lines.
    static func records(_ cells: [[String]], width: Int, source: Int) -> [PreviewLine] {
        var out: [PreviewLine] = []
        for (index, row) in cells.dropFirst().enumerated() {
            if index > 0 { out.append(PreviewLine([], sourceLine: source + 2 + index)) }
            for (column, value) in row.enumerated() {
                var layout = InlineLayout()
                layout.add(cells[0][column] + ":", PreviewStyle(.tableHeader, bold: true))
                layout.add(" " + value, PreviewStyle(.text))
                out += layout.lines(width: width).map { PreviewLine($0.spans, sourceLine: source + 2 + index) }
            }
        }
        return out
    }

    /// A cell's inline markdown (emphasis, code, links) as parsed inlines.
    static func inlineCells(_ text: String) -> [MarkdownInline] {
        guard text.utf8.contains(where: { $0 == 0x2A || $0 == 0x5F || $0 == 0x60 || $0 == 0x5B || $0 == 0x3C || $0 == 0x26 || $0 == 0x5C }) else {
            return [.text(text)]
        }
        if case .paragraph(let inlines, _)? = CommonMarkParser.parse(text).first { return inlines }
        return [.text(text)]
    }
}
