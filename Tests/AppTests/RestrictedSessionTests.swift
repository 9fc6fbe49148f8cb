import Blog
import Foundation
import GitOps
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// Restricted mode is an allow-list on every screen: an author on a shared server reaches their
/// one site and nothing else. A co-author can push a config the session refuses
/// (`contentDir = "../x"`); the start screen it used to fall back to cloned any repository the
/// server could read, into the server account's home.
final class RestrictedSessionTests: XCTestCase {
    /// What no key may ever ask for in a restricted session, on any screen.
    private func leavesTheSite(_ effect: AppEffect, site: String) -> Bool {
        switch effect {
        case .startClone, .checkCloneURL, .runExternalEditor, .suspend, .rememberSite: return true
        case .loadSite(let path): return path != site
        default: return false
        }
    }

    /// Every key, alone and followed by every other (a key that opens a dialog, then its keys).
    private var keys: [KeyEvent] {
        let printable = (32...126).map { KeyEvent.character(Character(UnicodeScalar(UInt8($0)))) }
        let controls = "abcdefghijklnopqrstuvwxyz".map { KeyEvent.control($0) }
        let alts = "cdfhnpsu".map { KeyEvent.character($0, alt: true) }
        let named: [KeyEvent] = [
            .enter, .escape, .tab, .backTab, .backspace, .delete, .up(), .down(), .left(), .right(), .home, .end,
            .pageUp, .pageDown, .function(1), .function(2), .function(5), .function(10),
        ]
        return printable + controls + alts + named
    }

    private func walk(_ start: AppState, site: String, screen: String) {
        for first in keys {
            var state = start
            var effects = App.update(&state, .key(first), now: 0)
            let afterFirst = state
            for second in keys where !state.shouldQuit {
                state = afterFirst
                effects += App.update(&state, .key(second), now: 0)
                for effect in effects where leavesTheSite(effect, site: site) {
                    XCTFail("\(screen): \(first) then \(second) asked for \(effect)")
                    return
                }
                effects = []
            }
        }
    }

    func testNoKeyOnAnyScreenLeavesTheSite() throws {
        var browsing = try AppFixture.browsing()
        browsing.restrict()
        let site = PackageRoot.path + "/demo"
        walk(browsing, site: site, screen: "browser")
        var editing = try AppFixture.editing()
        editing.restrict()
        walk(editing, site: site, screen: "editor")
        // The start screen is never shown to an author; were it reached, every key ends the session.
        var start = AppState(columns: 80, rows: 24, page: .start)
        start.restrict()
        start.start.recent = ["/srv/other-site"]
        walk(start, site: site, screen: "start")
        for key in keys {
            var state = start
            XCTAssertEqual(App.update(&state, .key(key), now: 0), [.quit], "\(key)")
            XCTAssertFalse(state.start.editingURL)
        }
    }

    /// A site the session refuses (a co-author pushed `contentDir = "../x"`): the session says why
    /// and ends, and the start screen (recent sites, clone by URL) never appears.
    func testARefusedSiteEndsTheSessionWithItsReason() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = home.path + "/ann"
        try PackageRoot.copyDemo(to: site)
        // At the top: below a table the key would be the table's.
        try ("contentDir = \"../x\"\n" + (try String(contentsOfFile: site + "/hugo.toml", encoding: .utf8))).write(
            toFile: site + "/hugo.toml", atomically: true, encoding: .utf8)
        let (runner, messages) = AppFixture.runner(home)
        runner.restricted = true
        runner.run(.loadSite(site), siteRoot: nil)
        XCTAssertTrue(
            messages.wait {
                if case .siteFailed = $0 { return true }; return false
            })
        guard
            let failed = messages.all.first(where: {
                if case .siteFailed = $0 { return true }; return false
            })
        else {
            return XCTFail("no answer")
        }
        var state = AppState(columns: 80, rows: 24, page: .browse)
        state.restrict()
        XCTAssertEqual(App.update(&state, failed, now: 0), [])
        XCTAssertTrue(state.shouldQuit)
        XCTAssertEqual(state.page, .browse, "the start screen is not shown")
        XCTAssertTrue(state.exitProblem?.contains("contentDir") == true, state.exitProblem ?? "")
        // Not restricted, the same refusal is the start screen's message (the writer's own machine).
        var own = AppState(columns: 80, rows: 24, page: .browse)
        _ = App.update(&own, failed, now: 0)
        XCTAssertEqual(own.page, .start)
        XCTAssertFalse(own.shouldQuit)
        // Several sites below a folder: an author is never offered a choice.
        var several = AppState(columns: 80, rows: 24, page: .browse)
        several.restrict()
        _ = App.update(&several, .sitesFound(in: home.path, [site, home.path + "/bo"]), now: 0)
        XCTAssertTrue(several.shouldQuit)
        XCTAssertEqual(several.page, .browse)
    }

    /// The effect runner refuses cloning in a restricted session whatever asks for it.
    func testTheRunnerNeverClonesForAnAuthor() throws {
        let home = try TestHome()
        defer { home.remove() }
        let remote = home.path + "/srv/private-site.git"
        try home.git(["init", "-q", "--bare", remote])
        let (runner, messages) = AppFixture.runner(home)
        runner.restricted = true
        runner.run(.checkCloneURL(url: "file://" + remote, directory: home.path), siteRoot: nil)
        runner.run(.startClone(url: "file://" + remote, target: home.path + "/private-site"), siteRoot: nil)
        XCTAssertTrue(
            messages.wait {
                if case .clone(.refused(let failure)) = $0 { return failure.reason.contains("not available") };
                return false
            })
        XCTAssertTrue(
            messages.wait {
                if case .clone(.urlRefused) = $0 { return true }; return false
            })
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/private-site"))
    }

    /// Issue 56.7: a co-author's archetype linked into `.git` stopped every author's `n`; the
    /// post now starts from the built-in archetype and the writer is told why.
    func testARefusedArchetypeFallsBackWithANote() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = home.path + "/ann"
        try PackageRoot.copyDemo(to: site)
        try? FileManager.default.removeItem(atPath: site + "/archetypes")
        try FileManager.default.createDirectory(atPath: site + "/archetypes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: site + "/.git", withIntermediateDirectories: true)
        try "[core]\n\ttoken = SECRET\n".write(toFile: site + "/.git/config", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: site + "/archetypes/default.md", withDestinationPath: "../.git/config")
        let (runner, messages) = AppFixture.runner(home)
        runner.restricted = true
        runner.run(.createPost(NewPostRequest(title: "Hello there")), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .postCreated = $0 { return true }; return false
            })
        guard
            case .postCreated(let path, let note)? = messages.all.first(where: {
                if case .postCreated = $0 { return true }; return false
            })
        else { return XCTFail("\(messages.all)") }
        XCTAssertTrue(note?.contains("leads into .git") == true, note ?? "")
        XCTAssertFalse(try String(contentsOfFile: site + "/" + path, encoding: .utf8).contains("SECRET"))
        var state = try AppFixture.browsing()
        _ = App.update(&state, .postCreated(path: path, note: note), now: 0)
        XCTAssertTrue(state.toast?.text.contains("was not used") == true, state.toast?.text ?? "")
    }

    /// Issue 56.8: Ann (an author) could undo or unpublish Bo's post. Another author's post opens
    /// read-only, and every change to it is refused by the runner whatever asks: save, draft,
    /// the publish sheet, publish, unpublish, undo. An editor may.
    func testAnAuthorChangesOnlyTheirOwnPosts() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, _) = try demoWithRemote(home)  // committed by the tests' identity, not Ann
        let post = "content/posts/tea-in-kyoto/index.md"
        let before = try String(contentsOfFile: site + "/" + post, encoding: .utf8)
        let (runner, messages) = AppFixture.runner(home)
        runner.restricted = true
        runner.author = CommitAuthor("Ann Author <ann@example.org>")
        runner.run(.openPost(post), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .postReadOnly(post, _) = $0 { return true }; return false
            })
        let failures = messages.count
        runner.run(.save(path: post, text: "Ann was here.", revision: 1), siteRoot: site)
        runner.run(.toggleDraft(post), siteRoot: site)
        runner.run(.preparePublish(post: post), siteRoot: site)
        runner.run(
            .publish(
                commitPath: "content/posts/tea-in-kyoto", post: post, message: "x", setDraftFalse: false, resolve: nil),
            siteRoot: site)
        runner.run(.perform(.unpublish(post)), siteRoot: site)
        runner.run(.perform(.undoPublish(post)), siteRoot: site)
        let deadline = Date().addingTimeInterval(30)
        while messages.count < failures + 6, Date() < deadline { usleep(10_000) }
        runner.finishFileWork()
        var refusals = 0
        for message in messages.all.dropFirst(failures) {
            switch message {
            case .failed(let failure): XCTAssertTrue(failure.reason.contains("only they or an editor"), failure.reason)
            case .publish(.refused(let failure)):
                XCTAssertTrue(failure.reason.contains("only they or an editor"), failure.reason)
            case .changed: break
            default: XCTFail("\(message)")
            }
            refusals += 1
        }
        XCTAssertEqual(refusals, 6)
        XCTAssertEqual(try String(contentsOfFile: site + "/" + post, encoding: .utf8), before, "nothing changed")
        // An editor may.
        runner.role = .editor
        runner.run(.save(path: post, text: before + "Edited.\n", revision: 1), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .saved = $0 { return true }; return false
            })
    }
}
