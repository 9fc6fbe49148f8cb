import Foundation
import XCTest
@testable import Preview
import TextWidth

/// GitHub alerts (`> [!NOTE]` …, rendered by GitHub and by Hugo since 0.132) show as a bar with
/// their label in their kind's colour; a quote that only looks like one stays a quote.
final class AlertTests: XCTestCase {
    func testEveryKindIsABarWithItsLabel() {
        for (kind, label, role) in [("NOTE", "Note", PreviewRole.alertNote), ("TIP", "Tip", .alertTip), ("IMPORTANT", "Important", .alertImportant),
                                    ("WARNING", "Warning", .alertWarning), ("CAUTION", "Caution", .alertCaution), ("note", "Note", .alertNote)] {
            let lines = MarkdownPreview.render(markdown: "> [!\(kind)]\n> Useful information that users should know.\n", width: 40)
            XCTAssertTrue(lines[0].text.hasPrefix("▌ ") && lines[0].text.hasSuffix(label), "\(kind): \(lines.map(\.text))")
            XCTAssertEqual(lines[0].spans.first?.style.role, role)
            XCTAssertTrue(lines.dropFirst().allSatisfy { $0.text.hasPrefix("▌ ") }, "\(lines.map(\.text))")
            XCTAssertTrue(lines.contains { $0.text.contains("Useful information") })
            XCTAssertFalse(lines.contains { $0.text.contains("[!") }, "the marker is not shown")
            XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0.text) <= 40 })
        }
    }

    func testLookAlikesStayQuotes() {
        for markdown in ["> [!NOTE] text on the same line\n", "> [!NOTE]\n", "> [!NOTICE]\n> text\n", "> [NOTE]\n> text\n", "> text [!NOTE]\n> more\n"] {
            let lines = MarkdownPreview.render(markdown: markdown, width: 40)
            XCTAssertFalse(lines.contains { $0.text.hasPrefix("▌") }, "\(markdown.debugDescription): \(lines.map(\.text))")
            XCTAssertTrue(lines.allSatisfy { $0.text.hasPrefix("│ ") }, "\(markdown.debugDescription): \(lines.map(\.text))")
        }
    }

    /// The marker is read as GitHub trims it: blanks (a no-break space too) before it count for
    /// nothing, however cmark cut the text.
    func testBlanksBeforeTheMarkerAreTrimmed() {
        for markdown in ["> \u{A0}[!TIP]\n> text\n", "> \u{2003}\u{A0}[!TIP]\n> text\n", ">  [!TIP]\n> text\n"] {
            let lines = MarkdownPreview.render(markdown: markdown, width: 40)
            XCTAssertEqual(lines.first?.text, "▌ ✓ Tip", "\(markdown.debugDescription): \(lines.map(\.text))")
        }
    }

    func testAnAlertHoldsSeveralBlocks() {
        let lines = MarkdownPreview.render(markdown: "> [!WARNING]\n> First paragraph.\n>\n> - a list item\n", width: 40)
        XCTAssertEqual(lines.first?.text, "▌ ⚠ Warning")
        XCTAssertTrue(lines.contains { $0.text.contains("First paragraph.") })
        XCTAssertTrue(lines.contains { $0.text.contains("• a list item") })
    }
}
