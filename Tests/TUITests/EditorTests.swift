import XCTest

@testable import TUI

/// Editor behaviour as (before, keys, after) cases; `|` marks the cursor.
final class EditorTests: XCTestCase {
    private func editor(_ marked: String) -> EditorState { EditorCases.editor(marked) }
    private func marked(_ state: EditorState) -> String { EditorCases.marked(state) }
    private func check(_ before: String, _ keys: [KeyEvent], _ after: String, line: UInt = #line) {
        EditorCases.check(before, keys, after, line: line)
    }

    func testTypingAndDeletingByGrapheme() {
        check("|", [.character("h"), .character("i")], "hi|")
        check("ab|", [.backspace], "a|")
        check("a|\nb", [.delete], "a|b")
        check("a\n|b", [.backspace], "a|b")
        check("👩‍💻|x", [.backspace], "|x", )
        check("e\u{301}|", [.backspace], "|", )
        check("京都|", [.left(), .character("の")], "京の|都")
        check("🇫🇷|🇩🇪", [.right(), .backspace], "🇫🇷|")
    }

    func testMovementKeepsTheDisplayColumnAcrossWideLines() {
        check("abcd|\n京都\nabcdef", [.down()], "abcd\n京都|\nabcdef")
        check("abcd|\n京都\nabcdef", [.down(), .down()], "abcd\n京都\nabcd|ef")
        check("one two| three", [.character("b", alt: true)], "one |two three")
        check("one |two three", [.character("f", alt: true)], "one two| three")
        check("ab|c", [.home], "|abc")
        check("|abc", [.end], "abc|")
    }

    func testUpAndDownGoThroughWrappedRowsAsTheyAreShown() {
        // At width 12 the first line shows as "One two " / "three four " / "five", then "six".
        func check(_ before: String, _ keys: [KeyEvent], _ after: String, wrap: Int? = 12, line: UInt = #line) {
            var state = editor(before)
            for key in keys { _ = state.handle(key, now: 0, wrapWidth: wrap) }
            XCTAssertEqual(marked(state), after, line: line)
        }
        let text = "One two three four five\nsix"
        check("On|e two three four five\nsix", [.down()], "One two th|ree four five\nsix", line: #line)
        check("On|e two three four five\nsix", [.down(), .down()], "One two three four fi|ve\nsix")
        check("On|e two three four five\nsix", [.down(), .down(), .down()], "One two three four five\nsi|x")
        check("One two three four five\nsi|x", [.up()], "One two three four fi|ve\nsix")
        check("One two three four five\nsi|x", [.up(), .up(), .up()], "On|e two three four five\nsix")
        check("One two|", [.down(), .up()], "One| two", wrap: 4)
        check("One two three four fiv|e\nsix", [.up()], "One two thr|ee four five\nsix", line: #line)
        check("One two three four five\n|six", [.pageUp], "|One two three four five\nsix")
        XCTAssertEqual(text.count, 27)
        // The column is kept across a shorter row; without wrapping, whole lines as before.
        check("One two three fou|r five\nsix", [.down(), .up()], "One two three fou|r five\nsix")
        check("On|e two three four five\nsix", [.down()], "One two three four five\nsi|x", wrap: nil)
        // Shift keeps the selection's anchor.
        var state = editor("On|e two three four five")
        _ = state.handle(.down(shift: true), now: 0, wrapWidth: 12)
        XCTAssertEqual(state.selection, TextPosition(line: 0, column: 2)..<TextPosition(line: 0, column: 10))
    }

    func testListContinuationAndEnding() {
        check("- item|", [.enter], "- item\n- |")
        check("  * nested|", [.enter], "  * nested\n  * |")
        check("9. nine|", [.enter], "9. nine\n10. |")
        check("> quote|", [.enter], "> quote\n> |")
        check("- [x] done|", [.enter], "- [x] done\n- [ ] |")
        check("- item\n- |", [.enter], "- item\n|")
        check("plain|", [.enter], "plain\n|")
        check("- item|", [.tab], "  - item|")
        check("  - item|", [.backTab], "- item|")
    }

    /// Issue 45.1: continuation is for prose; in code, front matter and HTML Enter is a line break.
    func testContinuationOnlyInProse() {
        let fence = "Build:\n\n```yaml\nsteps:\n    - hugo --minify|\n```\n"
        check(fence, [.enter], "Build:\n\n```yaml\nsteps:\n    - hugo --minify\n|\n```\n")
        check("~~~~\n```\n- a|\n~~~~\n", [.enter], "~~~~\n```\n- a\n|\n~~~~\n")
        check("```\nx\n```\n- after|", [.enter], "```\nx\n```\n- after\n- |", )
        check("---\ntags:\n  - a|\n---\n", [.enter], "---\ntags:\n  - a\n|\n---\n")
        check("---\ntitle: x\n---\n- a|", [.enter], "---\ntitle: x\n---\n- a\n- |")
        check("Text\n\n    - not a list|", [.enter], "Text\n\n    - not a list\n|")
        check("- one\n\n    - nested|", [.enter], "- one\n\n    - nested\n    - |")
        check("<div>\n- raw|\n</div>", [.enter], "<div>\n- raw\n|\n</div>")
        check(
            "{{< highlight yaml >}}\n- run: swift test|\n{{< /highlight >}}", [.enter],
            "{{< highlight yaml >}}\n- run: swift test\n|\n{{< /highlight >}}")
        check(
            "{% highlight yaml %}\n- a|\n{% endhighlight %}", [.enter],
            "{% highlight yaml %}\n- a\n|\n{% endhighlight %}")
        check("{{< note >}}\n- a|\n{{< /note >}}", [.enter], "{{< note >}}\n- a\n- |\n{{< /note >}}")
        check(
            "{{< highlight go >}}x{{< /highlight >}}\n- a|", [.enter],
            "{{< highlight go >}}x{{< /highlight >}}\n- a\n- |")
    }

    /// Typing the marker Enter just continued replaces it: `> [!NOTE]`, Enter, `> ` stays one quote.
    func testRetypedMarkerIsNotDoubled() {
        check("> [!NOTE]|", [.enter, .character(">"), .character(" "), .character("x")], "> [!NOTE]\n> x|")
        check("  - a|", [.enter, .character("-"), .character(" ")], "  - a\n  - |")
        check("- a|", [.enter, .character("b")], "- a\n- b|")
        check("- a|", [.enter, .character("-"), .character("-")], "- a\n--|")
        check("- a|", [.enter, .character(" "), .character("-")], "- a\n-  -|")
    }

    func testShiftHomeAndEndSelect() {
        var state = editor("ab|cd")
        _ = state.handle(.shiftEnd, now: 0)
        XCTAssertEqual(state.selection, TextPosition(line: 0, column: 2)..<TextPosition(line: 0, column: 4))
        _ = state.handle(.shiftHome, now: 0)
        XCTAssertEqual(state.selection, TextPosition(line: 0, column: 0)..<TextPosition(line: 0, column: 2))
        func decode(_ text: String) -> [KeyEvent] {
            var decoder = KeyDecoder()
            return decoder.feed(Array(text.utf8)) + decoder.flush()
        }
        XCTAssertEqual(decode("\u{1B}[1;2F"), [.shiftEnd])
        XCTAssertEqual(decode("\u{1B}[1;2H"), [.shiftHome])
        XCTAssertEqual(decode("\u{1B}[F"), [.end])
    }

    /// Undoing back to the saved text clears the unsaved mark; redoing sets it again.
    func testUndoBackToTheSavedTextIsNotDirty() {
        var state = editor("ab|")
        _ = state.handle(.character("c"), now: 0)
        state.markSaved()
        _ = state.handle(.character("d"), now: 5)
        XCTAssertTrue(state.isDirty)
        _ = state.handle(.control("z"), now: 6)
        XCTAssertEqual(state.text, "abc")
        XCTAssertFalse(state.isDirty)
        _ = state.handle(.control("z"), now: 7)
        XCTAssertTrue(state.isDirty)
        _ = state.handle(.control("y"), now: 8)
        XCTAssertFalse(state.isDirty)
        _ = state.handle(.control("y"), now: 9)
        XCTAssertTrue(state.isDirty)
        state.markDirty()
        _ = state.handle(.control("z"), now: 10)
        XCTAssertTrue(state.isDirty, "recovered text stays unsaved")
    }

    func testUndoGroupsTypingUntilAPauseANewlineOrAJump() {
        var state = editor("|")
        for (time, character) in [(0.0, "a"), (0.2, "b"), (0.4, "c"), (2.0, "d")] {
            _ = state.handle(.character(Character(character)), now: time)
        }
        _ = state.handle(.control("z"), now: 3)
        XCTAssertEqual(marked(state), "abc|", "the pause closed the first group")
        _ = state.handle(.control("z"), now: 3)
        XCTAssertEqual(marked(state), "|")
        _ = state.handle(.control("y"), now: 3)
        XCTAssertEqual(marked(state), "abc|")
        _ = state.handle(.control("y"), now: 3)
        XCTAssertEqual(marked(state), "abcd|")

        var lines = editor("|")
        for key: KeyEvent in [.character("x"), .enter, .character("y")] { _ = lines.handle(key, now: 0) }
        _ = lines.handle(.control("z"), now: 0)
        XCTAssertEqual(marked(lines), "x\n|")
        _ = lines.handle(.control("z"), now: 0)
        XCTAssertEqual(marked(lines), "x|")
    }

    func testPasteIsOneStepAndSelectionsCutCopyPaste() {
        var state = editor("start |end")
        _ = state.handle(.paste("line one\r\nline 二 "), now: 0)
        XCTAssertEqual(marked(state), "start line one\nline 二 |end")
        _ = state.handle(.control("z"), now: 0)
        XCTAssertEqual(marked(state), "start |end", "a paste undoes in one step")

        var select = editor("|hello world")
        for _ in 0..<5 { _ = select.handle(.right(shift: true), now: 0) }
        XCTAssertEqual(select.handle(.control("x"), now: 0), [.copyToClipboard("hello")])
        XCTAssertEqual(marked(select), "| world")
        _ = select.handle(.end, now: 0)
        _ = select.handle(.control("v"), now: 0)
        XCTAssertEqual(marked(select), " worldhello|")
        XCTAssertTrue(select.isDirty)
        select.markSaved()
        XCTAssertFalse(select.isDirty)
    }

    func testAMegabyteDocumentStaysEditable() {
        let line = String(repeating: "word ", count: 16) + "\n"
        var state = EditorState(text: String(repeating: line, count: 13_000))
        XCTAssertGreaterThan(state.text.utf8.count, 1_000_000)
        for _ in 0..<6_000 { _ = state.handle(.down(), now: 0) }
        _ = state.handle(.character("!"), now: 0)
        XCTAssertEqual(state.cursor, TextPosition(line: 6_000, column: 1))
        _ = state.handle(.control("z"), now: 0)
        XCTAssertEqual(state.buffer.line(6_000).first, "w")
    }
}

final class EditorSearchTests: XCTestCase {
    func testFindWrapsAndReplaceAllIsOneUndoStep() {
        var state = EditorState(text: "Tea and tea.\nMore TEA here.\nNone")
        XCTAssertTrue(state.find("tea"))
        XCTAssertEqual(state.selection, TextPosition(line: 0, column: 0)..<TextPosition(line: 0, column: 3))
        XCTAssertTrue(state.find("tea"))
        XCTAssertEqual(state.selection?.lowerBound, TextPosition(line: 0, column: 8))
        XCTAssertTrue(state.find("tea"))
        XCTAssertEqual(state.selection?.lowerBound, TextPosition(line: 1, column: 5))
        XCTAssertTrue(state.find("tea"), "wraps around")
        XCTAssertEqual(state.selection?.lowerBound, TextPosition(line: 0, column: 0))
        XCTAssertTrue(state.find("tea", forward: false))
        XCTAssertEqual(state.selection?.lowerBound, TextPosition(line: 1, column: 5))
        XCTAssertFalse(state.find("coffee"))
        XCTAssertTrue(state.find("TEA"), "capitals match exactly")
        XCTAssertEqual(state.selection?.lowerBound, TextPosition(line: 1, column: 5))
        XCTAssertFalse(state.find("TEa"))

        state.goToLine(3)
        XCTAssertEqual(state.cursor, TextPosition(line: 2, column: 0))
        state.goToLine(99)
        XCTAssertEqual(state.cursor.line, 2)
    }
}

/// `replaceText` changes only the lines that differ, as one undo step.
final class ReplaceTextTests: XCTestCase {
    func testReplacementsOfEveryShapeRoundTripThroughUndo() {
        let cases: [(String, String)] = [
            ("a\nb\nc\n", "a\nB\nc\n"),
            ("a\nb\nc\n", "a\nb\nx\nc\n"),
            ("a\nb\nc\n", "a\nc\n"),
            ("a\nb\nc", "a\nb\nC"),
            ("a\nb\nc", "a\nb"),
            ("a\nb", "a\nb\nc\nd"),
            ("---\ntitle: x\n---\nbody\n", "---\ntitle: y\ndraft: false\n---\nbody\n"),
            ("one", "two"),
            ("", "new"),
            ("x\n", ""),
            ("a\r\nb\r\n", "a\nb\r\n"),
            ("\u{FEFF}a\nb", "\u{FEFF}a\nB"),
            ("é\ne\u{301}\n", "e\u{301}\né\n"),
            (
                "---\r\ntitle: a\r\n---\r\n" + String(repeating: "lorem ", count: 5_000) + "\r\n",
                "---\r\ntitle: b\r\n---\r\n" + String(repeating: "lorem ", count: 5_000) + "\r\n"
            ),
        ]
        for (old, new) in cases {
            var state = EditorState(text: old)
            state.replaceText(with: new, now: 0)
            XCTAssertEqual(state.text, new, "\(old.debugDescription) → \(new.debugDescription)")
            _ = state.handle(.control("z"), now: 10)
            XCTAssertEqual(state.text, old, "undo of \(old.debugDescription) → \(new.debugDescription)")
        }
    }
}
