import Blog
import Foundation
import TUI
import TestSupport
import Workflows
import XCTest

@testable import NakedblogApp

/// A post's history in the app (issue 48): versions, a word-level comparison, a paragraph
/// brought back as one undo step, and unpublishing through the publish sheet.
final class HistoryAppTests: XCTestCase {
    private let post = "_posts/2020-01-01-hello.md"

    /// The editor on the Jekyll post whose life `PostHistoryTests.jekyllLife` made.
    private func editing(_ root: String) throws -> AppState {
        var state = AppState(columns: 100, rows: 30, page: .browse)
        state.today = AppFixture.today
        let site = try Site.open(containing: root)
        _ = App.update(&state, .siteLoaded(site, .prepared(PostIndex.build(site)), readAt: AppFixture.today), now: 0)
        let text = try String(contentsOfFile: root + "/" + post, encoding: .utf8)
        _ = AppFixture.update(&state, .postOpened(path: post, text: text, stamp: nil))
        return state
    }

    private func history(_ state: AppState) -> HistoryView? {
        if case .history(let view)? = state.overlay { return view }
        return nil
    }

    func testCompareAVersionAndBringAParagraphBack() throws {
        let work = try TemporaryDirectory(prefix: "nb-history-app")
        defer { work.remove() }
        let root = try JekyllLife.make(work)
        var state = try editing(root)
        let opened: [AppEffect] = AppFixture.send(&state, .character("h", alt: true))
        XCTAssertEqual(opened, [AppEffect.perform(.loadHistory(post))])
        _ = try AppFixture.perform(.loadHistory(post), root: root, on: &state)
        XCTAssertEqual(history(state)?.versions.count, 4)
        var screen = AppFixture.lines(state).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Publish: Hello") && screen.contains("[live, first published, moved]"), screen)
        // Issue 60.9: at 100 columns the keys wrap instead of being cut ("U undo la").
        XCTAssertTrue(screen.contains("U undo last publish · Esc"), screen)

        // The version before the last commit, against the text in the editor.
        _ = AppFixture.send(&state, .down())
        guard case .perform(let compare)? = AppFixture.send(&state, .enter).first else { return XCTFail() }
        _ = try AppFixture.perform(compare, root: root, on: &state)
        let diff = try XCTUnwrap(history(state)?.compare?.diff)
        XCTAssertEqual(
            diff.fields.map { "\($0.key): \($0.old ?? "") → \($0.new ?? "")" }, ["title: Hello → Hello again"])
        XCTAssertEqual(diff.hunks.count, 1)
        screen = AppFixture.lines(state).joined(separator: "\n")
        XCTAssertTrue(screen.contains("title: Hello → Hello again"), screen)
        XCTAssertTrue(screen.contains("the quickslow walk"), "the changed word, both sides, in place:\n" + screen)

        // Bring the paragraph back: only its line changes; one undo step.
        let before = try XCTUnwrap(state.editor?.editor.text)
        _ = AppFixture.send(&state, .character("h"))
        let after = try XCTUnwrap(state.editor?.editor.text)
        XCTAssertTrue(after.contains("the quick walk") && after.contains("title: Hello again"), after)
        XCTAssertEqual(
            zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }.count, 1,
            "one line changed")
        XCTAssertEqual(history(state)?.compare?.diff.hunks.count, 0)
        _ = AppFixture.send(&state, .escape, .escape, .control("z"))
        XCTAssertEqual(state.editor?.editor.text, before)
        XCTAssertTrue(try String(contentsOfFile: root + "/" + post, encoding: .utf8) == before, "nothing saved")
    }

    /// `u` in the history: the post becomes a draft and its publish sheet says which address
    /// stops existing, the draft choice off.
    func testUnpublishOpensTheSheetAsADraft() throws {
        let work = try TemporaryDirectory(prefix: "nb-history-unpublish")
        let home = try TestHome()
        defer { work.remove(); home.remove() }
        let root = try JekyllLife.make(work)
        var state = try editing(root)
        _ = AppFixture.send(&state, .character("h", alt: true))
        _ = try AppFixture.perform(.loadHistory(post), root: root, on: &state)
        _ = AppFixture.send(&state, .character("u"))
        XCTAssertEqual(AppFixture.send(&state, .character("y")), [.perform(.unpublish(post))])
        let effects = try AppFixture.perform(.unpublish(post), root: root, on: &state)
        let draft = "_drafts/2020-01-01-hello.md"
        XCTAssertTrue(effects.contains(.preparePublish(post: draft)), "\(effects)")
        XCTAssertEqual(state.editor?.path, draft, "the editor follows the file")
        let (runner, messages) = AppFixture.runner(home)
        runner.run(.preparePublish(post: draft), siteRoot: root)
        var sheet: PublishSheet?
        XCTAssertTrue(
            messages.wait {
                if case .publish(.sheetReady(let ready)) = $0 { sheet = ready; return true }; return false
            })
        _ = App.update(&state, .publish(.sheetReady(try XCTUnwrap(sheet))), now: 0)
        XCTAssertEqual(state.publish?.message.text, "Unpublish: Hello again")
        XCTAssertEqual(state.publish?.setDraftFalse, false)
        XCTAssertEqual(state.publish?.stopsAddress, "/2020/01/01/hello.html")
        XCTAssertTrue(AppFixture.lines(state).joined().contains("/2020/01/01/hello.html stops existing"))
    }
}
