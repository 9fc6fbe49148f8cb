import Blog
import Foundation
import GitOps
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// The browser and dialogs as hands expect: one Enter in the filter opens the match, Esc clears
/// an applied filter, Shift-Tab goes back through sections, the content root is a named section,
/// and a dialog never eats the next typed letter.
final class DailyDriverTests: XCTestCase {
    func testOneEnterInTheFilterOpensTheHighlightedMatch() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "cold")
        XCTAssertEqual(AppFixture.send(&state, .enter), [.openPost("content/posts/cold-brew-ratios/index.md")])
        XCTAssertEqual(state.browse.filter, "cold", "the filter stays applied behind the editor")
    }

    func testEnterWithNoMatchSaysWhy() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "zzz-nothing")
        XCTAssertEqual(AppFixture.send(&state, .enter), [])
        XCTAssertEqual(state.toast?.text, "No post is listed: nothing matches “zzz-nothing”")
    }

    func testEscClearsAnAppliedFilterAndSaysSo() throws {
        var state = try AppFixture.browsing()
        let all = state.browse.visible.count
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "cold")
        _ = AppFixture.send(&state, .down())  // leaves the filter field, the filter applied
        XCTAssertFalse(state.browse.filtering)
        XCTAssertLessThan(state.browse.visible.count, all)
        XCTAssertEqual(AppFixture.send(&state, .escape), [])
        XCTAssertEqual(state.browse.filter, "")
        XCTAssertEqual(state.browse.visible.count, all)
        XCTAssertEqual(state.toast?.text, "Filter cleared")
    }

    /// The demo with a page at the content root (`content/about.md`).
    private func browsingWithARootPage() throws -> (AppState, TemporaryDirectory) {
        let folder = try TemporaryDirectory(prefix: "nb-root-page")
        try PackageRoot.copyDemo(to: folder.appending("site"))
        try "---\ntitle: About\n---\nAbout me.\n".write(
            toFile: folder.appending("site/content/about.md"), atomically: true, encoding: .utf8)
        var state = AppState(columns: 80, rows: 24, page: .browse)
        state.today = AppFixture.today
        let site = try Site.open(containing: folder.appending("site"))
        _ = App.update(&state, .siteLoaded(site, .prepared(PostIndex.build(site)), readAt: AppFixture.today), now: 0)
        return (state, folder)
    }

    func testShiftTabGoesBackThroughTheSectionsAndTheRootIsNamed() throws {
        var (state, folder) = try browsingWithARootPage()
        defer { folder.remove() }
        let sections = state.browse.sections
        XCTAssertTrue(sections.contains(""), "the demo has a page at the content root: \(sections)")
        _ = AppFixture.send(&state, .backTab)
        XCTAssertEqual(state.browse.section, sections.last, "Shift-Tab from all goes to the last section")
        _ = AppFixture.send(&state, .tab)
        XCTAssertNil(state.browse.section, "and Tab comes back to all")
        _ = AppFixture.send(&state, .tab)
        XCTAssertEqual(state.browse.section, sections.first)
        let screen = Render.frame(&state).0.lines().joined(separator: "\n")
        XCTAssertTrue(screen.contains("Section: (root)"), screen)
        state.toast = nil
        let status = Render.frame(&state).0.lines().joined(separator: "\n")
        XCTAssertTrue(status.contains("section: (root)"), status)
    }

    func testNoPostMatchesNamesTheFilterAndTheSection() throws {
        var (state, folder) = try browsingWithARootPage()
        defer { folder.remove() }
        _ = AppFixture.send(&state, .tab)
        let section = try XCTUnwrap(state.browse.section)
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "zzz")
        let screen = Render.frame(&state).0.lines().joined(separator: "\n")
        XCTAssertTrue(
            screen.contains("No post matches “zzz” in the section “\(section.isEmpty ? "(root)" : section)”"), screen)
    }

    func testAMessageNeverEatsTheNextTypedLetter() throws {
        var state = try AppFixture.editing()
        let before = state.editor!.editor.text
        _ = App.update(
            &state, .failed(AppFailure(.addImage, "not an image inside the site.")), now: 0)
        XCTAssertNotNil(state.overlay)
        _ = AppFixture.send(&state, .character("x"))
        XCTAssertNil(state.overlay, "the letter closed the message")
        XCTAssertEqual(state.editor!.editor.text, "x" + before, "and was typed where the writer was")
        // Enter only closes it.
        _ = App.update(&state, .failed(AppFailure(.addImage, "again")), now: 0)
        _ = AppFixture.send(&state, .enter)
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.editor!.editor.text, "x" + before)
    }

    func testARefusedImageIsTitledForTheImage() throws {
        var state = try AppFixture.editing()
        _ = App.update(
            &state, .failed(AppFailure(.addImage, "not an image inside the site.")), now: 0)
        let screen = Render.frame(&state).0.lines().joined(separator: "\n")
        XCTAssertTrue(screen.contains("Cannot add this image"), screen)
        XCTAssertFalse(screen.contains("Cannot open the post"), screen)
    }

    func testEveryKeyShownInHelpIsBoundAndEveryBindingIsShown() {
        for row in Keymaps.helpRows(Keymaps.browse) + Keymaps.helpRows(Keymaps.editor) {
            XCTAssertFalse(row.keys.isEmpty, "\(row)")
        }
        XCTAssertNotNil(Keymaps.browse.action(for: .backTab))
    }

    private func sheetWithACheckRunning() throws -> AppState {
        var state = try AppFixture.editing()
        var sheet = PublishSheet(
            post: "content/posts/cold-brew-ratios/index.md", commitPath: "content/posts/cold-brew-ratios",
            title: "Cold brew",
            files: [], changedKeys: [], wasDraft: false, message: "Update: Cold brew")
        sheet.check = .running(generator: "hugo")
        state.showPublish(sheet)
        return state
    }

    /// Issue 60.3: a conflict on sync (`s`) opens the choice a publish offers, per file, instead
    /// of a message cut off in the status line.
    func testASyncConflictOpensTheResolution() throws {
        var state = try AppFixture.browsing()
        var conflict = GitError(kind: .conflict, operation: "rebase", message: "conflict in content/posts/a/index.md")
        conflict.paths = ["content/posts/a/index.md"]
        let effects = App.update(&state, .publish(.failed(conflict)), now: 0)
        XCTAssertTrue(effects.contains(.perform(.loadConflictSides())), "both sides are read for the sheet")
        guard case .conflict(let files, _)? = state.publish?.phase else {
            return XCTFail("\(String(describing: state.publish))")
        }
        XCTAssertEqual(files, ["content/posts/a/index.md"])
        let screen = AppFixture.lines(state).joined(separator: "\n")
        XCTAssertTrue(screen.contains("m keep mine · t take the remote's · e edit by hand"), screen)
    }

    /// Issue 60.9: a site already broken before the change is a warning on the sheet, never ✓.
    func testASiteAlreadyBrokenIsAWarningNotATick() throws {
        var state = try sheetWithACheckRunning()
        var build = SiteBuild(
            succeeded: false, messages: [SiteBuild.Message(text: "Error: the theme is missing", isError: true)],
            seconds: 1)
        build.messages[0].file = "layouts/_default/baseof.html"
        let check = PublishCheck(
            verdict: .alreadyBroken, build: build, headBuild: build, appearances: [], generator: "hugo")
        _ = App.update(
            &state, .publish(.checked(post: "content/posts/cold-brew-ratios/index.md", undraft: false, check)), now: 1)
        let screen = AppFixture.lines(state).joined(separator: "\n")
        XCTAssertTrue(screen.contains("⚠ The site was already broken"), screen)
        XCTAssertFalse(screen.contains("✓"), screen)
    }

    /// Enter pressed while the build check runs publishes as soon as it passes (same message).
    func testEnterDuringTheCheckPublishesWhenItPasses() throws {
        var state = try sheetWithACheckRunning()
        XCTAssertEqual(App.update(&state, .key(.enter), now: 0), [], "waits for the check")
        XCTAssertEqual(state.publish?.publishWhenChecked, true)
        let passed = PublishCheck(verdict: .passed, appearances: [], generator: "hugo")
        let effects = App.update(
            &state, .publish(.checked(post: "content/posts/cold-brew-ratios/index.md", undraft: false, passed)), now: 1)
        XCTAssertTrue(
            effects.contains {
                if case .publish = $0 { return true }; return false
            }, "\(effects)")
    }

    /// … and shows the failure (nothing published) when it refuses.
    func testEnterDuringTheCheckShowsAFailureInsteadOfPublishing() throws {
        var state = try sheetWithACheckRunning()
        _ = App.update(&state, .key(.enter), now: 0)
        let failed = PublishCheck(verdict: .failed, appearances: [], generator: "hugo")
        let effects = App.update(
            &state, .publish(.checked(post: "content/posts/cold-brew-ratios/index.md", undraft: false, failed)), now: 1)
        XCTAssertFalse(
            effects.contains {
                if case .publish = $0 { return true }; return false
            })
        XCTAssertEqual(state.publish?.check, .done(failed))
        XCTAssertEqual(state.publish?.phase, .confirm)
    }
}

/// A window far below the minimum size still takes every key without trouble (the drawing
/// waits for room, the keys do not).
final class TinyWindowTests: XCTestCase {
    func testKeysInATinyWindowAreAppliedAndNothingBreaks() throws {
        let keys: [KeyEvent] = [
            .down(), .up(), .pageDown, .pageUp, .enter, .character("x"), .backspace, .tab, .backTab,
            .character("/"), .character("a"), .escape, .control("k"), .escape, .control("t"), .control("f"),
            .character("b"), .enter, .escape, .escape, .home, .end, .resize,
        ]
        for (columns, rows) in [(1, 1), (10, 3), (20, 5), (59, 15)] {
            var state = try AppFixture.editing(columns: columns, rows: rows)
            let before = state.editor?.editor.text
            _ = AppFixture.send(&state, .character("z"))
            XCTAssertEqual(state.editor?.editor.text, before.map { "z" + $0 }, "typed at \(columns)×\(rows)")
            for key in keys { _ = AppFixture.update(&state, .key(key)) }
            _ = Render.frame(&state)
            var browse = try AppFixture.browsing(columns: columns, rows: rows)
            for key in keys { _ = AppFixture.update(&browse, .key(key)) }
            _ = Render.frame(&browse)
        }
    }
}
