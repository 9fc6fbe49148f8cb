import Blog
import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// Completion while typing links, generator tags and shortcodes, and Alt-I (issue 47).
final class CompletionTests: XCTestCase {
    private let demo = PackageRoot.path + "/demo"

    private func endOfBody(_ state: inout AppState) {
        _ = AppFixture.send(&state, .control("g"))
        AppFixture.type(&state, "999")
        _ = AppFixture.send(&state, .enter, .end)
    }

    private func line(_ state: AppState) -> String {
        guard let editor = state.editor?.editor else { return "" }
        return editor.buffer.lineText(editor.cursor.line)
    }

    func testAPageLinkIsOfferedByTitleAndInsertedAsItsAddress() throws {
        var state = try AppFixture.editing()
        endOfBody(&state)
        AppFixture.type(&state, " [tea](")
        XCTAssertEqual(state.editor?.completion?.kind, .pageLink)
        AppFixture.type(&state, "kyo")
        XCTAssertEqual(state.editor?.completion?.shown.first?.insert, "/posts/tea-in-kyoto/")
        XCTAssertTrue(AppFixture.lines(state).joined().contains("京都でお茶を"), "the menu shows titles")
        _ = AppFixture.send(&state, .enter)
        XCTAssertNil(state.editor?.completion)
        XCTAssertTrue(line(state).hasSuffix(" [tea](/posts/tea-in-kyoto/)"), "the link whole: \(line(state))")
        AppFixture.type(&state, " and [x](")
        _ = AppFixture.send(&state, .escape)
        XCTAssertNil(state.editor?.completion)
        XCTAssertEqual(state.page, .editor, "Esc closed the menu, not the editor")
    }

    /// Issue 60.6: a link's query may have spaces (it finds a title), Backspace back into it
    /// opens the menu again, and no menu opens in code.
    func testLinkCompletionFollowsTypingAndStaysOutOfCode() throws {
        var state = try AppFixture.editing()
        endOfBody(&state)
        AppFixture.type(&state, " [tea](")
        AppFixture.type(&state, "tea in")
        XCTAssertEqual(state.editor?.completion?.shown.first?.insert, "/posts/tea-in-kyoto/", "spaces find titles")
        AppFixture.type(&state, ")")
        XCTAssertNil(state.editor?.completion, "`)` ends the link")
        _ = AppFixture.send(&state, .backspace)
        XCTAssertEqual(state.editor?.completion?.kind, .pageLink, "Backspace opens it again")
        XCTAssertEqual(state.editor?.completion?.query, "tea in")
        _ = AppFixture.send(&state, .escape)
        AppFixture.type(&state, ")\n\n```\nsee [x](")
        XCTAssertNil(state.editor?.completion, "never in code")
    }

    /// Issue 60.6: the menu is as wide as its entries need, over the preview beside the text,
    /// not cut at the text pane's edge.
    func testTheMenuIsAsWideAsItsEntriesOverThePreview() throws {
        var state = try AppFixture.editing(columns: 100)
        XCTAssertGreaterThanOrEqual(100, EditorScreen.splitWidth, "the preview is beside the text")
        endOfBody(&state)
        AppFixture.type(&state, "[x](")
        AppFixture.type(&state, "京都")
        let entry = try XCTUnwrap(state.editor?.completion?.shown.first)
        let row = try XCTUnwrap(AppFixture.lines(state).first { $0.contains(entry.label) }, "the menu is drawn")
        XCTAssertTrue(row.contains(entry.label + "  " + entry.detail), "the whole entry: \(row)")
    }

    func testRefAndAnchorsOfThisPostAndAnother() throws {
        var state = try AppFixture.editing("content/posts/tea-in-kyoto/index.md")
        endOfBody(&state)
        AppFixture.type(&state, " {{< ref \"")
        AppFixture.type(&state, "brew")
        _ = AppFixture.send(&state, .tab)
        XCTAssertTrue(line(state).hasSuffix("{{< ref \"/posts/cold-brew-ratios\" >}}"), line(state))
        AppFixture.type(&state, " [here](#")
        XCTAssertEqual(state.editor?.completion?.shown.map(\.insert), ["抹茶-matcha", "煎茶-sencha"])
        AppFixture.type(&state, "sen")
        _ = AppFixture.send(&state, .enter)
        XCTAssertTrue(line(state).hasSuffix("[here](#煎茶-sencha"), line(state))

        state = try AppFixture.editing()
        endOfBody(&state)
        AppFixture.type(&state, " [t](/posts/tea-in-kyoto/")
        let effects = AppFixture.send(&state, .character("#"))
        guard case .perform(let task)? = effects.last else { return XCTFail("\(effects)") }
        XCTAssertEqual(state.editor?.completion?.loading, true)
        _ = try AppFixture.perform(task, root: demo, on: &state)
        XCTAssertEqual(state.editor?.completion?.shown.count, 2)
        _ = AppFixture.send(&state, .down(), .enter)
        XCTAssertTrue(line(state).hasSuffix("(/posts/tea-in-kyoto/#煎茶-sencha"), line(state))
    }

    /// Issue 60.6: Hugo's own shortcodes are offered where the site has none of that name; the
    /// query typed is replaced by the shortcode, never left before it.
    func testHugosOwnShortcodesAreOffered() throws {
        var state = try AppFixture.editing()
        endOfBody(&state)
        AppFixture.type(&state, "\n{{<")
        let effects = AppFixture.update(&state, .key(.character(" ")))
        guard case .perform(let shortcodes)? = effects.last else { return XCTFail("\(effects)") }
        _ = try AppFixture.perform(shortcodes, root: demo, on: &state)
        AppFixture.type(&state, "fig")
        XCTAssertEqual(state.editor?.completion?.shown.first?.label, "figure")
        _ = AppFixture.send(&state, .enter)
        AppFixture.type(&state, "/images/heron.jpg")
        XCTAssertEqual(line(state), "{{< figure src=\"/images/heron.jpg\" alt=\"\" caption=\"\" >}}")
    }

    /// The site's shortcodes with the parameters they read, paired ones with their closing tag;
    /// Alt-I adds the writer's snippets.
    func testShortcodesWithParametersAndTheWritersSnippets() throws {
        let work = try TemporaryDirectory(prefix: "nb-complete")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        let site = work.appending("site")
        try FileManager.default.createDirectory(atPath: site + "/layouts/shortcodes", withIntermediateDirectories: true)
        try "<aside title=\"{{ .Get \"title\" }}\">{{ .Inner }}</aside>\n".write(
            toFile: site + "/layouts/shortcodes/note.html", atomically: true, encoding: .utf8)
        try "<img src=\"{{ .Get \"src\" }}\" alt=\"{{ .Get \"alt\" }}\">\n".write(
            toFile: site + "/layouts/shortcodes/img.html", atomically: true, encoding: .utf8)
        let config = work.appending("config")
        try FileManager.default.createDirectory(
            atPath: config + "/nakedblog/snippets", withIntermediateDirectories: true)
        try "— written on a train\n".write(
            toFile: config + "/nakedblog/snippets/signature.md", atomically: true, encoding: .utf8)

        var state = try AppFixture.editing()
        endOfBody(&state)
        AppFixture.type(&state, "\n{{<")
        let effects = AppFixture.update(&state, .key(.character(" ")))
        XCTAssertEqual(state.editor?.completion?.kind, .snippet)
        AppFixture.type(&state, "n")
        guard case .perform(let shortcodes)? = effects.last else { return XCTFail("\(effects)") }
        _ = try AppFixture.perform(shortcodes, root: site, on: &state)
        XCTAssertEqual(state.editor?.completion?.shown.first?.label, "note")
        _ = AppFixture.send(&state, .enter)
        AppFixture.type(&state, "Tip")
        let text = try XCTUnwrap(state.editor?.editor.text)
        XCTAssertTrue(text.hasSuffix("{{< note title=\"Tip\" >}}\n\n{{< /note >}}"), text)

        _ = AppFixture.send(&state, .control("g"))
        AppFixture.type(&state, "999")
        _ = AppFixture.send(&state, .enter, .end, .enter)
        let opened = AppFixture.send(&state, .character("i", alt: true))
        guard case .perform(let task)? = opened.last else { return XCTFail("\(opened)") }
        _ = try AppFixture.perform(
            task, root: site, on: &state, environment: ["HOME": work.path, "XDG_CONFIG_HOME": config])
        // The site's shortcodes, Hugo's own (issue 60.6), then the writer's snippets.
        XCTAssertEqual(
            state.editor?.completion?.shown.map(\.label),
            [
                "details", "figure", "highlight", "img", "note", "param", "qr", "ref", "relref", "vimeo", "youtube",
                "signature",
            ])
        AppFixture.type(&state, "sig")
        _ = AppFixture.send(&state, .enter)
        XCTAssertTrue(try XCTUnwrap(state.editor?.editor.text).hasSuffix("\n— written on a train"))
    }

    /// Issue 59.6: what `{% post_url %}` and `{% link %}` completion inserts is what Jekyll
    /// reads — the real `jekyll build` turns both into the posts' addresses.
    func testJekyllTagsInsertWhatJekyllBuilds() throws {
        let work = try TemporaryDirectory(prefix: "nb-complete-jekyll")
        defer { work.remove() }
        let root = work.appending("site")
        try Shell.check(["cp", "-R", PackageRoot.path + "/demo-jekyll", root])
        var state = AppState(columns: 80, rows: 24, page: .browse)
        state.today = AppFixture.today
        let site = try Site.open(containing: root)
        _ = App.update(&state, .siteLoaded(site, .prepared(PostIndex.build(site)), readAt: AppFixture.today), now: 0)
        let path = "_posts/2026-11-01-notes-from-a-terminal.md"
        let original = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
        _ = AppFixture.update(&state, .postOpened(path: path, text: original, stamp: nil), now: 0)
        endOfBody(&state)
        AppFixture.type(&state, "\n\nSee [bread]({% post_url ")
        XCTAssertEqual(state.editor?.completion?.kind, .postURL)
        AppFixture.type(&state, "bread")
        _ = AppFixture.send(&state, .enter)
        XCTAssertTrue(line(state).hasSuffix("({% post_url 2026-09-14-bread-on-sundays %}"), line(state))
        AppFixture.type(&state, ") and [the river]({% link ")
        XCTAssertEqual(state.editor?.completion?.kind, .jekyllLink)
        AppFixture.type(&state, "river")
        _ = AppFixture.send(&state, .enter)
        AppFixture.type(&state, ").")
        XCTAssertTrue(
            line(state).hasSuffix("[the river]({% link _posts/2026-10-02-a-walk-by-the-river.md %})."), line(state))
        try requireProgram("jekyll")
        try XCTUnwrap(state.editor?.editor.text).write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        try Shell.check(["jekyll", "build", "--safe", "--quiet", "--source", root, "--destination", root + "/_site"])
        let page = try String(
            contentsOfFile: root + "/_site/2026/11/notes-from-a-terminal/index.html", encoding: .utf8)
        XCTAssertTrue(page.contains("href=\"/2026/09/bread-on-sundays/\""), page)
        XCTAssertTrue(page.contains("href=\"/2026/10/a-walk-by-the-river/\""), page)
    }

    func testJekyllsPostURLAndLinkTags() throws {
        let trigger = CompletionMenu.trigger("see {% post_url ", jekyll: true)
        XCTAssertEqual(trigger?.0, .postURL)
        XCTAssertEqual(CompletionMenu.trigger("{% link ", jekyll: true)?.0, .jekyllLink)
        XCTAssertEqual(CompletionMenu.trigger("{% include ", jekyll: true)?.0, .snippet)
        XCTAssertEqual(CompletionMenu.trigger("![a cat](", jekyll: false)?.0, .image)
        XCTAssertEqual(CompletionMenu.trigger("[a](x/#", jekyll: false)?.0, .anchor(target: "x/"))
        XCTAssertNil(CompletionMenu.trigger("plain (", jekyll: false))
        XCTAssertNil(CompletionMenu.trigger("{{< ref \"", jekyll: true), "a Hugo tag on a Jekyll site")
    }
}
