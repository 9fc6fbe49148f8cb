import Blog
import Foundation
import GitOps
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// A save costs the saved post: after Ctrl-S the app re-reads that post and asks git about its
/// paths only — the same few reads on a 2,000-post site as on a 20,000-post one (counted with
/// /proc/self/io's read calls, the whole process).
final class SaveCostTests: XCTestCase {
    /// Read system calls made by this process so far.
    private func readCalls() throws -> Int { try ProcessCounters.readCalls() }

    /// Runs `effects` through the runner and feeds what comes back to `update`, until `done`.
    private func drive(
        _ state: inout AppState, _ runner: EffectRunner, _ queue: MessageLog, _ effects: [AppEffect],
        until done: (AppMessage) -> Bool
    ) -> Bool {
        var pending = effects
        var seen = queue.count
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            for effect in pending {
                if case .renderPreview = effect { continue }; runner.run(effect, siteRoot: state.site?.root)
            }
            pending = []
            let messages = queue.all.dropFirst(seen)
            seen += messages.count
            for message in messages {
                pending += App.update(&state, message, now: 0)
                if done(message) { return true }
            }
            usleep(2_000)
        }
        return false
    }

    private func readsForOneSave(posts: Int) throws -> Int {
        let fixture = try BlogFixture.make(.init(posts: posts, commits: 3))
        let home = try TestHome()
        defer { home.remove() }
        let site = home.path + "/site"
        try Shell.check(["git", "clone", "-q", fixture.path, site], environment: home.environment, timeout: 600)
        let queue = MessageLog()
        let runner = EffectRunner(environment: home.environment) { queue.append($0) }
        var state = AppState(columns: 80, rows: 24, page: .browse)
        XCTAssertTrue(
            drive(&state, runner, queue, [.loadSite(site)]) {
                if case .gitStatus = $0 { return true }; return false
            })
        let post = try XCTUnwrap(state.browse.posts.first { $0.path.contains("00042") }).path
        XCTAssertTrue(
            drive(&state, runner, queue, [.openPost(post)]) {
                if case .postOpened = $0 { return true }; return false
            })
        _ = App.update(&state, .key(.character("x")), now: 0)
        let save = App.update(&state, .key(.control("s")), now: 0)
        XCTAssertTrue(
            save.contains {
                if case .save = $0 { return true }; return false
            })
        usleep(200_000)  // let the runner's threads settle
        let before = try readCalls()
        XCTAssertTrue(
            drive(&state, runner, queue, save) {
                if case .gitChangesRefreshed = $0 { return true }; return false
            })
        let reads = try readCalls() - before
        XCTAssertEqual(state.git.changes[post], .modified, "the saved post shows as modified")
        XCTAssertEqual(state.editor?.editor.isDirty, false)
        return reads
    }

    func testASaveReadsThePostNotTheRepository() throws {
        let small = try readsForOneSave(posts: 2_000)
        let large = try readsForOneSave(posts: 20_000)
        print("SaveCostTests: read calls per save: \(small) (2,000 posts), \(large) (20,000 posts)")
        XCTAssertLessThanOrEqual(small, 200, "2,000 posts")
        XCTAssertLessThanOrEqual(large, 200, "20,000 posts")
    }
}
