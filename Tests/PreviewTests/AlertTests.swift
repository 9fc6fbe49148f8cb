import Blog
import Foundation
import TestSupport
import TextWidth
import XCTest

@testable import Preview

/// GitHub alerts (`> [!NOTE]` …, rendered by GitHub and by Hugo since 0.132) show as a bar with
/// their label in their kind's colour; a quote that only looks like one stays a quote.
final class AlertTests: XCTestCase {
    func testEveryKindIsABarWithItsLabel() throws {
        for (kind, label, role) in [
            ("NOTE", "Note", PreviewRole.alertNote), ("TIP", "Tip", .alertTip),
            ("IMPORTANT", "Important", .alertImportant),
            ("WARNING", "Warning", .alertWarning), ("CAUTION", "Caution", .alertCaution), ("note", "Note", .alertNote),
        ] {
            let lines = MarkdownPreview.render(
                markdown: "> [!\(kind)]\n> Useful information that users should know.\n", width: 40)
            let first = try lines.at(0)
            XCTAssertTrue(
                first.text.hasPrefix("▌ ") && first.text.hasSuffix(label), "\(kind): \(lines.map(\.text))")
            XCTAssertEqual(first.spans.first?.style.role, role)
            XCTAssertTrue(lines.dropFirst().allSatisfy { $0.text.hasPrefix("▌ ") }, "\(lines.map(\.text))")
            XCTAssertTrue(lines.contains { $0.text.contains("Useful information") })
            XCTAssertFalse(lines.contains { $0.text.contains("[!") }, "the marker is not shown")
            XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0.text) <= 40 })
        }
    }

    /// Issue 45.8: drawn as alerts only where the site renders them — a Hugo site with a
    /// `render-blockquote` hook (its own or its theme's); Jekyll and a Hugo site without one
    /// print `[!NOTE]` as written.
    func testAlertsOnlyWhereTheSiteRendersThem() throws {
        let folder = try TemporaryDirectory(prefix: "nb-alerts")
        defer { folder.remove() }
        try "title = 'x'\ntheme = 't'\n".write(toFile: folder.appending("hugo.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: folder.appending("content/posts"), withIntermediateDirectories: true)
        let file = folder.appending("content/posts/a.md")
        let markdown = "> [!NOTE]\n> Useful.\n"
        func drawn() throws -> [String] {
            let site = try Site.open(containing: folder.path)
            return MarkdownPreview.render(markdown: markdown, width: 40, context: .forPage(nil, file: file, site: site))
                .map(\.text)
        }
        XCTAssertEqual(try drawn().first, "│ [!NOTE] Useful.", "no hook: printed as written")
        try FileManager.default.createDirectory(
            atPath: folder.appending("themes/t/layouts/_markup"), withIntermediateDirectories: true)
        try "{{ .Text }}".write(
            toFile: folder.appending("themes/t/layouts/_markup/render-blockquote.html"), atomically: true,
            encoding: .utf8)
        XCTAssertEqual(try drawn().first, "▌ ⓘ Note", "the theme's hook")

        let jekyll = try TemporaryDirectory(prefix: "nb-alerts-jekyll")
        defer { jekyll.remove() }
        try FileManager.default.createDirectory(atPath: jekyll.appending("_posts"), withIntermediateDirectories: true)
        let site = try Site.open(containing: jekyll.path)
        let lines = MarkdownPreview.render(
            markdown: markdown, width: 40,
            context: .forPage(nil, file: jekyll.appending("_posts/2020-01-01-a.md"), site: site))
        XCTAssertEqual(lines.first?.text, "│ [!NOTE] Useful.", "kramdown has no alerts")
        XCTAssertEqual(
            MarkdownPreview.render(markdown: markdown, width: 40).first?.text, "▌ ⓘ Note", "no site: as GitHub shows it"
        )
    }

    func testLookAlikesStayQuotes() {
        for markdown in [
            "> [!NOTE] text on the same line\n", "> [!NOTE]\n", "> [!NOTICE]\n> text\n", "> [NOTE]\n> text\n",
            "> text [!NOTE]\n> more\n",
        ] {
            let lines = MarkdownPreview.render(markdown: markdown, width: 40)
            XCTAssertFalse(
                lines.contains { $0.text.hasPrefix("▌") }, "\(markdown.debugDescription): \(lines.map(\.text))")
            XCTAssertTrue(
                lines.allSatisfy { $0.text.hasPrefix("│ ") }, "\(markdown.debugDescription): \(lines.map(\.text))")
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
        let lines = MarkdownPreview.render(
            markdown: "> [!WARNING]\n> First paragraph.\n>\n> - a list item\n", width: 40)
        XCTAssertEqual(lines.first?.text, "▌ ⚠ Warning")
        XCTAssertTrue(lines.contains { $0.text.contains("First paragraph.") })
        XCTAssertTrue(lines.contains { $0.text.contains("• a list item") })
    }
}
