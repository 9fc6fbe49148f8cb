import TUI
import TestSupport
import XCTest

final class WidgetTests: XCTestCase {
    private enum Action: Hashable, Sendable { case open, new, filter, publish, quit, help }

    private let keymap = Keymap<Action>([
        .init([.enter], .open, hint: "open", help: "Open the selected post"),
        .init([.character("n")], .new, hint: "new", help: "Create a post"),
        .init([.character("/")], .filter, hint: "filter", help: "Filter by title, tags or slug"),
        .init([.character("P")], .publish, hint: "publish", help: "Publish the selected post"),
        .init([.character("?")], .help, hint: "help", help: "Show every key"),
        .init([.character("q"), .control("c")], .quit, hint: "quit", help: "Quit"),
    ])

    private func browser(width: Int, height: Int, filter: String = "", moves: [KeyEvent] = []) -> Screen {
        var screen = Screen(width: width, height: height)
        let parts = screen.bounds.rows([.fixed(1), .fill(1), .fixed(1), .fixed(1)])
        screen.put(" Plain Words", x: 0, y: 0, style: Style(.title, bold: true))
        var list = ListView(rows: [
            "Plans for next spring's garden", "Half-written ideas", "Summit in the fog",
            "Welcome to the Plain Words blog", "京都でお茶を — tea in Kyoto", "Cold brew ratios",
        ])
        list.filter = filter
        for move in moves { _ = list.handle(move, pageSize: parts[1].height) }
        list.render(into: &screen, area: parts[1])
        StatusBar(left: "main · 2 unpushed", right: "6 posts").render(into: &screen, area: parts[2])
        KeyHintBar(hints: keymap.hints).render(into: &screen, area: parts[3])
        return screen
    }

    func testBrowserLikeLayoutAt80x24And40x12() {
        assertSnapshot(
            browser(width: 80, height: 24, moves: [.down(), .down()]).lines(trimmingTrailingSpaces: true),
            named: "browser-80x24")
        assertSnapshot(
            browser(width: 40, height: 12, filter: "the", moves: [.end]).lines(trimmingTrailingSpaces: true),
            named: "browser-40x12")
    }

    func testKeymapDrivesBothHandlingAndHints() {
        XCTAssertEqual(keymap.action(for: .control("c")), .quit)
        XCTAssertEqual(keymap.action(for: .character("P")), .publish)
        XCTAssertNil(keymap.action(for: .character("x")))
        XCTAssertEqual(keymap.hints.map(\.key), ["Enter", "n", "/", "P", "?", "q"])
    }

    func testListScrollsToKeepTheSelectionVisible() {
        var list = ListView(rows: (1...50).map { "row \($0)" })
        var screen = Screen(width: 20, height: 5)
        for _ in 0..<7 { _ = list.handle(.down(), pageSize: 5) }
        list.render(into: &screen, area: screen.bounds)
        XCTAssertEqual(screen.lines(trimmingTrailingSpaces: true), ["row 4", "row 5", "row 6", "row 7", "row 8"])
        XCTAssertEqual(list.selectedIndex, 7)
        list.filter = "row 1"
        XCTAssertEqual(list.visibleIndices.count, 14, "every row containing both words: 1, 10–19, 21, 31, 41")
        XCTAssertEqual(list.selectedIndex, 0)
    }

    func testDialogAndProgress() {
        var screen = Screen(width: 60, height: 12)
        Dialog(
            title: "Unknown host key", message: ["gitbox offers an ED25519 key:", "SHA256:G/geOdd8lmRf8lR5ma"],
            choices: [("y", "trust"), ("n", "cancel")]
        ).render(into: &screen, area: screen.bounds)
        ProgressBar(label: "Receiving", fraction: 0.45, detail: "12.3 MiB/s  ETA 3s")
            .render(into: &screen, area: Rect(x: 0, y: 11, width: 60, height: 1))
        assertSnapshot(screen.lines(trimmingTrailingSpaces: true), named: "dialog-progress")
    }

    func testTextFieldEditingCases() {
        // (before, keys, after) with `|` marking the cursor.
        let cases: [(String, [KeyEvent], String)] = [
            ("|", [.character("h"), .character("i")], "hi|"),
            ("hello world|", [.control("w")], "hello |"),
            ("abc|", [.left(), .left(), .backspace], "|bc"),
            ("京都|", [.left(), .character("の")], "京の|都"),
            ("a|b", [.paste("x\ny")], "ax y|b"),
            ("abc|", [.home, .delete, .end, .character("!")], "bc!|"),
            ("one two|", [.control("u")], "|"),
        ]
        for (before, keys, after) in cases {
            var field = TextField(before.replacingOccurrences(of: "|", with: ""))
            let start = before.firstIndex(of: "|").map { before.distance(from: before.startIndex, to: $0) } ?? 0
            for _ in start..<field.text.count { _ = field.handle(.left()) }
            for key in keys { XCTAssertTrue(field.handle(key)) }
            var marked = Array(field.text)
            marked.insert("|", at: field.cursor)
            XCTAssertEqual(String(marked), after, before)
        }
        var secret = TextField("hunter2", secret: true)
        var screen = Screen(width: 12, height: 1)
        _ = secret.handle(.character("!"))
        secret.render(into: &screen, area: screen.bounds)
        XCTAssertEqual(screen.lines(trimmingTrailingSpaces: true), ["••••••••"], "a password is never drawn")
    }
}
