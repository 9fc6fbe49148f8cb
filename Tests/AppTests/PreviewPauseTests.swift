import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// A long document's preview waits for a pause in typing; a short one's follows every key.
final class PreviewPauseTests: XCTestCase {
    private func editing(characters: Int) throws -> AppState {
        var state = try AppFixture.browsing(columns: 120, rows: 40)
        let body = String(repeating: "Words of a long post, typed over SSH.\n", count: characters / 38 + 1)
        _ = App.update(
            &state,
            .postOpened(path: "content/posts/long/index.md", text: "---\ntitle: Long\n---\n" + body, stamp: nil), now: 0
        )
        // The first render (asked for on opening) done.
        while state.editor?.previewInFlight == true {
            let job = PreviewJob(
                path: "content/posts/long/index.md", file: "/tmp/long.md", buffer: state.editor!.editor.buffer,
                revision: state.editor!.editor.revision, width: 59, site: nil)
            _ = App.update(&state, job.render(), now: 0)
        }
        return state
    }

    private func asksForPreview(_ effects: [AppEffect]) -> Bool {
        effects.contains {
            if case .renderPreview = $0 { return true }; return false
        }
    }

    func testALongDocumentRendersWhenTypingPauses() throws {
        var state = try editing(characters: 300_000)
        XCTAssertTrue(state.editor!.waitsForTypingPause)
        XCTAssertFalse(asksForPreview(App.update(&state, .key(.character("a")), now: 10.0)))
        XCTAssertFalse(asksForPreview(App.update(&state, .key(.character("b")), now: 10.05)))
        XCTAssertFalse(asksForPreview(App.update(&state, .tick(10.1), now: 10.1)), "still typing")
        XCTAssertTrue(asksForPreview(App.update(&state, .tick(10.25), now: 10.25)), "rendered once typing paused")
    }

    func testAShortDocumentRendersAfterEveryKey() throws {
        var state = try editing(characters: 5_000)
        XCTAssertFalse(state.editor!.waitsForTypingPause)
        XCTAssertTrue(asksForPreview(App.update(&state, .key(.character("a")), now: 10.0)))
    }
}
