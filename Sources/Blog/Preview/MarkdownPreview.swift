import Foundation
import TextWidth

/// Markdown (a Hugo post) rendered for the terminal: styled lines that fit a width, each
/// mapped back to the source line it came from.
public enum MarkdownPreview {
    /// Renders a page's body (front matter is not shown).
    public static func render(_ page: PageText, width: Int, context: PreviewContext = PreviewContext()) -> [PreviewLine] {
        render(markdown: page.body, firstLine: page.bodyFirstLine, width: width, context: context)
    }

    /// Renders markdown whose first line is line `firstLine` of its file.
    public static func render(markdown: String, firstLine: Int = 1, width: Int, context: PreviewContext = PreviewContext()) -> [PreviewLine] {
        let source = MarkdownSource(markdown)
        let blocks = CommonMarkParser.parse(source.text)
        var renderer = PreviewRenderer(width: max(8, width), context: context, tables: source.tables, lineBase: firstLine - 1)
        return renderer.render(blocks).map { clipped($0, to: max(8, width)) }
    }

    /// The line cut to `width` columns (deep nesting at a narrow width can leave no room for
    /// the text itself; the promise that every line fits holds anyway).
    static func clipped(_ line: PreviewLine, to width: Int) -> PreviewLine {
        var used = 0
        var spans: [PreviewSpan] = []
        for span in line.spans {
            let spanWidth = DisplayWidth.of(span.text)
            if used + spanWidth <= width {
                spans.append(span)
                used += spanWidth
                continue
            }
            let room = width - used
            if room > 0 { spans.append(PreviewSpan(DisplayWidth.truncate(span.text, to: room), span.style)) }
            return PreviewLine(spans, sourceLine: line.sourceLine)
        }
        return line
    }
}
