import Foundation
import FrontMatter
import TextWidth
import XCTest

@testable import Preview

/// Lines written inside nested containers go straight to a sink: prefixes, quote roles, note
/// box borders and the cut to the width are the writer's, the same for the app's lines and for
/// `nakedblog preview`'s bytes.
final class PreviewWriterTests: XCTestCase {
    private func written(width: Int, _ body: (inout PreviewWriter<PreviewLinesSink>) -> Void) -> [PreviewLine] {
        var writer = PreviewWriter(sink: PreviewLinesSink(), width: width)
        body(&writer)
        return writer.sink.lines
    }

    func testContainersPrefixTheirLinesAndQuotesTakeTheirText() {
        let lines = written(width: 40) { writer in
            writer.open(first: PreviewSpan("• ", PreviewStyle(.marker)), rest: PreviewSpan("  ", PreviewStyle(.text)))
            writer.line([PreviewSpan("one", PreviewStyle(.text))], source: 1)
            writer.open(
                first: PreviewSpan("│ ", PreviewStyle(.quote)), rest: PreviewSpan("│ ", PreviewStyle(.quote)),
                quote: true)
            writer.line(
                [PreviewSpan("two", PreviewStyle(.text, bold: true)), PreviewSpan("x", PreviewStyle(.link))], source: 2)
            XCTAssertEqual(writer.close(), 1)
            XCTAssertEqual(writer.close(), 2)
            writer.line([PreviewSpan("after", PreviewStyle(.text))], source: 3)
        }
        XCTAssertEqual(lines.map(\.text), ["• one", "  │ twox", "after"])
        XCTAssertEqual(lines.map(\.sourceLine), [1, 2, 3])
        // The list's indent is outside the quote: it keeps its role; inside, text is quoted.
        XCTAssertEqual(try lines.at(1).spans.map(\.style.role), [.text, .quote, .quote, .link])
        XCTAssertTrue(try lines.at(1).spans.at(2).style.bold)
    }

    /// Fewer bytes than columns: control characters' stand-ins (two columns a byte), C1 controls
    /// and bidi controls are measured, not taken to fit because the line is short; a width the
    /// caller gives is trusted.
    func testShortLinesOfControlsAreCutToo() {
        let lines = written(width: 10) { writer in
            writer.line([PreviewSpan(String(repeating: "\u{1B}", count: 6), PreviewStyle(.text))], source: 1)
            writer.line([PreviewSpan("\u{202E}\u{202E}", PreviewStyle(.text))], source: 2)
            writer.line([PreviewSpan("\u{85}\u{85}\u{85}", PreviewStyle(.text))], source: 3)
            writer.begin(source: 4)
            writer.add("abc", PreviewStyle(.text), width: 3)
            writer.end()
        }
        for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line.text), 10, line.text.debugDescription) }
        XCTAssertEqual(lines.last?.text, "abc")
    }

    func testANoteBoxPadsEveryLineToItsBorder() {
        let lines = written(width: 12) { writer in
            writer.open(
                first: PreviewSpan("│ ", PreviewStyle(.border)), rest: PreviewSpan("│ ", PreviewStyle(.border)),
                boxBody: 8)
            writer.line([PreviewSpan("日本", PreviewStyle(.text))], source: 1)
            writer.line([], source: 2)
            writer.close()
        }
        XCTAssertEqual(lines.map(\.text), ["│ 日本     │", "│          │"])
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0.text) == 12 })
    }

    func testALineWiderThanTheWidthIsCutWhereItOverflows() {
        let lines = written(width: 10) { writer in
            writer.line(
                [
                    PreviewSpan("abcd", PreviewStyle(.marker)), PreviewSpan("efghijkl", PreviewStyle(.text)),
                    PreviewSpan("dropped", PreviewStyle(.url)),
                ], source: 1)
            writer.line(
                [PreviewSpan("0123456789", PreviewStyle(.text)), PreviewSpan("", PreviewStyle(.url))], source: 2)
        }
        XCTAssertEqual(try lines.at(0).text, "abcdefghi…")
        XCTAssertEqual(try lines.at(0).spans.map(\.style.role), [.marker, .text])
        XCTAssertEqual(try lines.at(1).text, "0123456789")
    }

    /// `nakedblog preview`'s bytes are the app's lines, made visible, one per line.
    func testTerminalOutputIsTheLinesTheAppShows() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/catalogue.md"
        ).path
        let page = try PageText.read(path: path)
        var long = page.body
        while long.utf8.count < 200_000 {
            long += "\n\n" + page.body + "\n\nEscape \u{1B}[31m and \u{9B} stay visible.\n"
        }
        for body in [page.body, long] {
            let text = try PageText(text: body, file: "x.md")
            let lines = MarkdownPreview.render(text, width: 72)
            var expected: [UInt8] = []
            for line in lines {
                TerminalText.appendVisible(line.text, to: &expected)
                expected.append(0x0A)
            }
            let plain = MarkdownPreview.terminalOutput(text, width: 72, context: PreviewContext(), colour: false)
                .joined()
            XCTAssertEqual(Array(plain), expected)
            XCTAssertFalse(plain.contains(0x1B))
            // In colour, the same text between escape codes.
            let coloured = MarkdownPreview.terminalOutput(text, width: 72, context: PreviewContext(), colour: true)
                .joined()
            let stripped = String(decoding: Array(coloured), as: UTF8.self).replacingOccurrences(
                of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            XCTAssertEqual(stripped, String(decoding: expected, as: UTF8.self))
        }
    }
}
