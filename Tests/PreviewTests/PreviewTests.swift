import Foundation
import TestSupport
import TextWidth
import XCTest

@testable import Blog
@testable import Preview

/// Golden renderings of a catalogue of constructs, the corpus, and random input.
final class PreviewTests: XCTestCase {
    private func catalogue() throws -> PageText {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/catalogue.md"
        ).path
        return try PageText.read(path: path)
    }

    private let context = PreviewContext(resourceExists: { $0 == "photo.jpg" }, refExists: { $0 == "posts/other" })

    func testCatalogueAt80And40Columns() throws {
        let page = try catalogue()
        for width in [80, 40] {
            let lines = MarkdownPreview.render(page, width: width, context: context)
            assertSnapshot(lines.map(\.text), named: "catalogue-\(width)")
            for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line.text), width, line.text) }
        }
    }

    func testStylesAndSourceLines() throws {
        let page = try catalogue()
        let lines = MarkdownPreview.render(page, width: 80, context: context)
        let spans = lines.flatMap(\.spans)
        func style(of text: String) -> PreviewStyle? { spans.first { $0.text.contains(text) }?.style }
        XCTAssertEqual(style(of: "Heading one")?.role, .heading1)
        XCTAssertEqual(style(of: "emphasis")?.italic, true)
        XCTAssertEqual(style(of: "strong")?.bold, true)
        XCTAssertEqual(style(of: "struck")?.strikethrough, true)
        XCTAssertEqual(style(of: "code spans")?.role, .code)
        XCTAssertEqual(style(of: "https://example.com/page")?.role, .url)
        XCTAssertEqual(style(of: "missing page: posts/nope")?.role, .missing)
        XCTAssertEqual(style(of: "gone.png (missing)")?.role, .missing)
        XCTAssertEqual(style(of: "Careful:")?.role, .text)
        // Scroll sync: each heading maps back to its line in the file (front matter is 3 lines).
        XCTAssertEqual(lines.first { $0.text.contains("Heading one") }?.sourceLine, 4)
        XCTAssertEqual(lines.first { $0.text.contains("Heading three") }?.sourceLine, 6)
        XCTAssertEqual(
            lines.first { $0.text.contains("def f():") }?.sourceLine,
            page.text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("def f():") }.map { $0 + 1 })
    }

    func testCJKWrapsBetweenCharactersAndCodeIsNeverWrapped() {
        let lines = MarkdownPreview.render(
            markdown: "日本語の文章はスペースがなくても折り返されるべきです。\n\n```\n" + String(repeating: "x", count: 100) + "\n```\n", width: 20
        )
        XCTAssertEqual(try lines.at(0).text, "日本語の文章はスペー")
        XCTAssertEqual(DisplayWidth.of(try lines.at(0).text), 20)
        let code = lines.first { $0.text.hasPrefix("│ x") }!
        XCTAssertTrue(code.text.hasSuffix("→"), code.text)
        XCTAssertEqual(DisplayWidth.of(code.text), 20)
    }

    /// Found by the preview fuzzer: a control character in prose was measured as one column and
    /// drawn as its two-column stand-in, so the line came out wider than the width.
    func testControlAndBidiCharactersAreMeasuredAsDrawn() {
        let words = " and more words to wrap here, enough of them to need three lines or more at twenty"
        for text in [
            "the\u{16}emoji" + words, "abcdefghijklmnop\u{7F}qrs" + words, "a \u{202E}evil\u{202C} title" + words,
            String(repeating: "x\u{1B}", count: 30) + words,
        ] {
            for width in [20, 21, 22, 23, 30] {
                for line in MarkdownPreview.render(markdown: text + "\n", width: width) {
                    XCTAssertLessThanOrEqual(
                        DisplayWidth.of(line.text), width, "\(text.debugDescription) at \(width): \(line.text)")
                }
            }
        }
    }

    func testEveryCorpusPageRendersWithinTheWidth() throws {
        for file in try Corpus.contentFiles() {
            guard let page = try? PageText.read(path: file) else { continue }
            for width in [80, 40, 23] {
                for line in MarkdownPreview.render(page, width: width) {
                    XCTAssertLessThanOrEqual(DisplayWidth.of(line.text), width, "\(file) at \(width): \(line.text)")
                }
            }
        }
    }

    /// A few thousand generated inputs (deterministic): no crash, no line wider than the width.
    func testRandomAndMalformedInputNeverCrashes() {
        var random = SeededRandom(seed: 99)
        let pieces = [
            "# ", "## ", "> ", ">>", "- ", "* ", "1. ", "   ", "\t", "`", "``", "```", "~~~", "*", "**", "_", "~~", "[",
            "]", "(", ")",
            "![", "<", ">", "</div>", "<!--", "-->", "|", "|---|", ":-:", "{{<", ">}}", "{{%", "%}}", "/", "highlight",
            "notice", "figure src=\"a.png\"", "ref \"x\"", "\n", "\n\n", "word", "京都", "😀", "e\u{301}", "\u{200B}",
            "---",
            "\\", "&amp;", "&#0;", "\u{0}", "\r\n", "[ ] ", "[x] ", "{{</*", "*/>}}",
        ]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<random.int(in: 1...40) { text += random.pick(pieces) }
            let width = random.int(in: 8...90)
            for line in MarkdownPreview.render(markdown: text, width: width) {
                XCTAssertLessThanOrEqual(DisplayWidth.of(line.text), width, text.debugDescription)
            }
        }
    }
}

/// Inputs the fuzzer found (make fuzz), kept as regression tests.
final class PreviewFuzzRegressionTests: XCTestCase {
    func testDeeplyNestedQuotesAtANarrowWidthStillFit() throws {
        let inputs = [
            ">>>>>\u{FFFD}\u{FFFD}${\u{FFFD}\u{FFFD}\u{0C}$ \n\u{FFFD}",
            String(repeating: ">", count: 30) + " deep text here",
            String(repeating: "  ", count: 20) + "- nested list item with words",
        ]
        for input in inputs {
            for width in [8, 10, 12] {
                for line in MarkdownPreview.render(markdown: input, width: width) {
                    XCTAssertLessThanOrEqual(
                        DisplayWidth.of(line.text), width, "\(input.debugDescription) at \(width): \(line.text)")
                }
            }
        }
    }
}

/// Pipe table rows split into cells the way GFM does.
final class TableCellTests: XCTestCase {
    func testCellsSplitOnUnescapedPipesOutsideCode() {
        XCTAssertEqual(MarkdownSource.cells("| a | b |"), ["a", "b"])
        XCTAssertEqual(MarkdownSource.cells("a|b"), ["a", "b"])
        XCTAssertEqual(MarkdownSource.cells("| x \\| y | `a|b` |"), ["x | y", "`a|b`"])
        XCTAssertEqual(MarkdownSource.cells("|  \t spaced\t  |  |"), ["spaced", ""])
        XCTAssertEqual(MarkdownSource.cells("| 京都 | ☕ |"), ["京都", "☕"])
        XCTAssertEqual(MarkdownSource.cells("| ends with \\|"), ["ends with |"])
    }

    func testATableNeedsADelimiterRowWithTheSameCells() {
        let lines: [Substring] = ["| a | b |", "|:--|--:|", "| 1 | 2 |", "| 3 |", "", "after"]
        let found = MarkdownSource.table(lines, at: 0)
        XCTAssertEqual(found?.1, 4)
        XCTAssertEqual(found?.0.alignments, [.left, .right])
        XCTAssertEqual(found?.0.rows, [["1", "2"], ["3", ""]])
        XCTAssertNil(MarkdownSource.table(["| a | b |", "|---|"], at: 0))
        XCTAssertNil(MarkdownSource.table(["| a | b |", "| c | d |"], at: 0))
    }
}
