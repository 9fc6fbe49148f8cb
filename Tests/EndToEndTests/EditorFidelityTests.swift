import Foundation
import TestSupport
import XCTest

/// Real files in the editor, in tmux: CRLF, BOM with CRLF, CRLF only in the front matter, a lone
/// CR, tabs. The screen shows the text as lines; typing and saving keep every other byte.
final class EditorFidelityTests: XCTestCase {
    private var home: TestHome!
    private var site: TemporaryDirectory!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        try requireProgram("tmux")
        home = try TestHome()
        site = try TemporaryDirectory(prefix: "nb-fidelity")
        try "title = 'Fidelity'\n".write(toFile: site.appending("hugo.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: site.appending("content/posts"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        sessions.forEach { $0.kill() }
        home.remove()
        site.remove()
    }

    /// The repository's own odd files (the same shapes as the corpus's `_derived_oddities`): TOML
    /// front matter with CRLF endings (and a byte-order mark), YAML whose front matter alone is CRLF.
    private static let oddities: [String: [UInt8]] = [
        "toml-crlf.md": Array(
            "+++ \r\ndraft = false\r\ndate = 2023-01-05T01:15:29+01:00\r\ntitle = \"Authors of the blog\"\r\n+++\r\n"
                .utf8),
        "toml-bom-crlf.md": [0xEF, 0xBB, 0xBF]
            + Array(
                "+++ \r\ndraft = false\r\ndate = 2023-01-05T01:15:29+01:00\r\ntitle = \"Authors of the blog\"\r\n+++\r\n"
                    .utf8),
        "yaml-crlf-frontmatter-only.md": Array(
            ("---\r\ntitle: Sailing notes\r\ndate: 2015-01-15\r\ncategories: [\"history\"]\r\n"
                + "tags: [\"boats\", \"history\"]\r\nshowPostNav: false\r\n---\r\n\nSailing is a way to travel slowly and to notice the weather.\n\n"
                + "This post hides the previous/next navigation with `showPostNav: false`.\n").utf8),
    ]

    private func derived(_ name: String) throws -> [UInt8] { try XCTUnwrap(Self.oddities[name]) }

    /// `bytes` with `text` inserted `back` bytes before the end of line `line` (0-based), before
    /// its ending.
    private func inserting(_ text: String, atTheEndOfLine line: Int, back: Int, in bytes: [UInt8]) -> [UInt8] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for _ in 0..<line { start = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1 }
        var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        end -= back
        return Array(bytes[..<end]) + Array(text.utf8) + Array(bytes[end...])
    }

    /// Opens `bytes` as a post, checks the screen, saves unchanged, types `back` characters before
    /// the end of line `editLine` (0-based; a line where "!" keeps the front matter valid) and
    /// saves: the file must be exactly the original with that insertion.
    private func check(
        _ name: String, _ bytes: [UInt8], shows expectedRows: [String], editLine: Int = 1, back: Int = 0,
        line: UInt = #line
    ) throws {
        let file = site.appending("content/posts/" + name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let session = try TmuxSession(
            [try Products.path("nakedblog"), site.path], width: 80, height: 24,
            environment: home.environment, directory: site.path)
        sessions.append(session)
        _ = try session.waitFor("1 of 1 posts")
        try session.send(keys: "Enter")
        for row in expectedRows { _ = try session.waitFor(row) }
        // A carriage return reaching the terminal would send the cursor back to column 0 and the
        // rest of its line over the start of the row: each expected row must stand whole.
        let screen = try session.screen()
        for row in expectedRows {
            XCTAssertTrue(
                screen.contains { $0.contains(row) },
                "\(row) is not one row of its own:\n\(screen.joined(separator: "\n"))", line: line)
        }
        try session.send(keys: "C-s")
        _ = try session.waitFor("Saved content/posts/")
        XCTAssertEqual(
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))), bytes, "\(name): saved unchanged", line: line)
        for _ in 0..<editLine { try session.send(keys: "Down") }
        try session.send(keys: "End")
        for _ in 0..<back { try session.send(keys: "Left") }
        try session.type("!")
        try session.send(keys: "C-s")
        _ = try session.waitFor("Saved content/posts/")
        usleep(200_000)
        let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        XCTAssertEqual(
            after, inserting("!", atTheEndOfLine: editLine, back: back, in: bytes),
            "\(name): one character typed on line \(editLine + 1)", line: line)
        try session.send(keys: "Escape")
        _ = try session.waitFor("1 of 1 posts")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0, "the app quits cleanly")
    }

    func testCRLF() throws {
        try check(
            "crlf.md", try derived("toml-crlf.md"), shows: ["draft = false", "title = \"Authors of the blog\""],
            editLine: 3, back: 1)
    }

    func testBOMAndCRLF() throws {
        let bytes = try derived("toml-bom-crlf.md")
        XCTAssertTrue(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        try check(
            "bom-crlf.md", bytes, shows: ["draft = false", "title = \"Authors of the blog\""],
            editLine: 3, back: 1)
    }

    func testCRLFFrontMatterOnly() throws {
        let bytes = try derived("yaml-crlf-frontmatter-only.md")
        try check("crlf-fm.md", bytes, shows: ["title: Sailing notes", "showPostNav: false", "Sailing is a way"])
    }

    func testLoneCR() throws {
        try check(
            "lone-cr.md", Array("---\ntitle: Lone CR\n---\nbefore\rafter\nnext line\n".utf8),
            shows: ["before^Mafter", "next line"])
    }

    func testTabs() throws {
        try check("tabs.md", Array("---\ntitle: Tabs\n---\n\tindented\nx\ty\n".utf8), shows: ["    indented", "x   y"])
    }

    /// A post that is one 3 MB line: it opens, the end of the line is shown with the cursor after
    /// it, typing there is drawn and saved byte for byte, and the word count catches up when
    /// saved (issue 18's long line; the cost is measured in `make bench`).
    func testAHugeLineOpensAndTypingAtItsEndIsShownAndSaved() throws {
        let words = 750_000
        let bytes = Array(("---\ntitle: Long\n---\n" + String(repeating: "word ", count: words) + "THE-END\n").utf8)
        let file = site.appending("content/posts/long.md")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let session = try TmuxSession(
            [try Products.path("nakedblog"), site.path], width: 80, height: 24,
            environment: home.environment, directory: site.path)
        sessions.append(session)
        _ = try session.waitFor("1 of 1 posts", timeout: 30)
        try session.send(keys: "Enter")
        _ = try session.waitFor("\(words + 1) words", timeout: 60)
        try session.send(keys: "Down", "Down", "Down", "End")
        _ = try session.waitFor("Col \(words * 5 + 8)", timeout: 30)
        try session.type(" zz")
        _ = try session.waitFor("THE-END zz", timeout: 30)
        // Over 1 MiB the count is of the text as last saved, marked ≈, until it is saved again.
        _ = try session.waitFor("≈\(words + 1) words", timeout: 30)
        try session.send(keys: "C-s")
        _ = try session.waitFor("Saved content/posts/long.md", timeout: 60)
        _ = try session.waitFor(" \(words + 2) words", timeout: 30)
        let expected = Array(bytes.dropLast()) + Array(" zz\n".utf8)
        XCTAssertEqual(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))), expected)
        try session.send(keys: "Escape")
        _ = try session.waitFor("1 of 1 posts", timeout: 30)
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0, "the app quits cleanly")
    }
}
