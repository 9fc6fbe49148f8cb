import Blog
import Foundation
import GitOps
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// Every screen at 80×24 (and the editor split at 120×40), as text.
final class ScreenSnapshotTests: XCTestCase {
    func testBrowser() throws {
        assertSnapshot(AppFixture.lines(try AppFixture.browsing()), named: "browse")
    }

    func testBrowserFilteredSortedAndEmpty() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "bread")
        assertSnapshot(AppFixture.lines(state), named: "browse-filtering")
        _ = AppFixture.send(&state, .enter, .character("o"))
        XCTAssertEqual(state.browse.sort, .title)
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "zzz")
        assertSnapshot(AppFixture.lines(state), named: "browse-no-match")
    }

    /// Same titles told apart by their file or bundle names; a hostile title drawn visibly, its
    /// row the same width as the others.
    func testBrowserRepeatedAndHostileTitles() throws {
        let site = try TemporaryDirectory(prefix: "nb-browse-titles")
        defer { site.remove() }
        try "title = 'Titles'\n".write(toFile: site.appending("hugo.toml"), atomically: true, encoding: .utf8)
        let posts = [
            ("content/posts/first-try/index.md", "Same Title", "2026-01-03"),
            ("content/posts/second-try.md", "Same Title", "2026-01-02"),
            ("content/posts/evil.md", "Evil \\e]0;PWNED\\a \\u009B31m end", "2026-01-01"),
        ]
        for (path, title, date) in posts {
            try FileManager.default.createDirectory(
                atPath: (site.appending(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "---\ntitle: \"\(title)\"\ndate: \(date)\n---\nx\n".write(
                toFile: site.appending(path), atomically: true, encoding: .utf8)
        }
        var state = AppState(columns: 80, rows: 24, page: .browse)
        state.today = AppFixture.today
        let opened = try Site.open(containing: site.path)
        _ = App.update(
            &state, .siteLoaded(opened, .prepared(PostIndex.build(opened)), readAt: AppFixture.today), now: 0)
        let lines = AppFixture.lines(state)
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        assertSnapshot(lines, named: "browse-repeated-and-hostile-titles")
    }

    func testBrowserEmptySite() throws {
        var state = AppState(columns: 80, rows: 24, page: .browse)
        let site = try AppFixture.demoSite
        _ = App.update(&state, .siteLoaded(site, .prepared(PostIndex.build(site)), readAt: AppFixture.today), now: 0)
        state.browse.posts = []
        state.browse.refilter()
        assertSnapshot(AppFixture.lines(state), named: "browse-empty")
    }

    func testEditorAt80AndSplitAt120() throws {
        var narrow = try AppFixture.editing()
        assertSnapshot(AppFixture.lines(narrow), named: "editor-80x24")
        _ = AppFixture.send(&narrow, .control("t"))
        assertSnapshot(AppFixture.lines(narrow), named: "editor-80x24-preview")
        let wide = try AppFixture.editing(columns: 120, rows: 40)
        assertSnapshot(AppFixture.lines(wide), named: "editor-120x40-split")
    }

    func testNewPostDialog() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("n"))
        AppFixture.type(&state, "Tea in Kyoto — 京都")
        assertSnapshot(AppFixture.lines(state), named: "new-post")
        let effects = AppFixture.send(&state, .enter)
        XCTAssertEqual(
            effects,
            [.createPost(NewPostRequest(title: "Tea in Kyoto — 京都", section: "posts", bundle: true, lang: "en"))])
    }

    func testPublishSheetPhases() throws {
        var state = try AppFixture.editing()
        var sheet = PublishSheet(
            post: "content/posts/cold-brew-ratios/index.md", commitPath: "content/posts/cold-brew-ratios",
            title: "Cold brew ratios", files: [(path: "content/posts/cold-brew-ratios/index.md", change: "modified")],
            changedKeys: ["title"], wasDraft: true, message: "Update: Cold brew ratios")
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "publish-confirm")
        let effects = AppFixture.send(&state, .enter)
        XCTAssertEqual(
            effects,
            [
                .publish(
                    commitPath: "content/posts/cold-brew-ratios", post: "content/posts/cold-brew-ratios/index.md",
                    message: "Update: Cold brew ratios", setDraftFalse: true, resolve: nil)
            ])
        _ = App.update(&state, .publish(.event(.packing(current: 4, total: 0))), now: 0)
        XCTAssertTrue(
            AppFixture.lines(state).contains { $0.contains("Counting objects: 4") }, "total 0: still counting")
        _ = App.update(
            &state, .publish(.event(.sending(PushProgress(current: 3, total: 6, bytes: 2048, bytesPerSecond: nil)))),
            now: 0)
        assertSnapshot(AppFixture.lines(state), named: "publish-running")
        var conflict = GitError(kind: .conflict, operation: "publish", message: "conflict")
        conflict.paths = ["content/posts/cold-brew-ratios/index.md"]
        _ = App.update(&state, .publish(.failed(conflict)), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "publish-conflict")
        sheet.phase = .failed(
            "the remote refused refs/heads/main: pre-receive hook declined\nThe remote said: frozen until Monday")
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "publish-failed")
    }

    /// Issue 23: warnings listed one per line (publishing still the default); a refusal turns
    /// Enter into "open the post at that line" and only Ctrl-F publishes anyway.
    func testPublishSheetWithWarningsAndARefusal() throws {
        var state = try AppFixture.editing()
        let post = "content/posts/cold-brew-ratios/index.md"
        var sheet = PublishSheet(
            post: post, commitPath: "content/posts/cold-brew-ratios", title: "Cold brew ratios",
            files: [(path: post, change: "modified")], changedKeys: ["title", "date", "description"],
            wasDraft: false, message: "Update: Cold brew ratios")
        sheet.review = PublishReview(warnings: [
            "\(post): title emptied (was “Cold brew ratios”)",
            "\(post): date moved by more than a year: 2024-05-01 → 2021-05-01",
            "\(post): description removed",
        ])
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "publish-warnings")
        XCTAssertEqual(AppFixture.send(&state, .enter).count, 1, "warnings do not block")

        state = try AppFixture.editing()
        sheet.review = PublishReview(
            refusal: ContentError(
                file: post, line: 1, problem: "front matter does not start with ---",
                hint: "It did before"))
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "publish-refused")
        state.editor?.editor.goToLine(9)
        XCTAssertEqual(AppFixture.send(&state, .enter), [], "Enter never publishes a refused post")
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.editor?.editor.cursor.line, 0, "the cursor goes to the line where reading stopped")
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        let forced = AppFixture.send(&state, .control("f"))
        XCTAssertEqual(
            forced,
            [
                .publish(
                    commitPath: "content/posts/cold-brew-ratios", post: post, message: "Update: Cold brew ratios",
                    setDraftFalse: false, resolve: nil)
            ])
    }

    /// The sheet builds the site in the background: Enter waits for it, a passing check then
    /// publishes, a failing one shows the generator's message and Enter goes to the post's line.
    func testPublishSheetWaitsForTheBuildCheckAndShowsAFailure() throws {
        var state = try AppFixture.editing()
        state.buildCheck = true
        let post = "content/posts/cold-brew-ratios/index.md"
        let sheet = PublishSheet(
            post: post, commitPath: "content/posts/cold-brew-ratios", title: "Cold brew ratios",
            files: [(path: post, change: "modified")], changedKeys: [], wasDraft: false,
            message: "Update: Cold brew ratios")
        XCTAssertEqual(
            App.update(&state, .publish(.sheetReady(sheet)), now: 0), [.runPublishCheck(post: post, undraft: false)])
        XCTAssertEqual(AppFixture.send(&state, .enter), [], "Enter waits for the check")
        let site = try XCTUnwrap(state.site)
        let when = PublishWhen(
            try XCTUnwrap(state.browse.posts.first { $0.path == post }), site: site,
            now: Date(timeIntervalSince1970: 1_800_000_000))
        let passed = PublishCheck(
            verdict: .passed, build: SiteBuild(succeeded: true, messages: [], seconds: 0.8),
            appearances: [(post, when)], generator: "hugo")
        XCTAssertEqual(
            App.update(&state, .publish(.checked(post: post, undraft: false, passed)), now: 0),
            [
                .publish(
                    commitPath: "content/posts/cold-brew-ratios", post: post, message: "Update: Cold brew ratios",
                    setDraftFalse: false, resolve: nil)
            ],
            "a passing check publishes what Enter asked for")

        state = try AppFixture.editing()
        state.buildCheck = true
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        let message = SiteBuild.Message(
            file: post, line: 12, column: 1,
            text:
                "Error: Error building site: \"\(post):12:1\": failed to extract shortcode: template for shortcode \"nosuch\" not found",
            isError: true)
        var failed = PublishCheck(
            verdict: .failed, build: SiteBuild(succeeded: false, messages: [message], seconds: 1.2),
            appearances: [(post, when)], generator: "hugo")
        failed.postProblem = (post, 12)
        _ = App.update(&state, .publish(.checked(post: post, undraft: false, failed)), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "publish-build-failed")
        XCTAssertEqual(AppFixture.send(&state, .enter), [], "Enter never publishes a post that breaks the build")
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.editor?.editor.cursor.line, 11, "the cursor goes to the line hugo named")
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        _ = App.update(&state, .publish(.checked(post: post, undraft: false, failed)), now: 0)
        XCTAssertEqual(AppFixture.send(&state, .control("f")).count, 1, "Ctrl-F publishes anyway")
    }

    /// The editor says at once when the front matter stops being read, and marks its block.
    func testTheStatusBarSaysWhenTheFrontMatterStopsBeingRead() throws {
        var state = try AppFixture.editing()
        state.editor?.editor.goToLine(1)
        AppFixture.type(&state, "hello ")
        let lines = AppFixture.lines(state)
        XCTAssertTrue(lines[22].contains("⚠ front matter not read, line 1: does not start with {"), lines[22])
        _ = AppFixture.send(&state, .control("z"))
        XCTAssertFalse(AppFixture.lines(state)[22].contains("front matter"), "undone: read again")
    }

    func testCloneScreen() throws {
        var state = AppState(columns: 80, rows: 24)
        _ = App.startClone(&state, url: "ssh://git@example.org/blog.git", target: "/home/me/blog", now: 0)
        _ = App.update(
            &state, .clone(.event(.remoteLine("Enumerating objects: 812, done.", isProgress: false))), now: 0)
        _ = App.update(
            &state,
            .clone(
                .event(
                    .transfer(
                        TransferProgress(
                            receivedObjects: 400, totalObjects: 812, receivedBytes: 3_500_000,
                            bytesPerSecond: 1_200_000, secondsRemaining: 3)))), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "clone-receiving")
        let cancel = AppFixture.send(&state, .escape)
        XCTAssertEqual(cancel, [], "Esc asks first")
        XCTAssertEqual(AppFixture.send(&state, .character("y")), [.cancelClone])
        _ = App.update(
            &state,
            .clone(.failed(GitError(kind: .networkUnreachable, operation: "git_clone", message: "connection refused"))),
            now: 0)
        assertSnapshot(AppFixture.lines(state), named: "clone-failed")
    }

    func testHelpAndTooSmallAndStart() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("?"))
        assertSnapshot(AppFixture.lines(state), named: "help-browse")
        _ = App.update(&state, .resized(columns: 50, rows: 12), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "too-small")
        var start = AppState(columns: 80, rows: 24)
        start.start.recent = ["/home/me/blog", "/srv/notes"]
        start.start.problem =
            "/home/me/empty is not inside a Hugo site: no hugo.toml, hugo.yaml, config.toml or config/_default/ found."
        assertSnapshot(AppFixture.lines(start), named: "start")
    }
}
