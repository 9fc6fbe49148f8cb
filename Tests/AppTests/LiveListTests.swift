import Blog
import Foundation
import TestSupport
import XCTest

@testable import NakedblogApp

/// Issue 45.6: a post made in another terminal appears in the list, and one deleted goes,
/// without a restart; the open post follows the disk only when it has no unsaved edits.
final class LiveListTests: XCTestCase {
    func testAPostMadeElsewhereIsListedWithinASecond() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = home.path + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try PackageRoot.copyDemo(to: site)
        let (runner, messages) = AppFixture.runner(home, followsDisk: true)
        defer { runner.shutDown(waiting: 0) }
        var state = AppState(columns: 80, rows: 24, page: .browse)
        runner.run(.loadSite(site), siteRoot: site)
        var loaded: AppMessage?
        XCTAssertTrue(
            messages.wait {
                if case .siteLoaded = $0 { loaded = $0; return true }; return false
            })
        _ = App.update(&state, loaded!, now: 0)
        XCTAssertTrue(runner.waitUntilWatching())
        let before = state.browse.posts.count

        let seen = messages.count
        try FileManager.default.createDirectory(
            atPath: site + "/content/posts/from-another-terminal", withIntermediateDirectories: true)
        try "---\ntitle: From another terminal\ndate: 2026-11-25\n---\nHi\n".write(
            toFile: site + "/content/posts/from-another-terminal/index.md",
            atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: site + "/content/posts/tea-in-kyoto")
        var changed: AppMessage?
        XCTAssertTrue(
            messages.wait(after: seen, timeout: 3) {
                if case .postsChangedOnDisk(let paths) = $0, paths.contains("content/posts/tea-in-kyoto") {
                    changed = $0; return true
                }
                return false
            })
        let effects = App.update(&state, changed!, now: 0)
        guard case .refreshPosts(_, let paths, _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertTrue(paths.contains("content/posts/from-another-terminal/index.md"), "\(paths)")
        XCTAssertTrue(
            paths.contains { $0.hasPrefix("content/posts/tea-in-kyoto/index") }, "the deleted bundle's pages: \(paths)")
        let refreshedAt = messages.count
        runner.run(effects[0], siteRoot: site)
        var refreshed: AppMessage?
        XCTAssertTrue(
            messages.wait(after: refreshedAt) {
                if case .postsRefreshed = $0 { refreshed = $0; return true }; return false
            })
        _ = App.update(&state, refreshed!, now: 0)
        let titles = state.browse.posts.map(\.title)
        XCTAssertTrue(titles.contains("From another terminal"), "\(titles)")
        XCTAssertFalse(state.browse.posts.contains { $0.path.hasPrefix("content/posts/tea-in-kyoto/") })
        XCTAssertLessThan(state.browse.posts.count, before + 1)
    }

    func testTheOpenPostFollowsTheDiskOnlyWithoutUnsavedEdits() throws {
        var state = try AppFixture.editing("content/posts/cold-brew-ratios/index.md")
        let path = "content/posts/cold-brew-ratios/index.md"
        XCTAssertTrue(App.update(&state, .postsChangedOnDisk([path]), now: 0).contains(.reloadPost(path)))
        AppFixture.type(&state, "x")
        XCTAssertFalse(App.update(&state, .postsChangedOnDisk([path]), now: 0).contains(.reloadPost(path)))
    }

    /// A publish's rebase writes files: the editor is not read again meanwhile, nor is a
    /// conflict being resolved by hand.
    func testNoReloadDuringAPublishOrIntoAConflict() throws {
        var state = try AppFixture.editing("content/posts/cold-brew-ratios/index.md")
        let path = "content/posts/cold-brew-ratios/index.md"
        state.editor?.resolvingConflict = path
        XCTAssertFalse(App.update(&state, .postsChangedOnDisk([path]), now: 0).contains(.reloadPost(path)))
        let markers = try XCTUnwrap(state.editor?.editor.text)
        _ = App.update(&state, .postReloaded(path: path, text: "other", stamp: nil), now: 0)
        XCTAssertEqual(state.editor?.editor.text, markers)
    }

    /// The editor's own save comes back from the disk as the same text: the undo history stays.
    func testTheSameTextReadBackKeepsTheUndoHistory() throws {
        var state = try AppFixture.editing("content/posts/cold-brew-ratios/index.md")
        AppFixture.type(&state, "x")
        let text = try XCTUnwrap(state.editor?.editor.text)
        state.editor?.editor.markSaved()
        _ = App.update(
            &state, .postReloaded(path: "content/posts/cold-brew-ratios/index.md", text: text, stamp: nil), now: 0)
        XCTAssertTrue(state.editor?.editor.history.canUndo ?? false)
    }
}
