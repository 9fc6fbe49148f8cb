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

    func testKeymapDrivesBothHandlingAndHints() {
        XCTAssertEqual(keymap.action(for: .control("c")), .quit)
        XCTAssertEqual(keymap.action(for: .character("P")), .publish)
        XCTAssertNil(keymap.action(for: .character("x")))
        XCTAssertEqual(keymap.hints.map(\.key), ["Enter", "n", "/", "P", "?", "q"])
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
