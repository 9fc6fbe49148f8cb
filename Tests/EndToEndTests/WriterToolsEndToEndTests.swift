import Foundation
import TestSupport
import XCTest

/// The editor a writer reaches for (issue 47), end to end in tmux: find and replace, go to a
/// heading, the keys power users expect, the switcher and a search across posts.
final class WriterToolsEndToEndTests: DemoSiteSessions {
    func testReplaceAllGoToAHeadingAndAlignATable() throws {
        let session = try open("content/posts/cold-brew-ratios/index.md")
        try session.send(keys: "M-r")
        try session.waitFor("Find:")
        try session.type("12 h")
        try session.waitFor("1 of 2")
        try session.send(keys: "Tab")
        try session.type("12 hours")
        try session.send(keys: "M-a")
        try session.waitFor("Replaced 2 matches")
        try session.send(keys: "Escape")
        // The table is out of line now: Alt-T aligns it.
        try session.send(keys: "C-g")
        try session.waitFor("Go to a line")
        try session.type("14")
        try session.send(keys: "Enter")
        try session.send(keys: "M-t")
        try session.waitFor("| 1:6   | 12 hours | too strong |")
        try session.send(keys: "C-s")
        try session.waitFor("Saved ")
        let text = try String(contentsOfFile: site + "/content/posts/cold-brew-ratios/index.md", encoding: .utf8)
        XCTAssertTrue(text.contains("| ----- | -------- | ---------- |\n| 1:6   | 12 hours | too strong |"), text)
        XCTAssertTrue(text.contains("| 1:10  | 18 h     | thin       |"), text)
        XCTAssertTrue(text.hasPrefix("{\n  \"title\": \"Cold brew ratios\""), "the front matter is untouched")
    }

    func testHeadingsWordKeysSwitcherAndSearch() throws {
        let session = try open("content/posts/tea-in-kyoto/index.md")
        try session.send(keys: "C-Down")
        try session.waitFor("Ln 12, Col 1")
        try session.send(keys: "C-Down")
        try session.waitFor("Ln 16, Col 1")
        try session.send(keys: "End")
        try session.send(keys: "C-w")
        // The word before the cursor goes: the heading line no longer holds it anywhere.
        try session.waitUntil("the heading without its last word") { screen in
            screen.contains { $0.contains("## 煎茶 (") } && !screen.contains { $0.contains("(sencha)") }
        }
        try session.send(keys: "C-z")
        try session.waitFor("## 煎茶 (sencha)")
        // The switcher: another post by a fuzzy name; Enter closes it on that post.
        try session.send(keys: "M-o")
        try session.waitFor("Switch to a post")
        try session.type("brew")
        try session.send(keys: "Enter")
        try session.waitUntil("the other post open") { screen in
            !screen.contains { $0.contains("Switch to a post") }
                && screen.contains { $0.contains("cold-brew-ratios/index.md") }
                && !screen.contains { $0.contains("## 煎茶") }
        }
        // Search every post, open a result at its line.
        try session.send(keys: "M-/")
        try session.waitFor("Search every post")
        try session.type("sencha")
        try session.send(keys: "Enter")
        try session.waitFor("index.md:16: ## 煎茶 (sencha)")
        try session.send(keys: "Enter")
        try session.waitFor("Ln 16, Col 1")
        try session.waitFor("tea-in-kyoto/index.md")
    }

    /// A link typed with `](` completes from the posts' titles, and Alt-I inserts a shortcode.
    func testALinkCompletesFromTitles() throws {
        let session = try open("content/posts/cold-brew-ratios/index.md")
        try session.send(keys: "C-g")
        try session.type("10")
        try session.send(keys: "Enter", "End")
        try session.type(" See [Kyoto](")
        try session.waitFor("京都でお茶を")
        try session.type("kyo")
        try session.send(keys: "Enter")
        try session.type(".")  // the `)` came with the link
        try session.send(keys: "C-s")
        try session.waitFor("Saved ")
        let text = try String(contentsOfFile: site + "/content/posts/cold-brew-ratios/index.md", encoding: .utf8)
        XCTAssertTrue(text.contains("in the fridge. See [Kyoto](/posts/tea-in-kyoto/)."), text)
    }

    /// Alt-I inserts one of the site's shortcodes with its parameters; Alt-↑ moves a line,
    /// Ctrl-D duplicates it, Ctrl-→ and Ctrl-Shift-← move and select by word; the cursor is
    /// where it was left when the post opens again.
    func testShortcodesLineKeysAndTheRememberedCursor() throws {
        try FileManager.default.createDirectory(atPath: site + "/layouts/shortcodes", withIntermediateDirectories: true)
        try "<aside>{{ .Get \"title\" }}{{ .Inner }}</aside>\n".write(
            toFile: site + "/layouts/shortcodes/note.html", atomically: true, encoding: .utf8)
        let post = "content/posts/cold-brew-ratios/index.md"
        let session = try open(post)
        try session.send(keys: "C-g")
        try session.type("10")
        try session.send(keys: "Enter", "End", "Enter", "M-i")
        try session.waitFor("shortcode, paired")
        try session.type("note")  // the site's own, among Hugo's
        try session.send(keys: "Enter")
        try session.type("Tip")
        try session.send(keys: "C-g")
        try session.type("10")
        try session.send(keys: "Enter", "C-d", "M-Up", "C-Right", "C-S-Left", "C-x", "C-s")
        try session.waitFor("Saved ")
        let text = try String(contentsOfFile: site + "/" + post, encoding: .utf8)
        XCTAssertTrue(text.contains("{{< note title=\"Tip\" >}}\n\n{{< /note >}}"), text)
        XCTAssertTrue(
            text.contains(" part coffee to eight parts water, twelve hours in the fridge.\nOne part coffee"), text)
        try session.send(keys: "Escape")
        try session.waitFor("Plain Words")
        try session.send(keys: "q")
        try session.waitUntil("the app quit", timeout: 10) { _ in (try? session.isInAlternateScreen()) == false }
        let again = try open(post, waitingFor: "Ln 10, Col 1")
        _ = again
    }
}
