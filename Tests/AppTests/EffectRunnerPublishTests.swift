import Foundation
import GitOps
import TestSupport
import XCTest

@testable import NakedblogApp

/// The effect runner keeps a publish alive until it ends, whatever the screens do, and then
/// lets go of it (a long session must not collect every publish it ever ran).
final class EffectRunnerPublishTests: XCTestCase {
    func testAFinishedPublishIsNoLongerHeld() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, remote) = try demoWithRemote(home)
        let post = "content/posts/tea-in-kyoto/index.md"
        try (try String(contentsOfFile: site + "/" + post, encoding: .utf8) + "\nOne more cup.\n").write(
            toFile: site + "/" + post, atomically: true, encoding: .utf8)

        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        runner.run(.loadSite(site), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .siteLoaded = $0 { return true }; return false
            })
        runner.run(
            .publish(
                commitPath: "content/posts/tea-in-kyoto", post: post, message: "Update: tea", setDraftFalse: false,
                resolve: nil), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .publish(.finished) = $0 { return true }; return false
            })
        let deadline = Date().addingTimeInterval(5)
        while runner.publishesInFlight > 0 && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(runner.publishesInFlight, 0)
        XCTAssertEqual(
            try Shell.check(["git", "log", "-1", "--format=%s", "main"], in: remote, environment: home.environment)
                .trimmingCharacters(in: .whitespacesAndNewlines), "Update: tea")
    }
}

/// A post read again after a publish arrives as `postReloaded` (which never changes the page);
/// one that cannot be read any more (published as deleted) raises no error.
final class EffectRunnerReloadTests: XCTestCase {
    func testAReloadIsQuietAndNeverAnOpen() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = home.path + "/site"
        try PackageRoot.copyDemo(to: site)
        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        runner.run(.loadSite(site), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .siteLoaded = $0 { return true }; return false
            })
        runner.run(.reloadPost("content/posts/tea-in-kyoto/index.md"), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .postReloaded(let path, _, _) = $0 { return path == "content/posts/tea-in-kyoto/index.md" };
                return false
            })
        runner.run(.reloadPost("content/posts/gone/index.md"), siteRoot: site)
        runner.run(.openPost("content/posts/also-gone/index.md"), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .failed(let failure) = $0 { let problem = failure.reason; return problem.contains("also-gone") };
                return false
            })
        usleep(300_000)  // the reload ran on another thread: give it time to say anything it would
        XCTAssertFalse(
            messages.contains {
                if case .postOpened = $0 { return true }; return false
            }, "a reload is never an open")
        XCTAssertFalse(
            messages.contains {
                if case .failed(let failure) = $0 { let problem = failure.reason; return problem.contains("/gone/") };
                return false
            },
            "a reload that cannot read the post says nothing")
    }
}

/// Messages sent by the runner, collected across threads.
final class MessageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [AppMessage] = []

    func append(_ message: AppMessage) { lock.withLock { messages.append(message) } }

    func contains(where matches: (AppMessage) -> Bool) -> Bool { lock.withLock { messages.contains(where: matches) } }

    /// Every message so far, in order.
    var all: [AppMessage] { lock.withLock { messages } }

    /// How many messages have arrived.
    var count: Int { lock.withLock { messages.count } }

    /// Waits for a message that `matches` among those after the first `after`.
    func wait(after: Int, timeout: TimeInterval = 30, _ matches: (AppMessage) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lock.withLock({ messages.dropFirst(after).contains(where: matches) }) { return true }
            usleep(10_000)
        }
        return false
    }

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

/// A restricted author publishes as the author given: the committer is the server's identity
/// when it has one, else the author; the author is never asked to write server files.
final class RestrictedIdentityTests: XCTestCase {
    private func publish(serverHasIdentity: Bool) throws -> (author: String, committer: String) {
        let home = try TestHome()
        defer { home.remove() }
        let (site, remote) = try demoWithRemote(home)
        if !serverHasIdentity {
            for key in ["user.name", "user.email"] {
                _ = try? Shell.check(
                    ["git", "config", "--global", "--unset", key], in: site, environment: home.environment)
            }
        }
        let post = "content/posts/tea-in-kyoto/index.md"
        try (try String(contentsOfFile: site + "/" + post, encoding: .utf8) + "\nAnn was here.\n").write(
            toFile: site + "/" + post, atomically: true, encoding: .utf8)
        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        runner.restricted = true
        runner.author = CommitAuthor("Ann Author <ann@example.org>")
        runner.role = .editor  // the post is the site's, not Ann's
        runner.run(
            .publish(
                commitPath: "content/posts/tea-in-kyoto", post: post, message: "Update: tea", setDraftFalse: false,
                resolve: nil), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .publish(.finished) = $0 { return true }; if case .publish(.failed) = $0 { return true };
                if case .publish(.refused) = $0 { return true };
                return false
            })
        XCTAssertFalse(
            messages.contains {
                if case .publish(.failed) = $0 { return true }; if case .publish(.refused) = $0 { return true };
                return false
            }, "published")
        let line = try Shell.check(
            ["git", "log", "-1", "--format=%an <%ae>|%cn <%ce>", "main"], in: remote, environment: home.environment
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = line.split(separator: "|").map(String.init)
        XCTAssertFalse(
            FileManager.default.contents(atPath: home.path + "/.gitconfig").map {
                String(decoding: $0, as: UTF8.self).contains("Ann")
            } ?? false,
            "~/.gitconfig is never written for an author")
        return (parts[0], parts.count > 1 ? parts[1] : "")
    }

    func testTheAuthorCommitsWhenTheServerHasNoIdentity() throws {
        let without = try publish(serverHasIdentity: false)
        XCTAssertEqual(without.author, "Ann Author <ann@example.org>")
        XCTAssertEqual(without.committer, "Ann Author <ann@example.org>")
        let with = try publish(serverHasIdentity: true)
        XCTAssertEqual(with.author, "Ann Author <ann@example.org>")
        XCTAssertNotEqual(
            with.committer, "Ann Author <ann@example.org>", "the server's identity commits when it has one")
    }
}

/// The demo blog in a repository of its own under `home`, with a bare remote it tracks.
func demoWithRemote(_ home: TestHome) throws -> (site: String, remote: String) {
    GitLibrary.setGlobalConfigDirectory(home.path)
    let site = home.path + "/site", remote = home.path + "/remote.git"
    try PackageRoot.copyDemo(to: site)
    for command in [
        ["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
        ["git", "clone", "-q", "--bare", ".", remote], ["git", "remote", "add", "origin", "file://" + remote],
        ["git", "fetch", "-q", "origin"], ["git", "branch", "-q", "--set-upstream-to=origin/main"],
    ] {
        try Shell.check(command, in: site, environment: home.environment)
    }
    return (site, remote)
}
