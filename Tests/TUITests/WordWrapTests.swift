import TextWidth
import XCTest

@testable import TUI

/// Dialog text is wrapped where it is drawn, by display width (a wide character takes two).
final class WordWrapTests: XCTestCase {
    func testWrapsBetweenWordsByDisplayWidth() {
        XCTAssertEqual(WordWrap.lines("one two three four", width: 9), ["one two", "three", "four"])
        XCTAssertEqual(WordWrap.lines("日本語 の 文章です", width: 8), ["日本語", "の", "文章です"])
        XCTAssertEqual(WordWrap.lines("first\n\nsecond", width: 20), ["first", "", "second"])
        for line in WordWrap.lines("京都でお茶を飲みました and then some more words", width: 10) {
            XCTAssertLessThanOrEqual(DisplayWidth.of(line), 10, line)
        }
    }

    func testAWordLongerThanALineIsCut() {
        XCTAssertEqual(WordWrap.lines("a verylongword b", width: 5), ["a", "veryl", "ongwo", "rd b"])
    }

    func testADialogWrapsALongMessageToTheScreen() {
        var screen = Screen(width: 40, height: 12)
        Dialog(
            title: "Cannot add this image", message: [String(repeating: "word ", count: 30)], choices: [("Enter", "OK")]
        )
        .render(into: &screen, area: Rect(x: 0, y: 0, width: 40, height: 12))
        let lines = screen.lines()
        XCTAssertGreaterThan(lines.filter { $0.contains("word word") }.count, 2, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    }
}
