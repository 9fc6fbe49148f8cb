import XCTest

@testable import Preview

/// Quotes, lists and emphasis nested deeper than the caps are shown flat at the deepest shown
/// level: nothing dropped, no deeper prefix (`MarkdownNode.maxBlockDepth`, `maxInlineDepth`).
final class NestingCapTests: XCTestCase {
    private let cap = MarkdownNode.maxBlockDepth

    func testQuotesBelowTheCapJoinTheDeepestShownQuote() {
        let markdown = (1...cap + 4).map {
            String(repeating: ">", count: $0) + " level \($0)\n" + String(repeating: ">", count: $0) + "\n"
        }.joined()
        let lines = MarkdownPreview.render(markdown: markdown, width: 200).map(\.text)
        for level in 1...cap + 4 {
            guard let line = lines.first(where: { $0.hasSuffix("level \(level)") }) else {
                return XCTFail("level \(level) is missing: \(lines)")
            }
            XCTAssertEqual(line.components(separatedBy: "│").count - 1, min(level, cap), line)
        }
    }

    func testListsBelowTheCapJoinTheDeepestShownItem() {
        let markdown = (0..<cap + 4).map { String(repeating: "  ", count: $0) + "- level \($0 + 1)" }.joined(
            separator: "\n")
        let lines = MarkdownPreview.render(markdown: markdown, width: 200).map(\.text)
        let deepest = lines.first { $0.hasSuffix("level \(cap)") }!
        let indent = deepest.prefix { $0 == " " || $0 == "•" }.count
        for level in cap + 1...cap + 4 {
            guard let line = lines.first(where: { $0.hasSuffix("level \(level)") }) else {
                return XCTFail("level \(level) is missing: \(lines)")
            }
            XCTAssertEqual(
                line.prefix { $0 == " " }.count, indent, "shown at the deepest item's indent, without a bullet: \(line)"
            )
        }
    }

    func testAnAlertAndATaskAtTheCapStillRead() {
        let quotes = String(repeating: ">", count: cap)
        let alert = MarkdownPreview.render(
            markdown: quotes + " [!TIP]\n" + quotes + " tip text\n" + quotes + ">>> deeper text", width: 200
        ).map(\.text)
        XCTAssertTrue(alert.contains { $0.contains("✓ Tip") }, "\(alert)")
        XCTAssertTrue(alert.contains { $0.hasSuffix("deeper text") && !$0.contains("> ") }, "\(alert)")
        let task = (0..<cap).map { String(repeating: "  ", count: $0) + "- \($0 == cap - 1 ? "[x] done" : "item")" }
            .joined(separator: "\n")
        XCTAssertTrue(MarkdownPreview.render(markdown: task, width: 200).map(\.text).contains { $0.contains("☑ done") })
    }

    func testEmphasisBelowTheCapKeepsItsText() {
        let depth = MarkdownNode.maxInlineDepth + 6
        let markdown = String(repeating: "*a _b ", count: depth) + "core" + String(repeating: "_ b* a", count: depth)
        let text = MarkdownPreview.render(markdown: markdown, width: 400).map(\.text).joined()
        XCTAssertEqual(text.components(separatedBy: "a").count - 1, 2 * depth)
        XCTAssertTrue(text.contains("core"))
    }
}
