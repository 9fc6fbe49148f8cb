import Blog
import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// `m` in the list: a note written and its publish sheet opened, in one step.
final class NoteAppTests: XCTestCase {
    func testMWritesANoteAndOpensItsSheet() throws {
        let work = try TemporaryDirectory(prefix: "nb-note-app")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("m"))
        XCTAssertTrue(AppFixture.lines(state).joined().contains("A short note"))
        AppFixture.type(&state, "Fog over the river.")
        XCTAssertEqual(AppFixture.send(&state, .enter), [.perform(.createNote("Fog over the river."))])
        let effects = try AppFixture.perform(
            .createNote("Fog over the river."), root: work.appending("site"), on: &state)
        guard case .preparePublish(let post?, _)? = effects.last else { return XCTFail("\(effects)") }
        XCTAssertTrue(post.hasPrefix("content/micro/"), post)
        XCTAssertEqual(state.pendingPublish?.message, "Note: Fog over the river.")
        XCTAssertEqual(state.pendingPublish?.keepDraft, false)
    }
}
