import Foundation
import XCTest
@testable import NakedblogApp
import GitOps
import TestSupport

/// The effect runner keeps a publish alive until it ends, whatever the screens do, and then
/// lets go of it (a long session must not collect every publish it ever ran).
final class EffectRunnerPublishTests: XCTestCase {
    func testAFinishedPublishIsNoLongerHeld() throws {
        let home = try TestHome()
        defer { home.remove() }
        GitLibrary.setGlobalConfigDirectory(home.path)
        let site = home.path + "/site", remote = home.path + "/remote.git"
        try PackageRoot.copyDemo(to: site)
        for command in [["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
                        ["git", "clone", "-q", "--bare", ".", remote], ["git", "remote", "add", "origin", "file://" + remote],
                        ["git", "fetch", "-q", "origin"], ["git", "branch", "-q", "--set-upstream-to=origin/main"]] {
            try Shell.check(command, in: site, environment: home.environment)
        }
        let post = "content/posts/tea-in-kyoto/index.md"
        try (try String(contentsOfFile: site + "/" + post, encoding: .utf8) + "\nOne more cup.\n").write(toFile: site + "/" + post, atomically: true, encoding: .utf8)

        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        runner.run(.loadSite(site))
        XCTAssertTrue(messages.wait { if case .siteLoaded = $0 { return true }; return false })
        runner.run(.publish(commitPath: "content/posts/tea-in-kyoto", post: post, message: "Update: tea", setDraftFalse: false, resolve: nil))
        XCTAssertTrue(messages.wait { if case .publishFinished = $0 { return true }; return false })
        let deadline = Date().addingTimeInterval(5)
        while runner.publishesInFlight > 0 && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(runner.publishesInFlight, 0)
        XCTAssertEqual(try Shell.check(["git", "log", "-1", "--format=%s", "main"], in: remote, environment: home.environment)
            .trimmingCharacters(in: .whitespacesAndNewlines), "Update: tea")
    }
}

/// Messages sent by the runner, collected across threads.
final class MessageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [AppMessage] = []

    func append(_ message: AppMessage) { lock.withLock { messages.append(message) } }

    /// Waits (up to `timeout` seconds) for a message that `matches`.
    func wait(timeout: TimeInterval = 30, _ matches: (AppMessage) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lock.withLock({ messages.contains(where: matches) }) { return true }
            usleep(10_000)
        }
        return false
    }
}
