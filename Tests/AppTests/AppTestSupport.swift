import Blog
import Foundation
import GitOps
import TUI
import TestSupport

@testable import NakedblogApp

/// App states built the way the app builds them: messages through `App.update`.
enum AppFixture {
    /// A fixed "now" so statuses (scheduled, draft) never depend on the day the tests run.
    static let today = ISO8601DateFormatter().date(from: "2026-11-20T12:00:00Z")!

    static var demoSite: Site {
        get throws { try Site.open(containing: PackageRoot.path + "/demo") }
    }

    /// The browser on the demo site.
    static func browsing(columns: Int = 80, rows: Int = 24) throws -> AppState {
        var state = AppState(columns: columns, rows: rows, page: .browse)
        state.today = today
        let site = try demoSite
        _ = App.update(&state, .siteLoaded(site, .prepared(PostIndex.build(site)), readAt: today), now: 0)
        var git = GitSummary()
        git.branch = "main"
        git.upstream = "origin/main"
        git.unpushed = 1
        git.changes = ["content/posts/cold-brew-ratios/index.md": .modified]
        git.unpushedFiles = ["content/posts/summit-in-the-fog/index.md"]
        _ = App.update(&state, .gitStatus(git), now: 0)
        return state
    }

    /// The editor on one demo post.
    static func editing(_ path: String = "content/posts/cold-brew-ratios/index.md", columns: Int = 80, rows: Int = 24)
        throws -> AppState
    {
        var state = try browsing(columns: columns, rows: rows)
        let text = try String(contentsOfFile: PackageRoot.path + "/demo/" + path, encoding: .utf8)
        _ = update(&state, .postOpened(path: path, text: text, stamp: nil), now: 0)
        return state
    }

    /// `App.update`, with previews rendered at once as the effect runner renders them (off the
    /// loop there; here in line, so a frame after a key shows its preview). Returns the other effects.
    static func update(_ state: inout AppState, _ message: AppMessage, now: TimeInterval = 0) -> [AppEffect] {
        var pending = App.update(&state, message, now: now)
        var others: [AppEffect] = []
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            if case .renderPreview(let job) = effect {
                pending += App.update(&state, job.render(), now: now)
            } else {
                others.append(effect)
            }
        }
        return others
    }

    static func send(_ state: inout AppState, _ keys: KeyEvent..., now: TimeInterval = 0) -> [AppEffect] {
        keys.flatMap { update(&state, .key($0), now: now) }
    }

    static func type(_ state: inout AppState, _ text: String) {
        for character in text { _ = update(&state, .key(.character(character)), now: 0) }
    }

    static func lines(_ state: AppState) -> [String] {
        var copy = state
        return Render.frame(&copy).screen.lines(trimmingTrailingSpaces: true)
    }
}

extension AppFixture {
    /// An effect runner for `home` whose messages are logged.
    static func runner(_ home: TestHome, followsDisk: Bool = false) -> (EffectRunner, MessageLog) {
        let messages = MessageLog()
        return (EffectRunner(environment: home.environment, followsDisk: followsDisk) { messages.append($0) }, messages)
    }
}

extension AppFixture {
    /// Runs `task` here, as the runner would on its file queue (the site at `root`), and lands
    /// its result in `state`: a feature's I/O tested without a runner or waits.
    static func perform(
        _ task: SiteTask, root: String, on state: inout AppState, restricted: Bool = false,
        environment: [String: String] = ["HOME": "/nonexistent", "XDG_STATE_HOME": "/nonexistent"],
        now: TimeInterval = 0
    ) throws -> [AppEffect] {
        let context = SiteTaskContext(
            site: try Site.open(containing: root), restricted: restricted, environment: environment, author: nil)
        return App.update(&state, .changed(task.perform(context)), now: now)
    }
}
