import Blog
import Foundation
import GitOps
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// The rules `update` keeps, independent of drawing.
final class UpdateTests: XCTestCase {
    func testCloneByURLNamesTheFolderAsTheCommandLineDoes() throws {
        var state = AppState(columns: 80, rows: 24)
        state.start.directory = "/home/me"
        _ = AppFixture.send(&state, .character("c"))
        AppFixture.type(&state, "git@github.com:me/me.github.io.git")
        // update parses nothing (a URL may name a local folder): the runner checks it.
        let effects = AppFixture.send(&state, .enter)
        XCTAssertEqual(effects, [.checkCloneURL(url: "git@github.com:me/me.github.io.git", directory: "/home/me")])
        let messages = MessageLog()
        let runner = EffectRunner(environment: ProcessInfo.processInfo.environment) { messages.append($0) }
        runner.run(effects[0], siteRoot: nil)
        var checked: AppMessage?
        XCTAssertTrue(
            messages.wait {
                if case .clone(.urlChecked) = $0 { checked = $0; return true }; return false
            })
        let started = App.update(&state, try XCTUnwrap(checked), now: 0)
        XCTAssertEqual(
            started, [.startClone(url: "git@github.com:me/me.github.io.git", target: "/home/me/me.github.io")])
        // A URL that cannot be used is said on the start screen, in the CLI's words; nothing starts.
        var bad = AppState(columns: 80, rows: 24)
        _ = AppFixture.send(&bad, .character("c"))
        AppFixture.type(&bad, "http://h/x%0ahost=evil")
        let check = AppFixture.send(&bad, .enter)
        runner.run(check[0], siteRoot: nil)
        var refused: AppMessage?
        XCTAssertTrue(
            messages.wait {
                if case .clone(.urlRefused) = $0 { refused = $0; return true }; return false
            })
        XCTAssertEqual(App.update(&bad, try XCTUnwrap(refused), now: 0), [])
        XCTAssertTrue(bad.start.problem?.hasPrefix("Cannot clone `") ?? false, bad.start.problem ?? "")
        XCTAssertTrue(bad.start.problem?.contains("encoded line break") ?? false, bad.start.problem ?? "")
    }

    func testLeavingADirtyEditorAsksFirst() throws {
        var state = try AppFixture.editing()
        AppFixture.type(&state, "x")
        XCTAssertTrue(state.editor?.editor.isDirty ?? false)
        _ = AppFixture.send(&state, .escape)
        XCTAssertEqual(state.page, .editor)
        guard case .confirm(let confirmation)? = state.overlay else { return XCTFail("expected a confirmation") }
        XCTAssertEqual(confirmation.action, .leaveEditor)
        _ = AppFixture.send(&state, .character("n"))
        XCTAssertEqual(state.page, .editor, "no keeps the text")
        XCTAssertEqual(state.editor?.editor.text.first, "x")
    }

    /// Selects a published post of the list (on the site, unchanged): the list's posts and its row.
    private func selectLivePost(_ state: inout AppState) throws -> (visible: [Post], row: Int) {
        let visible = state.browse.visible.map { state.browse.posts[$0] }
        let live = try XCTUnwrap(
            visible.firstIndex { !$0.draft && BrowseRender.gitMark($0, state.git, siteRoot: nil) == "" })
        state.browse.selected = live
        return (visible, live)
    }

    /// Issue 58: a command that asks first (one entry of the command table) acts, on yes, on the
    /// post it asked about, even when the list moved meanwhile (the disk changed, a refresh).
    func testAYesActsOnThePostItWasAskedAbout() throws {
        var state = try AppFixture.browsing()
        let (visible, live) = try selectLivePost(&state)
        let asked = visible[live].path
        XCTAssertNotNil(BrowseAction.toggleDraft.question(state, post: visible[live]))
        _ = AppFixture.send(&state, .character("d"))
        state.browse.selected = (live + 1) % visible.count
        XCTAssertEqual(AppFixture.send(&state, .character("y")), [.toggleDraft(asked)])
    }

    /// Issue 45.2: `d` on a post that is live asks first; a draft or a post not pushed yet does not.
    func testDraftKeyOnALivePostAsksFirst() throws {
        var state = try AppFixture.browsing()
        let (visible, live) = try selectLivePost(&state)
        let path = visible[live].path
        XCTAssertEqual(AppFixture.send(&state, .character("d")), [])
        guard case .confirm(let confirmation)? = state.overlay else { return XCTFail("expected a confirmation") }
        XCTAssertEqual(confirmation.action, .browse(.toggleDraft, post: path))
        XCTAssertTrue(confirmation.lines.joined().contains("/posts/"), "\(confirmation.lines)")
        XCTAssertEqual(AppFixture.send(&state, .character("n")), [])
        XCTAssertEqual(AppFixture.send(&state, .character("d"), .character("y")), [.toggleDraft(path)])

        let draft = try XCTUnwrap(visible.firstIndex { $0.draft })
        state.browse.selected = draft
        XCTAssertEqual(
            AppFixture.send(&state, .character("d")), [.toggleDraft(visible[draft].path)], "a draft is not on the site")
    }

    /// Leaving the editor puts ▸ on the post that was edited, wherever the list had it selected.
    func testLeavingTheEditorSelectsThePostEdited() throws {
        var state = try AppFixture.editing("content/posts/cold-brew-ratios/index.md")
        state.browse.selected = state.browse.visible.count - 1
        XCTAssertNotEqual(state.browse.selectedPost?.path, "content/posts/cold-brew-ratios/index.md")
        _ = AppFixture.send(&state, .escape)
        XCTAssertEqual(state.page, .browse)
        XCTAssertEqual(state.browse.selectedPost?.path, "content/posts/cold-brew-ratios/index.md")
    }

    func testSaveAndPublishAreOrderedEffects() throws {
        var state = try AppFixture.editing()
        AppFixture.type(&state, "y")
        let revision = state.editor!.editor.revision
        let effects = AppFixture.send(&state, .control("p"))
        XCTAssertEqual(
            effects,
            [
                .save(
                    path: "content/posts/cold-brew-ratios/index.md", text: state.editor!.editor.text, revision: revision
                ),
                .preparePublish(post: "content/posts/cold-brew-ratios/index.md"),
            ])
        _ = App.update(
            &state, .saved(path: "content/posts/cold-brew-ratios/index.md", stamp: nil, revision: revision), now: 0)
        XCTAssertFalse(state.editor!.editor.isDirty)
    }

    /// The sheet lives in one place (`AppState.publish`): publish again while one runs hidden
    /// shows that sheet (no second publish is prepared); closing a sheet that is not running
    /// forgets it.
    func testPublishAgainWhileOneRunsShowsItsSheet() throws {
        var state = try AppFixture.editing()
        let path = "content/posts/cold-brew-ratios/index.md"
        let sheet = PublishSheet(
            post: path, commitPath: "content/posts/cold-brew-ratios",
            title: "Cold brew", files: [], changedKeys: [], wasDraft: false, message: "Update: Cold brew")
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        _ = AppFixture.send(&state, .escape)
        XCTAssertNil(state.publish, "a sheet closed before publishing is gone")
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        _ = AppFixture.send(&state, .enter)
        _ = AppFixture.send(&state, .escape)
        XCTAssertNil(state.overlay)
        XCTAssertTrue(state.isPublishing, "hidden, still running")
        _ = App.update(&state, .publish(.event(.packing(current: 3, total: 4))), now: 0)
        let again = AppFixture.send(&state, .control("p"))
        XCTAssertEqual(
            again, [.save(path: path, text: state.editor!.editor.text, revision: state.editor!.editor.revision)],
            "no second publish is prepared")
        guard case .publish? = state.overlay, case .running(let step, _)? = state.publish?.phase else {
            return XCTFail("its sheet again")
        }
        XCTAssertEqual(step, "Packing 3/4", "the running sheet, with its progress")
        _ = App.update(
            &state, .publish(.failed(GitError(kind: .networkUnreachable, operation: "push", message: "offline"))),
            now: 0)
        guard case .failed? = state.publish?.phase, case .publish? = state.overlay else {
            return XCTFail("the failure is shown")
        }
        _ = AppFixture.send(&state, .escape)
        XCTAssertNil(state.publish)
        XCTAssertNil(state.overlay)
    }

    func testARunningPublishSurvivesLeavingItsSheetAndTheEditor() throws {
        var state = try AppFixture.editing()
        let sheet = PublishSheet(
            post: "content/posts/cold-brew-ratios/index.md", commitPath: "content/posts/cold-brew-ratios",
            title: "Cold brew", files: [], changedKeys: [], wasDraft: false, message: "Update: Cold brew")
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        _ = AppFixture.send(&state, .enter)
        let leaving = AppFixture.send(&state, .escape, .escape)
        XCTAssertEqual(
            leaving,
            [
                .releasePost("content/posts/cold-brew-ratios/index.md"),
                .perform(.rememberPosition("content/posts/cold-brew-ratios/index.md", .init(line: 0, column: 0))),
            ], "no effect cancels the publish")
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.page, .browse)
        XCTAssertTrue(state.isPublishing)
        XCTAssertTrue(AppFixture.lines(state)[22].contains("publishing…"))
        let quitting = AppFixture.send(&state, .character("q"))
        XCTAssertEqual(quitting, [], "quitting during a publish asks first")
        let done = App.update(
            &state,
            .publish(
                .finished(
                    PublishResult(pushedCommits: 1, branch: "main", upstream: "origin/main", head: "abcdef1234"))),
            now: 0)
        XCTAssertEqual(done.first, .loadSite(state.site!.root))
        XCTAssertEqual(state.toast?.text, "Published abcdef1 to origin/main")
        // The post is read again (the publish set draft: false), without bringing the editor back.
        let path = "content/posts/cold-brew-ratios/index.md"
        XCTAssertTrue(done.contains(.reloadPost(path)), "\(done)")
        _ = App.update(
            &state, .postReloaded(path: path, text: "{\"title\": \"Cold brew\", \"draft\": false}\n", stamp: nil),
            now: 0)
        XCTAssertEqual(state.page, .browse, "the user left the editor: it stays left")
        XCTAssertEqual(state.editor?.editor.text, "{\"title\": \"Cold brew\", \"draft\": false}\n")
        // A publish that brought nothing from the remote reads again only what it committed.
        let committed = CommitOutcome(
            commit: CommitSummary(id: "abcdef1234", summary: "Update"),
            files: [path, "content/posts/cold-brew-ratios/cup.jpg"],
            signed: false)
        let quick = App.update(
            &state,
            .publish(.finished(PublishResult(commit: committed, pushedCommits: 1, branch: "main", head: "abcdef1234"))),
            now: 0)
        guard case .refreshPosts(_, let paths, _)? = quick.first else { return XCTFail("\(quick)") }
        XCTAssertEqual(paths, [path, "content/posts/cold-brew-ratios/cup.jpg"])
        let rebased = App.update(
            &state,
            .publish(.finished(PublishResult(commit: committed, pushedCommits: 1, rebasedCommits: 1, branch: "main"))),
            now: 0)
        XCTAssertEqual(
            rebased.first, .loadSite(state.site!.root), "the remote's commits came in: the whole site is read")
    }

    func testAReloadNeverReplacesWhatWasTypedSinceThePublish() throws {
        var state = try AppFixture.editing()
        let path = "content/posts/cold-brew-ratios/index.md"
        AppFixture.type(&state, "typed after the publish ")
        let typed = try XCTUnwrap(state.editor?.editor.text)
        _ = App.update(&state, .postReloaded(path: path, text: "what the publish left on disk", stamp: nil), now: 0)
        XCTAssertEqual(state.editor?.editor.text, typed, "the words typed meanwhile stay")
        XCTAssertEqual(state.page, .editor)
        _ = App.update(&state, .postReloaded(path: "content/posts/another/index.md", text: "x", stamp: nil), now: 0)
        XCTAssertEqual(state.editor?.editor.text, typed, "another post's reload is ignored")
    }

    func testConflictChoicesPublishWithASide() throws {
        var state = try conflicted(["content/posts/a/index.md"])
        XCTAssertEqual(
            AppFixture.send(&state, .character("m")),
            [
                .publish(
                    commitPath: nil, post: "content/posts/a/index.md", message: "Publish: A", setDraftFalse: false,
                    resolve: .files(["content/posts/a/index.md": .local]))
            ])
    }

    /// The browser with post A's publish stopped on a conflict in `files`.
    private func conflicted(_ files: [String]) throws -> AppState {
        var state = try AppFixture.browsing()
        var sheet = PublishSheet(
            post: "content/posts/a/index.md", commitPath: "content/posts/a", title: "A", files: [], changedKeys: [],
            wasDraft: false, message: "Publish: A")
        sheet.phase = .conflict(files: files, selected: 0)
        _ = App.update(&state, .publish(.sheetReady(sheet)), now: 0)
        return state
    }

    func testConflictsFileByFileAndByHand() throws {
        var state = try conflicted(["content/posts/a/index.md", "content/posts/a/notes.txt"])
        XCTAssertEqual(AppFixture.send(&state, .character("e")), [.loadConflict(path: "content/posts/a/index.md")])
        let marked = "---\ntitle: A\n---\n<<<<<<< mine\nmy line\n=======\ntheir line\n>>>>>>> remote\n"
        _ = App.update(&state, .conflictLoaded(path: "content/posts/a/index.md", text: marked), now: 0)
        XCTAssertEqual(state.page, .editor)
        XCTAssertTrue(AppFixture.lines(state)[0].contains("Resolving content/posts/a/index.md"))
        XCTAssertEqual(state.editor?.editor.cursor.line, 3, "the cursor starts on the first marker")
        XCTAssertEqual(AppFixture.send(&state, .control("s")), [], "markers left: not accepted")
        XCTAssertTrue(state.editor?.problem?.contains("conflict markers remain") ?? false)
        state.editor?.editor.replaceText(with: "---\ntitle: A\n---\nboth lines\n", now: 1)
        XCTAssertEqual(AppFixture.send(&state, .control("s")), [])
        guard case .publish? = state.overlay, let back = state.publish, case .conflict(_, let selected) = back.phase
        else { return XCTFail("the sheet is back") }
        XCTAssertEqual(
            back.resolutions["content/posts/a/index.md"], .content(Data("---\ntitle: A\n---\nboth lines\n".utf8)))
        XCTAssertEqual(selected, 0)
        assertSnapshot(AppFixture.lines(state), named: "conflict-two-files")
        XCTAssertEqual(AppFixture.send(&state, .enter), [], "every file needs a choice first")
        _ = AppFixture.send(&state, .down(), .character("t"))
        let effects = AppFixture.send(&state, .enter)
        XCTAssertEqual(
            effects,
            [
                .publish(
                    commitPath: nil, post: "content/posts/a/index.md", message: "Publish: A", setDraftFalse: false,
                    resolve: .files([
                        "content/posts/a/index.md": .content(Data("---\ntitle: A\n---\nboth lines\n".utf8)),
                        "content/posts/a/notes.txt": .remote,
                    ]))
            ])
    }

    /// Markers in a CRLF file are markers: Ctrl-S refuses to keep them (the check split the text
    /// on "\n" as Characters, which never splits a CRLF line, and kept the markers).
    func testConflictMarkersInACRLFFileAreRefused() throws {
        var state = try conflicted(["content/posts/a/index.md"])
        _ = AppFixture.send(&state, .character("e"))
        let marked = "---\r\ntitle: A\r\n---\r\n<<<<<<< mine\r\nmy line\r\n=======\r\ntheir line\r\n>>>>>>> remote\r\n"
        _ = App.update(&state, .conflictLoaded(path: "content/posts/a/index.md", text: marked), now: 0)
        XCTAssertEqual(state.editor?.editor.cursor.line, 3, "the cursor starts on the first marker")
        XCTAssertEqual(AppFixture.send(&state, .control("s")), [], "markers left: not accepted")
        XCTAssertTrue(state.editor?.problem?.contains("conflict markers remain") ?? false)
        XCTAssertNil(state.publish?.resolutions["content/posts/a/index.md"])
    }

    /// A conflict far down a long post opens with its first marker in the middle of the editor,
    /// so the lines before it are in view too.
    func testAConflictFarDownOpensCentredOnItsFirstMarker() throws {
        var state = try conflicted(["content/posts/a/index.md"])
        _ = AppFixture.send(&state, .character("e"))
        let body = (1...80).map { "Line \($0) of the post." }.joined(separator: "\n")
        let marked =
            "---\ntitle: A\n---\n" + body + "\n<<<<<<< mine\nmy line\n=======\ntheir line\n>>>>>>> remote\n" + body
            + "\n"
        _ = App.update(&state, .conflictLoaded(path: "content/posts/a/index.md", text: marked), now: 0)
        let lines = AppFixture.lines(state)
        let row = try XCTUnwrap(lines.firstIndex { $0.contains("<<<<<<< mine") })
        XCTAssertTrue((8...15).contains(row), "the marker is on row \(row) of 24: \(lines.joined(separator: "\n"))")
        XCTAssertTrue(lines.contains { $0.contains("Line 80 of the post.") }, "the lines just before the conflict show")
    }

    func testFilterMatchesTitleTagsAndSlugAndKeepsTheSelection() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "kyoto")
        XCTAssertEqual(state.browse.visible.count, 1)
        _ = AppFixture.send(&state, .escape)
        XCTAssertEqual(state.browse.visible.count, state.browse.posts.count)
        XCTAssertEqual(state.browse.selectedPost?.title.contains("Kyoto"), true, "the selected post stays selected")
    }

    /// Issue 45.7: `/` again shows the last query selected (typing replaces it), Ctrl-U clears,
    /// the exact title ranks first and ▸ moves to it; dates and categories are searched.
    func testTheFilterStartsFreshRanksTitlesAndMovesToTheBestMatch() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "tea")
        _ = AppFixture.send(&state, .enter)  // opens the match; the filter stays applied behind it
        _ = AppFixture.send(&state, .character("/"))
        XCTAssertTrue(state.browse.filterSelected)
        AppFixture.type(&state, "cold")
        XCTAssertEqual(state.browse.filter, "cold", "replaced, not appended to")
        _ = AppFixture.send(&state, .control("u"))
        XCTAssertEqual(state.browse.filter, "")
        XCTAssertEqual(state.browse.visible.count, state.browse.posts.count)

        // An exact title beats a title that only contains the words, wherever the list had it.
        let titles = state.browse.posts.map(\.title)
        let target = try XCTUnwrap(titles.first { $0.split(separator: " ").count >= 2 })
        let other = try XCTUnwrap(state.browse.posts.firstIndex { $0.title != target })
        state.browse.posts[other].title = "Notes on " + target
        state.browse.selected = state.browse.visible.count - 1
        AppFixture.type(&state, target)
        XCTAssertEqual(state.browse.selectedPost?.title, target, "▸ on the exact title")
        XCTAssertEqual(state.browse.visible.count, 2)
        XCTAssertEqual(state.browse.posts[state.browse.visible[1]].title, "Notes on " + target)

        _ = AppFixture.send(&state, .control("u"))
        let dated = try XCTUnwrap(state.browse.posts.first { $0.date != nil })
        AppFixture.type(&state, String(dated.date!.text.prefix(10)))
        XCTAssertTrue(state.browse.visible.contains { state.browse.posts[$0].path == dated.path })
    }

    /// Issue 59.5: the filter's ranking, group by group: the exact title, then titles that start
    /// with the query, then titles holding every word, then the rest — each in the list's order,
    /// wherever the list had them.
    func testTheFilterRanksExactThenPrefixThenWords() {
        let titles = ["notes", "green tea", "tea for two", "a tea, at last", "tea"]
        XCTAssertEqual(BrowseState.ranked([0, 1, 2, 3, 4], query: "Tea ", titles: titles), [4, 2, 1, 3, 0])
        XCTAssertEqual(
            BrowseState.ranked([0, 1, 2, 3, 4], query: "tea two", titles: titles), [2, 0, 1, 3, 4],
            "every word, in any place, before the rest")
        XCTAssertEqual(BrowseState.ranked([3, 1], query: "tea", titles: titles), [3, 1], "only the visible ones")
    }

    /// Issue 60.9: an empty post has no reading time; one word is a word.
    func testTheStatusLineSaysAPostsLengthInWords() {
        XCTAssertEqual(EditorRender.length(words: 0), "0 words")
        XCTAssertEqual(EditorRender.length(words: 1), "1 word · 1 min read")
        XCTAssertEqual(EditorRender.length(words: 401), "401 words · 3 min read")
    }

    /// Issue 60.9: a new picture in a published post's bundle makes the post modified, not new.
    func testANewPictureInAPublishedBundleIsAModification() throws {
        let state = try AppFixture.browsing()
        let post = try XCTUnwrap(state.browse.posts.first { $0.path == "content/posts/summit-in-the-fog/index.md" })
        var git = GitSummary()
        git.changes = ["content/posts/summit-in-the-fog/new.jpg": .new]
        XCTAssertEqual(BrowseRender.gitMark(post, git, siteRoot: nil), "modified")
        git.changes = [
            "content/posts/summit-in-the-fog/index.md": .new, "content/posts/summit-in-the-fog/new.jpg": .new,
        ]
        XCTAssertEqual(BrowseRender.gitMark(post, git, siteRoot: nil), "new")
        git.changes = ["content/posts/summit-in-the-fog/": .new]
        XCTAssertEqual(BrowseRender.gitMark(post, git, siteRoot: nil), "new")
    }

    /// Issue 60.9: a note is listed by its first words (its folder is a timestamp), and found by them.
    func testANoteIsListedAndFilteredByItsFirstWords() throws {
        var state = try AppFixture.browsing()
        let index = try XCTUnwrap(state.browse.posts.firstIndex { $0.path.contains("cold-brew") })
        state.browse.posts[index].title = ""
        state.browse.posts[index].lead = "Fog over the river, then sun."
        state.browse.posts = state.browse.posts
        XCTAssertTrue(AppFixture.lines(state).contains { $0.contains("Fog over the river, then sun.") })
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "fog over")
        XCTAssertEqual(state.browse.selectedPost?.lead, "Fog over the river, then sun.")
    }

    /// Issue 45.10: opening at PATH:LINE puts the line mid-screen, as vim does.
    func testOpeningAtALinePutsItMidScreen() throws {
        var state = try AppFixture.browsing()
        let text = (1...120).map { "Line \($0)" }.joined(separator: "\n")
        _ = App.update(
            &state,
            .postOpened(path: "content/posts/cold-brew-ratios/index.md", text: text, stamp: nil, at: .line(60)),
            now: 0)
        let frame = Render.frame(&state)
        let row = try XCTUnwrap(frame.cursor?.y)
        XCTAssertTrue((8...14).contains(row), "row \(row) of 24")
        XCTAssertTrue(frame.screen.lines()[row].contains("Line 60"), frame.screen.lines()[row])
    }

    /// Issue 45.12: typing along a line redraws the characters, not the title bar's counts; they
    /// catch up after a pause, or at once on any other key.
    func testTheCountsCatchUpAfterAPauseInTyping() throws {
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .end)
        let start = try XCTUnwrap(AppFixture.lines(state).first)
        for character in "abc" { _ = App.update(&state, .key(.character(character)), now: 10) }
        XCTAssertEqual(AppFixture.lines(state).first?.suffix(20), start.suffix(20), "the counts wait")
        _ = App.update(&state, .tick(10.1), now: 10.1)
        XCTAssertNotNil(state.editor?.frozenStatus, "not yet")
        _ = App.update(&state, .tick(10.5), now: 10.5)
        XCTAssertNil(state.editor?.frozenStatus)
        let column = (state.editor?.editor.cursor.column ?? 0) + 1
        XCTAssertTrue(
            AppFixture.lines(state).first?.hasSuffix("Col \(column)") ?? false, AppFixture.lines(state).first ?? "")
        for character in "de" { _ = App.update(&state, .key(.character(character)), now: 11) }
        _ = App.update(&state, .key(.left()), now: 11)
        XCTAssertNil(state.editor?.frozenStatus, "another key: at once")
    }

    /// Issue 46: a failure is typed, and its box names what failed (a conflict that cannot be
    /// loaded no longer says "Cannot open the post"); a new post's problem stays in its dialog.
    func testFailuresAreNamedByWhatFailed() throws {
        var state = try AppFixture.browsing()
        _ = App.update(&state, .failed(AppFailure(.loadConflict, "x.md no longer conflicts")), now: 0)
        guard case .message(let title, let lines)? = state.overlay else {
            return XCTFail("\(String(describing: state.overlay))")
        }
        XCTAssertEqual(title, "Cannot load the conflict")
        XCTAssertEqual(lines, ["x.md no longer conflicts"])
        state.overlay = nil
        _ = AppFixture.send(&state, .character("n"))
        _ = App.update(&state, .failed(AppFailure(.createPost, "a file is already there")), now: 0)
        guard case .newPost(let dialog)? = state.overlay else { return XCTFail("the dialog stays") }
        XCTAssertEqual(dialog.problem, "a file is already there")
        XCTAssertEqual(
            AppFailure(.savePost, "disk full").lines, ["disk full", "", "Your text is still in the editor."])
    }

    func testFindStartsWithTheLastQuerySelected() throws {
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .control("f"))
        AppFixture.type(&state, "brew")
        _ = AppFixture.send(&state, .enter, .escape, .control("f"))
        XCTAssertEqual(state.editor?.findBar?.query.allSelected, true)
        AppFixture.type(&state, "water")
        XCTAssertEqual(state.editor?.findBar?.query.text, "water")
        _ = AppFixture.send(&state, .escape, .control("f"), .backspace)
        XCTAssertEqual(state.editor?.findBar?.query.text, "")
    }

    func testAReloadedPostKeepsTheCursorsLineAndColumn() throws {
        var state = try AppFixture.editing()
        for _ in 0..<9 { _ = AppFixture.send(&state, .down()) }
        for _ in 0..<5 { _ = AppFixture.send(&state, .right()) }
        let before = try XCTUnwrap(state.editor?.editor.cursor)
        XCTAssertEqual(before.column, 5)
        // A publish set `draft: false` on disk and the post is read again.
        let text = try XCTUnwrap(state.editor?.editor.text)
        _ = App.update(
            &state, .postOpened(path: "content/posts/cold-brew-ratios/index.md", text: text, stamp: nil), now: 0)
        XCTAssertEqual(state.editor?.editor.cursor, before)
        _ = App.update(
            &state, .postOpened(path: "content/posts/cold-brew-ratios/index.md", text: "short", stamp: nil), now: 0)
        XCTAssertEqual(state.editor?.editor.cursor, TextPosition(line: 0, column: 5), "clamped to a shorter text")
    }

    func testDownInALongParagraphGoesToItsNextRowOnScreen() throws {
        var state = try AppFixture.browsing()
        let paragraph = Array(repeating: "a few words that wrap", count: 12).joined(separator: " ")
        _ = App.update(
            &state,
            .postOpened(path: "content/posts/cold-brew-ratios/index.md", text: paragraph + "\nnext", stamp: nil), now: 0
        )
        _ = Render.frame(&state)  // the view learns the width it wraps at
        _ = AppFixture.send(&state, .down())
        XCTAssertEqual(state.editor?.editor.cursor.line, 0, "still in the paragraph, one row down")
        XCTAssertGreaterThan(state.editor?.editor.cursor.column ?? 0, 60)
        _ = AppFixture.send(&state, .character("z", alt: true))  // soft wrap off: whole lines
        _ = Render.frame(&state)
        _ = AppFixture.send(&state, .down())
        XCTAssertEqual(state.editor?.editor.cursor.line, 1)
    }

    func testTheFiltersWordsAreMarkedInTheTitles() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("/"))
        AppFixture.type(&state, "KYOTO tea")
        var copy = state
        let screen = Render.frame(&copy).screen
        let lines = screen.lines()
        let row = try XCTUnwrap(lines.firstIndex { $0.contains("tea in Kyoto") })
        let line = lines[row]
        let column = DisplayWidth.of(String(line[..<line.range(of: "Kyoto")!.lowerBound]))
        for offset in 0..<5 { XCTAssertTrue(screen[column + offset, row].style.underline, "Kyoto, column \(offset)") }
        XCTAssertFalse(screen[column - 2, row].style.underline, "the space before it")
        let tea = DisplayWidth.of(String(line[..<line.range(of: "tea")!.lowerBound]))
        XCTAssertTrue(screen[tea, row].style.underline, "every word of the filter")
    }

    func testNewPostCursorGoesToTheBody() {
        XCTAssertEqual(App.firstBodyLine("---\ntitle: x\n---\n"), 3)
        XCTAssertEqual(App.firstBodyLine("---\ntitle: x\n---\nText\n\nMore"), 4)
        XCTAssertEqual(App.firstBodyLine("no front matter"), 0)
    }

    func testMemoryTerminalLoopQuitsOnQAndWhenInputEnds() throws {
        let terminal = MemoryTerminal(columns: 80, rows: 24)
        terminal.input = [[.character("?")], [.character("x")], [.character("q")]]
        let loop = AppLoop(terminal: terminal, state: try AppFixture.browsing())
        var effects: [AppEffect] = []
        loop.observeEffect = { effects.append($0) }
        loop.run()
        XCTAssertEqual(effects.last, .quit)
        XCTAssertTrue(
            terminal.frames.contains { $0.lines().joined().contains("Help · Posts") }, "the help overlay was drawn")
        let ended = MemoryTerminal(columns: 80, rows: 24)
        let second = AppLoop(terminal: ended, state: try AppFixture.browsing())
        var secondEffects: [AppEffect] = []
        second.observeEffect = { secondEffects.append($0) }
        second.run()  // no input at all: returns instead of spinning
        XCTAssertFalse(secondEffects.contains(.quit))
    }
}

/// The editor's help is made from the keys that work: every key of the editing keymap does
/// something to the text, and every key of both keymaps is named in the help (M-b/M-f and Tab
/// indent were once missing from a hand-written list).
final class EditorHelpTests: XCTestCase {
    /// Issue 60.9: Alt-R opens find-and-replace from the text and toggles regex in the find bar
    /// (as VS Code's find widget): the help says both, so the key does what the help said.
    func testTheHelpSaysWhatAltRDoesInTheFindBar() throws {
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .function(1))
        guard case .help(_, let rows, _)? = state.overlay else { return XCTFail("no help") }
        let row = try XCTUnwrap(rows.first { $0.keys.split(separator: " ").contains("M-r") })
        XCTAssertTrue(row.help.contains("M-r is regex"), row.help)
        _ = AppFixture.send(&state, .escape, .character("r", alt: true))
        XCTAssertNotNil(state.editor?.findBar, "M-r opened the bar")
        _ = AppFixture.send(&state, .character("r", alt: true))
        XCTAssertEqual(state.editor?.findBar?.isRegex, true, "in the bar M-r is regex")
    }

    func testEditorHelpListsTheEditingKeys() throws {
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .function(1))
        guard case .help(_, let rows, _)? = state.overlay else { return XCTFail("no help") }
        let named = Set(rows.flatMap { $0.keys.split(separator: " ").map(String.init) })
        // An editor where every editing key has work: an edit to undo and one to redo, a
        // selection, a non-empty clipboard, the cursor inside an indented list item's words.
        func key(_ action: EditingAction) throws -> KeyEvent {
            try XCTUnwrap(EditorState.keymap.bindings.first { $0.action == action }?.keys.first)
        }
        var prepared = EditorState(text: "- one\n  - two words here\n- three\n")
        _ = prepared.handle(.character("x"), now: 0)
        _ = prepared.handle(try key(.newline), now: 10)
        _ = prepared.handle(.character("y"), now: 20)
        _ = prepared.handle(try key(.undo), now: 30)
        _ = prepared.handle(.down(), now: 40)
        for _ in 0..<6 { _ = prepared.handle(.right(), now: 41) }
        _ = prepared.handle(.right(shift: true), now: 42)
        _ = prepared.handle(try key(.copy), now: 43)
        XCTAssertFalse(prepared.clipboard.isEmpty)
        for binding in EditorState.keymap.bindings {
            for key in binding.keys {
                XCTAssertTrue(named.contains(KeyName.of(key)), "\(KeyName.of(key)) missing from \(rows.map(\.keys))")
                var editor = prepared
                let effects = editor.handle(key, now: 50)
                let changed =
                    editor.text != prepared.text || editor.cursor != prepared.cursor || editor.anchor != prepared.anchor
                XCTAssertTrue(
                    changed || effects?.isEmpty == false,
                    "\(KeyName.of(key)) (\(binding.action)) is in the help but does nothing")
            }
        }
        for binding in state.keys.editor.bindings {
            for key in binding.keys { XCTAssertTrue(named.contains(KeyName.of(key)), "\(KeyName.of(key)) missing") }
        }
        XCTAssertTrue(named.isSuperset(of: ["M-b", "M-f", "Tab", "S-Tab", "^Z", "S-←"]))
        // A key the editor does not bind is not the editor's (the app's keymap gets it).
        var editor = EditorState(text: "x")
        XCTAssertNil(editor.handle(.character("q", alt: true), now: 0))
        XCTAssertNil(editor.handle(.control("s"), now: 0))
    }

    /// Issue 60.9: no help line is cut (`S-← S-→ S-↑ S…` at 100 columns): a long row wraps
    /// under its help column, and scrolling reaches every row whole.
    func testNoHelpLineIsCut() throws {
        for (columns, rows) in [(100, 30), (80, 24)] {
            var state = try AppFixture.editing(columns: columns, rows: rows)
            _ = AppFixture.send(&state, .function(1))
            guard case .help(_, let help, _)? = state.overlay else { return XCTFail("no help") }
            var seen = ""
            for _ in 0..<12 {
                seen += AppFixture.lines(state).joined(separator: "\n") + "\n"
                _ = AppFixture.send(&state, .pageDown)
            }
            let words = Set(seen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" }))
            for row in help {
                for word in (row.keys + " " + row.help).split(separator: " ") {
                    XCTAssertTrue(words.contains(word), "\(columns) columns: \(word) of \(row)")
                }
            }
        }
    }

    /// On an 80×24 terminal the help shows what fits and scrolls to the rest; a key other than
    /// the scrolling ones closes it.
    func testEditorHelpScrollsOnTheSmallestScreen() throws {
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .function(1))
        guard case .help(_, let rows, _)? = state.overlay else { return XCTFail("no help") }
        XCTAssertGreaterThan(rows.count, OverlayRender.helpRoom(rows: 24))
        var screen = AppFixture.lines(state)
        XCTAssertTrue(screen.contains { $0.contains("↑ ↓ PgUp PgDn scroll") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.contains(rows[0].help) })
        XCTAssertFalse(screen.contains { $0.contains(rows[rows.count - 1].help) })
        _ = AppFixture.send(&state, .pageDown, .pageDown, .pageDown)
        screen = AppFixture.lines(state)
        XCTAssertTrue(screen.contains { $0.contains(rows[rows.count - 1].help) }, screen.joined(separator: "\n"))
        XCTAssertLessThanOrEqual(screen.filter { $0.contains("│") }.count, 22, "the box fits")
        _ = AppFixture.send(&state, .escape)
        XCTAssertNil(state.overlay)
    }
}

/// `update` takes the wrap width from the layout, never from the last frame: ↓ in a wrapped
/// paragraph moves one display row even before anything was drawn.
final class WrapWidthTests: XCTestCase {
    func testDownMovesByDisplayRowWithoutAFrame() throws {
        var state = try AppFixture.browsing()
        let paragraph = String(repeating: "word ", count: 60)
        _ = AppFixture.update(
            &state,
            .postOpened(path: "content/posts/x.md", text: "---\ntitle: x\n---\n" + paragraph + "\nnext\n", stamp: nil))
        state.editor?.editor.goToLine(4)
        _ = AppFixture.send(&state, .down(shift: false))
        XCTAssertEqual(state.editor?.editor.cursor.line, 3, "still in the paragraph: one display row down")
        XCTAssertEqual(state.editor?.editor.cursor.column, 80)
    }
}
