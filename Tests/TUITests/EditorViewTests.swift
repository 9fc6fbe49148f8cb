import TestSupport
import XCTest

@testable import TUI

final class EditorViewTests: XCTestCase {
    private let post = """
        ---
        title: "京都でお茶を"
        draft: true
        ---

        # Tea in Kyoto

        Three tea houses, **one** rainy afternoon, and a [map](https://example.com/map). 雨の日の京都は静かです。
        - matcha
        - sencha

        ```sh
        hugo --minify
        ```
        """

    func testWrappedWithLineNumbersAt80And40() {
        for (width, height) in [(80, 24), (40, 12)] {
            var screen = Screen(width: width, height: height)
            var view = EditorView(softWrap: true, lineNumbers: true)
            view.render(EditorState(text: post), into: &screen, area: screen.bounds)
            assertSnapshot(screen.lines(trimmingTrailingSpaces: true), named: "editor-\(width)x\(height)")
        }
    }

    func testSoftWrapBreaksBetweenWords() {
        func rows(_ text: String, _ width: Int) -> [String] {
            let characters = Array(text)
            let starts = SoftWrap.rowStarts(characters, width: width)
            return starts.indices.map {
                String(characters[starts[$0]..<(($0 + 1 < starts.count) ? starts[$0 + 1] : characters.count)])
            }
        }
        XCTAssertEqual(rows("hello world", 8), ["hello ", "world"], "the word moves down whole")
        XCTAssertEqual(rows("hello world foo", 11), ["hello world ", "foo"], "a space that does not fit hangs")
        XCTAssertEqual(rows("abcdefghij", 4), ["abcd", "efgh", "ij"], "a word wider than a row is cut")
        XCTAssertEqual(rows("a verylongwordindeed", 8), ["a ", "verylong", "wordinde", "ed"])
        XCTAssertEqual(
            rows("    indented code", 6), ["    in", "dented ", "code"], "indentation alone is no word to break after")
        XCTAssertEqual(rows("雨の日の京都は静か", 6), ["雨の日", "の京都", "は静か"], "CJK breaks between characters")
        XCTAssertEqual(rows("short", 10), ["short"])
        XCTAssertEqual(rows("", 10), [""])

        var state = EditorState(text: "Three tea houses, one rainy afternoon")
        _ = state.handle(.end, now: 0)
        var screen = Screen(width: 20, height: 3)
        var view = EditorView()
        let cursor = view.render(state, into: &screen, area: screen.bounds)
        XCTAssertEqual(screen.lines(trimmingTrailingSpaces: true), ["Three tea houses,", "one rainy afternoon", ""])
        XCTAssertEqual(cursor.y, 1)
        XCTAssertEqual(cursor.x, 19)
    }

    func testHighlightingRoles() {
        var screen = Screen(width: 80, height: 24)
        var view = EditorView()
        view.render(EditorState(text: post), into: &screen, area: screen.bounds)
        XCTAssertEqual(screen[0, 1].style.role, .frontMatterKey, "front matter key")
        XCTAssertEqual(screen[9, 1].style.role, .frontMatter, "front matter value")
        XCTAssertEqual(screen[79, 1].style.role, .frontMatter, "the block's background runs across the row")
        XCTAssertEqual(screen[79, 0].style.role, .frontMatter, "the opening delimiter's row too")
        let closing = screen.lines().firstIndex { $0.hasPrefix("---") && $0 != screen.lines()[0] } ?? 3
        XCTAssertEqual(screen[79, closing].style.role, .frontMatter, "and the closing one's")
        XCTAssertEqual(screen[79, closing + 1].style.role, .normal, "the body is not marked")
        XCTAssertEqual(screen[0, 5].style.role, .heading)
        let paragraph = screen.lines()[7]
        let strongColumn = paragraph.distance(
            from: paragraph.startIndex, to: paragraph.range(of: "**one**")!.lowerBound)
        XCTAssertEqual(screen[strongColumn + 2, 7].style.role, .strong)
        let fenceRow = screen.lines().firstIndex { $0.hasPrefix("```sh") }!
        XCTAssertEqual(screen[0, fenceRow].style.role, .code, "fence")
        XCTAssertEqual(screen[0, fenceRow + 1].style.role, .code, "inside the fence")
    }

    func testFrontMatterThatStopsBeingRecognisedLosesItsMark() {
        var state = EditorState(text: post)
        _ = state.handle(.character("x"), now: 0)
        var screen = Screen(width: 80, height: 24)
        var view = EditorView()
        view.render(state, into: &screen, area: screen.bounds)
        XCTAssertEqual(screen[79, 1].style.role, .normal, "x--- is no delimiter: nothing is front matter")
    }

    func testCursorStaysInViewWhenMovingDown() {
        var state = EditorState(text: (1...100).map { "line \($0)" }.joined(separator: "\n"))
        for _ in 0..<50 { _ = state.handle(.down(), now: 0) }
        var screen = Screen(width: 30, height: 10)
        var view = EditorView()
        let cursor = view.render(state, into: &screen, area: screen.bounds)
        XCTAssertEqual(screen.lines(trimmingTrailingSpaces: true).last, "line 51")
        XCTAssertEqual(cursor.y, 9)
        XCTAssertEqual(cursor.x, 0)
    }

    func testCursorAfterWideCharactersUsesDisplayColumns() {
        var state = EditorState(text: "京都x")
        _ = state.handle(.end, now: 0)
        var screen = Screen(width: 20, height: 2)
        var view = EditorView()
        XCTAssertEqual(view.render(state, into: &screen, area: screen.bounds).x, 5)
    }
}

final class EditorViewCacheTests: XCTestCase {
    /// The per-line highlighting cache is invalidated from the edited line down.
    func testOpeningAFenceAboveRestylesTheLinesBelow() {
        var state = EditorState(text: (1...60).map { "line \($0)" }.joined(separator: "\n"))
        var view = EditorView()
        var screen = Screen(width: 30, height: 10)
        for _ in 0..<50 { _ = state.handle(.down(), now: 0) }
        view.render(state, into: &screen, area: screen.bounds)
        XCTAssertEqual(screen[0, 5].style.role, .normal)
        for _ in 0..<50 { _ = state.handle(.up(), now: 0) }
        for key: KeyEvent in [.enter, .up(), .character("`"), .character("`"), .character("`")] {
            _ = state.handle(key, now: 0)
        }
        view.render(state, into: &screen, area: screen.bounds)
        for _ in 0..<50 { _ = state.handle(.down(), now: 0) }
        view.render(state, into: &screen, area: screen.bounds)
        XCTAssertEqual(screen[0, 5].style.role, .code, "everything after an unclosed fence is code")
    }
}
