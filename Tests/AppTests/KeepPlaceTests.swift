import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// A post read again keeps the cursor on its text when lines came or went above it.
final class KeepPlaceTests: XCTestCase {
    func testTheCursorFollowsItsLine() {
        let old = TextBuffer("---\ntitle: x\n---\nbody one\nbody two\n")
        let dated = TextBuffer("---\ntitle: x\ndate: 2026-11-24\n---\nbody one\nbody two\n")
        XCTAssertEqual(EditorScreen.linesMoved(at: 4, from: old, to: dated), 1, "below the new line: one down")
        XCTAssertEqual(EditorScreen.linesMoved(at: 1, from: old, to: dated), 0, "above it: stays")
        XCTAssertEqual(EditorScreen.linesMoved(at: 2, from: dated, to: old), 0, "on the removed line: stays")
        XCTAssertEqual(EditorScreen.linesMoved(at: 3, from: dated, to: old), -1, "the closing line moved up")
        XCTAssertEqual(EditorScreen.linesMoved(at: 4, from: dated, to: old), -1)
        XCTAssertEqual(
            EditorScreen.linesMoved(at: 3, from: old, to: TextBuffer("---\ntitle: x\n---\nbody 1\nbody two\n")), 0)
    }
}
