import Foundation
import Preview
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// A render still running two seconds after it was asked for is abandoned: the pane says so,
/// typing goes on (renders run off the loop), nothing is rendered again until the next
/// keystroke, and a late result is shown only if it is of the text as it is.
final class SlowPreviewTests: XCTestCase {
    private func asksForPreview(_ effects: [AppEffect]) -> Bool {
        effects.contains {
            if case .renderPreview = $0 { return true }; return false
        }
    }

    /// The editor on a demo post with its first render asked for and still running.
    private func editing() throws -> AppState {
        var state = try AppFixture.browsing(columns: 120, rows: 40)
        let path = "content/posts/cold-brew-ratios/index.md"
        _ = App.update(
            &state,
            .postOpened(
                path: path, text: try String(contentsOfFile: PackageRoot.path + "/demo/" + path, encoding: .utf8),
                stamp: nil), now: 0)
        return state
    }

    private func rendered(_ state: AppState, revision: Int) -> AppMessage {
        .previewRendered(
            path: state.editor!.path, revision: revision, width: 59,
            lines: [PreviewLine([PreviewSpan("Rendered at last", PreviewStyle(.text))], sourceLine: 1)], words: 3,
            window: nil)
    }

    func testASlowRenderIsAbandonedWithANoteAndTheNextKeystrokeTriesAgain() throws {
        var state = try editing()
        XCTAssertTrue(state.editor!.previewInFlight, "the first render was asked for on opening")
        _ = App.update(&state, .tick(1.9), now: 1.9)
        XCTAssertNil(state.editor!.previewAbandonedAt, "not yet")
        _ = App.update(&state, .tick(2.1), now: 2.1)
        XCTAssertEqual(state.editor!.previewAbandonedAt, 2.1)
        let screen = Render.frame(&state).screen.lines().joined(separator: "\n")
        XCTAssertTrue(screen.contains("The preview was abandoned"), screen)

        // Typing goes on while the render runs; nothing more is asked for meanwhile.
        XCTAssertFalse(asksForPreview(App.update(&state, .key(.character("x")), now: 2.5)))
        let typed = state.editor!.editor.revision
        // The late result is of an older text: dropped, and (a keystroke came after the note) asked again.
        XCTAssertTrue(asksForPreview(App.update(&state, rendered(state, revision: typed - 1), now: 3.0)))
        XCTAssertNotNil(state.editor!.previewAbandonedAt, "the note stays until a current preview arrives")
        _ = App.update(&state, rendered(state, revision: typed), now: 3.2)
        XCTAssertNil(state.editor!.previewAbandonedAt)
        XCTAssertTrue(Render.frame(&state).screen.lines().joined(separator: "\n").contains("Rendered at last"))
    }

    func testAnAbandonedRenderIsNotAskedForAgainWithoutAKeystroke() throws {
        var state = try editing()
        _ = App.update(&state, .tick(5), now: 5)
        XCTAssertNotNil(state.editor!.previewAbandonedAt)
        let stale = state.editor!.editor.revision - 1
        XCTAssertFalse(
            asksForPreview(App.update(&state, rendered(state, revision: stale), now: 9)),
            "no render behind the writer's back")
        XCTAssertFalse(asksForPreview(App.update(&state, .tick(10), now: 10)))
        XCTAssertTrue(
            asksForPreview(App.update(&state, .key(.character("y")), now: 11)), "the next keystroke tries again")
    }
}
