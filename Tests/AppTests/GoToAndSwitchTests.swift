import Foundation
import TUI
import TestSupport
import Workflows
import XCTest

@testable import NakedblogApp

/// Go to a line or heading, next/previous heading, switching posts, searching every post, and
/// the cursor remembered per post (issue 47).
final class GoToAndSwitchTests: XCTestCase {
    private let kyoto = "content/posts/tea-in-kyoto/index.md"

    private func picker(_ state: AppState) -> Picker? {
        if case .picker(let picker)? = state.overlay { return picker }
        return nil
    }

    func testGoToAHeadingOrALineMidScreen() throws {
        var state = try AppFixture.editing(kyoto)
        _ = AppFixture.send(&state, .control("g"))
        XCTAssertEqual(picker(state)?.shown.map(\.label), ["抹茶 (matcha)", "煎茶 (sencha)"])
        AppFixture.type(&state, "sen")
        XCTAssertEqual(picker(state)?.shown.first?.label, "煎茶 (sencha)")
        _ = AppFixture.send(&state, .enter)
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.editor?.editor.cursor.line, 15)
        let screen = AppFixture.lines(state)
        XCTAssertTrue(screen[8...14].contains { $0.contains("## 煎茶 (sencha)") }, screen.joined(separator: "\n"))

        _ = AppFixture.send(&state, .control("g"))
        AppFixture.type(&state, ":3")
        XCTAssertEqual(picker(state)?.note, "Enter goes to line 3")
        _ = AppFixture.send(&state, .enter)
        XCTAssertEqual(state.editor?.editor.cursor.line, 2)
    }

    /// A `#` in TOML front matter is a comment, not a heading.
    func testTheFrontMatterHasNoHeadings() throws {
        var state = try AppFixture.editing("content/posts/terminal-only-week/index.md")
        _ = AppFixture.send(&state, .control("g"))
        XCTAssertEqual(picker(state)?.items.count, 0)
        XCTAssertEqual(picker(state)?.note, "No headings: type a line number")
        XCTAssertTrue(AppFixture.lines(state).joined().contains("No headings"))
    }

    func testNextAndPreviousHeading() throws {
        var state = try AppFixture.editing(kyoto)
        _ = AppFixture.send(&state, .controlArrow(.down))
        XCTAssertEqual(state.editor?.editor.cursor.line, 11)
        _ = AppFixture.send(&state, .controlArrow(.down))
        XCTAssertEqual(state.editor?.editor.cursor.line, 15)
        _ = AppFixture.send(&state, .controlArrow(.down))
        XCTAssertEqual(state.editor?.problem, "No heading below")
        _ = AppFixture.send(&state, .controlArrow(.up))
        XCTAssertEqual(state.editor?.editor.cursor.line, 11)
    }

    /// Alt-O: fuzzy by title and path; an unsaved post is saved first only when the writer says so.
    func testTheSwitcherOpensAnotherPostAndAsksBeforeLeavingUnsavedText() throws {
        var state = try AppFixture.editing(kyoto)
        _ = AppFixture.send(&state, .character("o", alt: true))
        AppFixture.type(&state, "cold brw")
        XCTAssertEqual(picker(state)?.shown.first?.detail, "content/posts/cold-brew-ratios/index.md")
        XCTAssertEqual(
            AppFixture.send(&state, .enter),
            [
                .releasePost(kyoto), .perform(.rememberPosition(kyoto, .init(line: 0, column: 0))),
                .openPost("content/posts/cold-brew-ratios/index.md"),
            ])

        state = try AppFixture.editing(kyoto)
        AppFixture.type(&state, "x")
        _ = AppFixture.send(&state, .character("o", alt: true))
        AppFixture.type(&state, "cold")
        XCTAssertEqual(AppFixture.send(&state, .enter), [])
        guard case .confirm(let question)? = state.overlay else { return XCTFail("asks first") }
        XCTAssertEqual(question.action, .saveAndOpen("content/posts/cold-brew-ratios/index.md", line: nil))
        let effects = AppFixture.send(&state, .character("y"))
        guard case .save(let path, let text, _, _, _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(path, kyoto)
        XCTAssertTrue(text.hasPrefix("x"))
        XCTAssertEqual(effects.last, .openPost("content/posts/cold-brew-ratios/index.md"))
    }

    /// Alt-/ searches every post (the engine of `nakedblog search`); Enter on a row opens its
    /// post at its line.
    func testSearchEveryPostAndOpenALine() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("/", alt: true))
        AppFixture.type(&state, "sencha")
        XCTAssertEqual(AppFixture.send(&state, .enter), [.perform(.searchPosts("sencha"))])
        XCTAssertEqual(picker(state)?.note, "Searching…")
        _ = try AppFixture.perform(.searchPosts("sencha"), root: PackageRoot.path + "/demo", on: &state)
        let rows = try XCTUnwrap(picker(state)?.shown)
        XCTAssertTrue(rows.contains { $0.label.hasPrefix("\(kyoto):16: ## 煎茶 (sencha)") }, "\(rows.map(\.label))")
        XCTAssertTrue(picker(state)?.note?.hasSuffix("posts") ?? false)
        while picker(state)?.shown[picker(state)!.selected].label.contains(":16:") == false {
            _ = AppFixture.send(&state, .down())
        }
        XCTAssertEqual(AppFixture.send(&state, .enter), [.openPost(kyoto, at: .line(16))])
        // A changed query searches again; an old answer for another query is dropped.
        _ = AppFixture.send(&state, .character("/", alt: true))
        AppFixture.type(&state, "matcha")
        _ = try AppFixture.perform(.searchPosts("sencha"), root: PackageRoot.path + "/demo", on: &state)
        XCTAssertEqual(picker(state)?.shown.count, 0)
    }

    /// The cursor is remembered per post across sessions and comes back when the post opens
    /// with no line to go to.
    func testTheCursorIsWhereTheWriterLeftIt() throws {
        let stateHome = try TemporaryDirectory(prefix: "nb-positions")
        defer { stateHome.remove() }
        let environment = ["HOME": stateHome.path, "XDG_STATE_HOME": stateHome.path]
        var state = try AppFixture.editing(kyoto)
        for _ in 0..<12 { _ = AppFixture.send(&state, .down()) }
        _ = AppFixture.send(&state, .right(), .right())
        let left = try XCTUnwrap(state.editor?.editor.cursor)
        XCTAssertGreaterThan(left.line, 5)
        let effects = AppFixture.send(&state, .escape)
        guard case .perform(let remember)? = effects.last else { return XCTFail("\(effects)") }
        _ = try AppFixture.perform(remember, root: PackageRoot.path + "/demo", on: &state, environment: environment)

        state = try AppFixture.browsing()
        let text = try String(contentsOfFile: PackageRoot.path + "/demo/" + kyoto, encoding: .utf8)
        let opened = AppFixture.update(&state, .postOpened(path: kyoto, text: text, stamp: nil))
        XCTAssertEqual(opened.last, .perform(.restorePosition(kyoto)))
        _ = try AppFixture.perform(
            .restorePosition(kyoto), root: PackageRoot.path + "/demo", on: &state, environment: environment)
        XCTAssertEqual(state.editor?.editor.cursor, left)
        let file = try String(contentsOfFile: stateHome.path + "/nakedblog/positions", encoding: .utf8)
        XCTAssertTrue(file.hasPrefix("\(left.line)\t\(left.column)\t/"), file)
        // Typed into before the answer came: the writer's cursor wins.
        _ = AppFixture.update(&state, .postOpened(path: kyoto, text: text, stamp: nil))
        state.page = .browse
        state.editor = nil
        _ = AppFixture.update(&state, .postOpened(path: kyoto, text: text, stamp: nil))
        AppFixture.type(&state, "a")
        _ = try AppFixture.perform(
            .restorePosition(kyoto), root: PackageRoot.path + "/demo", on: &state, environment: environment)
        XCTAssertEqual(state.editor?.editor.cursor, .init(line: 0, column: 1))
    }

    /// Issue 58: where the cursor goes rides on the open request, so an open that never landed
    /// (the file went away) leaves nothing behind for the next post opened.
    func testAnOpenThatNeverLandedLeavesNoCursorIntentBehind() throws {
        var state = try AppFixture.browsing()
        XCTAssertEqual(
            App.open(&state, "content/posts/gone/index.md", line: 30).last,
            .openPost("content/posts/gone/index.md", at: .line(30)))
        let text = (1...120).map { "Line \($0)" }.joined(separator: "\n")
        _ = App.update(
            &state, .postOpened(path: "content/posts/cold-brew-ratios/index.md", text: text, stamp: nil), now: 0)
        XCTAssertEqual(state.editor?.editor.cursor.line, 0, "the other post opens where it was left")
    }
}
