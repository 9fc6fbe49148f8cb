import Blog
import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// A document over a million characters: its preview is of the lines around the view only, and
/// it follows the view.
final class LargePreviewWindowTests: XCTestCase {
    private func jobs(_ effects: [AppEffect]) -> [PreviewJob] {
        effects.compactMap {
            if case .renderPreview(let job) = $0 { return job }; return nil
        }
    }

    func testTheWindowFollowsTheView() throws {
        var state = try AppFixture.browsing(columns: 120, rows: 30)
        let paragraph = "A line of prose that goes on for a while, about tea and fog.\n\n"
        let text = "---\ntitle: Big\n---\n" + String(repeating: paragraph, count: 20_000)
        let opened = App.update(&state, .postOpened(path: "content/posts/big.md", text: text, stamp: nil), now: 0)
        let first = try XCTUnwrap(jobs(opened).first)
        let window = try XCTUnwrap(first.window)
        XCTAssertEqual(window.lowerBound, 0)
        XCTAssertLessThan(window.count, 200, "the lines around the view, not the post")
        // Rendered: the preview holds those lines only.
        _ = App.update(&state, first.render(), now: 0)
        XCTAssertFalse(state.editor?.preview.isEmpty ?? true)
        XCTAssertLessThan(state.editor?.preview.count ?? .max, 400)
        // Far down the document: a new window around the cursor, starting at a blank line.
        state.editor?.editor.goTo(TextPosition(line: 30_000, column: 0))
        let moved = try XCTUnwrap(jobs(App.update(&state, .key(.down()), now: 10)).first)
        let next = try XCTUnwrap(moved.window)
        XCTAssertTrue(next.contains(30_001), "\(next)")
        XCTAssertEqual(state.editor?.editor.buffer.lineLength(next.lowerBound), 0)
        _ = App.update(&state, moved.render(), now: 10)
        let lines = state.editor?.preview ?? []
        XCTAssertTrue(
            lines.contains { $0.sourceLine >= 30_000 && $0.text.contains("A line of prose") },
            "\(lines.first?.sourceLine ?? -1)…\(lines.last?.sourceLine ?? -1) \(lines.count) \(lines.first?.text ?? "")"
        )
        // Moving within the window asks for nothing more.
        XCTAssertTrue(jobs(App.update(&state, .key(.down()), now: 11)).isEmpty)
    }
}

/// The editor's view keeps highlighting state from frame to frame; a post read again (changed on
/// disk) is drawn as it now is, not as the view remembers the old text.
final class ReloadDrawTests: XCTestCase {
    func testAReloadedPostIsDrawnAfresh() throws {
        var state = try AppFixture.browsing()
        let path = "content/posts/summit-in-the-fog/index.md"
        _ = App.update(&state, .postOpened(path: path, text: "```\ncode here\n```\n", stamp: nil), now: 0)
        // Drawn as the loop draws: into the state itself, whose view keeps what it worked out.
        XCTAssertEqual(Render.frame(&state).screen[0, 2].style.role, .code)
        _ = App.update(&state, .postReloaded(path: path, text: "Plain prose\ncode here\n", stamp: nil), now: 1)
        let screen = Render.frame(&state).screen
        XCTAssertTrue(screen.lines()[2].hasPrefix("code here"))
        XCTAssertEqual(screen[0, 2].style.role, .normal, "line 2 is prose now, not inside a fence")
    }
}
