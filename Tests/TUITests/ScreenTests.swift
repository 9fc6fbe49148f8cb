import TUI
import TestSupport
import XCTest

final class ScreenTests: XCTestCase {
    func testWideCharactersTakeTwoCellsAndAreNeverSplit() {
        var screen = Screen(width: 10, height: 3)
        XCTAssertEqual(screen.put("中文😀ab", x: 0, y: 0), 8)
        XCTAssertTrue(screen[1, 0].isContinuation)
        XCTAssertEqual(screen.lines()[0], "中文😀ab  ")
        // A wide character that would straddle the clip edge becomes a space.
        screen.put("abcd中", x: 0, y: 1, clip: Rect(x: 0, y: 0, width: 5, height: 3))
        XCTAssertEqual(screen.lines()[1], "abcd      ")
        // Combining marks and ZWJ sequences join their cell.
        screen.put("e\u{301}👩‍💻x", x: 0, y: 2)
        XCTAssertEqual(screen[0, 2].text, "e\u{301}")
        XCTAssertEqual(screen[1, 2].text, "👩‍💻")
        XCTAssertEqual(screen[3, 2].text, "x")
    }

    func testOverwritingHalfAWideCharacterKeepsTheGridConsistent() {
        var screen = Screen(width: 6, height: 1)
        screen.put("中文", x: 0, y: 0)
        screen.put("x", x: 1, y: 0)
        XCTAssertEqual(screen.lines()[0], " x文  ")
        XCTAssertEqual(screen.lines()[0].count, 5)
    }

    func testChangesAreOnlyTheCellsThatDiffer() {
        var before = Screen(width: 8, height: 2)
        before.put("hello", x: 0, y: 0)
        var after = before
        after.put("J", x: 0, y: 0)
        after.put("中", x: 4, y: 1)
        let changes = after.changes(since: before)
        XCTAssertEqual(changes.map(\.x), [0, 4])
        XCTAssertEqual(changes.map(\.y), [0, 1])
        XCTAssertEqual(changes[1].cells.map(\.text), ["中", ""])
        XCTAssertEqual(after.changes(since: after), [])
        XCTAssertEqual(after.changes(since: nil).count, 2, "a first frame redraws every row")
    }

    func testLayoutSplits() {
        let area = Rect(x: 0, y: 0, width: 80, height: 24)
        let rows = area.rows([.fixed(1), .fill(1), .fixed(1)])
        XCTAssertEqual(rows.map(\.height), [1, 22, 1])
        XCTAssertEqual(rows.map(\.y), [0, 1, 23])
        let columns = area.columns([.fill(1), .fixed(1), .fill(1)])
        XCTAssertEqual(columns.map(\.width), [39, 1, 40])
        XCTAssertEqual(Rect(x: 0, y: 0, width: 3, height: 3).rows([.fixed(5), .fill(1)]).map(\.height), [3, 0])
    }

    func testSnapshotOfAScreen() {
        var screen = Screen(width: 20, height: 4)
        screen.fill(Rect(x: 0, y: 0, width: 20, height: 1), with: "─")
        screen.put(" nakedblog ", x: 2, y: 0, style: Style(.title, bold: true))
        screen.put("京都でお茶を", x: 1, y: 2)
        assertSnapshot(screen.lines(), named: "title-and-cjk")
    }
}

/// Filling over half of a wide character leaves no orphan half behind.
final class FillWideCharacterTests: XCTestCase {
    func testFillCuttingAWideCharacterBlanksItsOtherHalf() {
        var screen = Screen(width: 8, height: 1)
        screen.put("a京都b", x: 0, y: 0)
        screen.fill(Rect(x: 2, y: 0, width: 3, height: 1), with: "#")
        XCTAssertEqual(screen.lines(), ["a ###b  "], "京 lost its right half: it became a space")
        screen.fill(Rect(x: 0, y: 0, width: 8, height: 1))
        screen.put("京都", x: 0, y: 0)
        screen.fill(Rect(x: 0, y: 0, width: 3, height: 1), with: "-")
        XCTAssertEqual(screen.lines(), ["---     "], "都 lost its left half: it became a space")
    }
}
