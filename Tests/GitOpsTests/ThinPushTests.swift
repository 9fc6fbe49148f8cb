import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// Pushes over ssh that send only what the new commits add, as git does (`thinPush`), against
/// a real sshd on 127.0.0.1; every result is checked with the git CLI (fsck included).
final class ThinPushTests: XCTestCase {
    private var home: TestHome!
    private var server: SSHServer!
    private var world: PublishWorld!

    override func setUpWithError() throws {
        try requireProgram("sshd")
        home = try TestHome()
        server = try SSHServer()
        try server.trust(in: home)
    }

    override func tearDown() {
        world?.remove()
        server?.stop()
        home?.remove()
    }

    private func makeWorld(posts: Int = 6) throws -> PublishWorld {
        world = try PublishWorld(server: server, home: home, posts: posts)
        return world
    }

    /// Pushes `main` of `clone` like a publish does; returns the session (for its outcome).
    @discardableResult
    private func push(_ clone: String, environment: [String: String] = [:]) throws -> PushSession {
        let session = PushSession(credentials: nil) { _ in }
        let repository = try Repository.open(at: clone)
        try repository.push(
            branch: "main", to: "refs/heads/main", remote: "origin", session: session,
            options: RemoteOptions(environment: home.environment.merging(environment) { $1 }))
        return session
    }

    private func commitAll(_ clone: String, _ message: String) throws {
        try world.git("add", "-A", in: clone)
        try world.git("commit", "-qm", message, in: clone)
    }

    /// A fresh clone with one unpushed commit (`message`) that edits its first post.
    private func cloneWithOneCommit(_ message: String) throws -> String {
        let clone = try world.writer("a")
        try world.append("\nwords\n", to: "\(clone)/\(try world.bundles(in: clone)[0])/index.md")
        try commitAll(clone, message)
        return clone
    }

    /// The remote has exactly the clone's commit, is consistent, and the clone knows it.
    private func assertRemoteMatches(_ clone: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(
            try world.git("rev-parse", "main", in: world.remote), try world.git("rev-parse", "HEAD", in: clone),
            file: file, line: line)
        XCTAssertEqual(
            try world.git("rev-parse", "origin/main", in: clone), try world.git("rev-parse", "HEAD", in: clone),
            "the remote-tracking branch moved", file: file, line: line)
        try world.git("fsck", "--strict", "--no-progress", in: world.remote)
    }

    func testAnEditedPostSendsDeltasNotTheTrees() throws {
        let world = try makeWorld(posts: 300)
        let clone = try world.writer("a")
        let post = try world.bundles(in: clone)[150]
        try world.append("\nOne more sentence.\n", to: "\(clone)/\(post)/index.md")
        try commitAll(clone, "Update: one post")
        let session = try push(clone)
        guard case .answered(let objects, let bytes)? = session.thinPushOutcome else {
            return XCTFail("not pushed thin: \(String(describing: session.thinPushOutcome))")
        }
        try assertRemoteMatches(clone)
        XCTAssertEqual(objects, 6, "commit, root, content, posts, the bundle's tree and the post")
        let postsTree = Int(try world.git("cat-file", "-s", "HEAD:content/posts", in: clone))!
        XCTAssertLessThan(bytes, 2_000, "the \(postsTree)-byte posts tree went as a delta")
    }

    func testSeveralCommitsWithNewBundlesImagesAndDeletions() throws {
        let world = try makeWorld()
        let clone = try world.writer("a")
        let bundles = try world.bundles(in: clone)
        try FileManager.default.createDirectory(
            atPath: "\(clone)/content/posts/new-one/gallery", withIntermediateDirectories: true)
        try "---\ntitle: New\n---\nHello\n".write(
            toFile: "\(clone)/content/posts/new-one/index.md", atomically: true, encoding: .utf8)
        try Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(
            to: URL(fileURLWithPath: "\(clone)/content/posts/new-one/gallery/a.jpg"))
        try commitAll(clone, "Publish: New")
        try FileManager.default.removeItem(atPath: "\(clone)/\(bundles[1])")
        try world.append("\nedited\n", to: "\(clone)/\(bundles[2])/index.md")
        try commitAll(clone, "Delete one, edit another")
        // The same bytes at a second path, and a file back to an older version.
        try FileManager.default.copyItem(
            atPath: "\(clone)/content/posts/new-one/gallery/a.jpg", toPath: "\(clone)/content/posts/new-one/b.jpg")
        try world.git("checkout", "HEAD~2", "--", "\(bundles[2])/index.md", in: clone)
        try commitAll(clone, "Copy and revert")
        let session = try push(clone)
        guard case .answered? = session.thinPushOutcome else {
            return XCTFail("\(String(describing: session.thinPushOutcome))")
        }
        try assertRemoteMatches(clone)
        XCTAssertEqual(
            try world.git("log", "--format=%s", "-3", "main", in: world.remote),
            "Copy and revert\nDelete one, edit another\nPublish: New")
        XCTAssertEqual(
            try world.git("ls-tree", "-r", "main", in: world.remote), try world.git("ls-tree", "-r", "HEAD", in: clone))
    }

    func testAHookRefusalIsTheRemotesAnswer() throws {
        let world = try makeWorld()
        let hook = world.remote + "/hooks/pre-receive"
        try "#!/bin/sh\necho 'Publishing is frozen until Monday.' >&2\nexit 1\n".write(
            toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        let clone = try cloneWithOneCommit("Publish: Frozen")
        let before = try world.git("rev-parse", "main", in: world.remote)
        let session = PushSession(credentials: nil) { _ in }
        XCTAssertThrowsError(
            try Repository.open(at: clone).push(
                branch: "main", to: "refs/heads/main", remote: "origin", session: session,
                options: RemoteOptions(environment: home.environment))
        ) { error in
            let error = error as? GitError
            XCTAssertEqual(error?.kind, .rejectedByRemote)
            XCTAssertTrue(error?.message.contains("pre-receive hook declined") ?? false, error?.message ?? "")
            XCTAssertTrue(
                error?.remoteMessages.contains { $0.contains("Publishing is frozen until Monday.") } ?? false,
                "\(error?.remoteMessages ?? [])")
        }
        guard case .answered? = session.thinPushOutcome else {
            return XCTFail("\(String(describing: session.thinPushOutcome))")
        }
        XCTAssertEqual(try world.git("rev-parse", "main", in: world.remote), before)
        XCTAssertNotEqual(
            try world.git("rev-parse", "origin/main", in: clone), try world.git("rev-parse", "HEAD", in: clone),
            "still unpushed")
    }

    func testARemoteThatMovedOnIsNotOverwritten() async throws {
        let world = try makeWorld()
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let bundles = try world.bundles(in: mine)
        try world.append("\ntheirs\n", to: "\(theirs)/\(bundles[2])/index.md")
        try commitAll(theirs, "Their change")
        try world.git("push", "-q", "origin", "main", in: theirs)
        try world.append("\nmine\n", to: "\(mine)/\(bundles[0])/index.md")
        try commitAll(mine, "My change")
        XCTAssertThrowsError(try push(mine)) { XCTAssertEqual(($0 as? GitError)?.kind, .nonFastForward) }
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", "main", in: world.remote), "Their change")
        // A publish then fetches, replays and pushes (thin again): both changes land, linear.
        let (result, _) = try await world.publish(mine, paths: [])
        XCTAssertEqual(result.rebasedCommits, 1)
        XCTAssertEqual(try world.git("log", "--format=%s", "-2", "main", in: world.remote), "My change\nTheir change")
        try assertRemoteMatches(mine)
    }

    func testWhatItDoesNotHandleGoesThroughLibgit2() throws {
        let world = try makeWorld()
        // A merge among the new commits.
        let clone = try world.writer("a")
        let bundles = try world.bundles(in: clone)
        try world.git("checkout", "-qb", "side", in: clone)
        try world.append("\nside\n", to: "\(clone)/\(bundles[0])/index.md")
        try commitAll(clone, "Side")
        try world.git("checkout", "-q", "main", in: clone)
        try world.append("\nmain\n", to: "\(clone)/\(bundles[1])/index.md")
        try commitAll(clone, "Main")
        try world.git("merge", "-q", "--no-edit", "side", in: clone)
        var session = try push(clone)
        guard case .fellBack(let reason)? = session.thinPushOutcome else {
            return XCTFail("\(String(describing: session.thinPushOutcome))")
        }
        XCTAssertTrue(reason.contains("merge"), reason)
        try assertRemoteMatches(clone)

        // A branch the remote does not have yet.
        let session2 = PushSession(credentials: nil) { _ in }
        try Repository.open(at: clone).push(
            branch: "side", to: "refs/heads/side", remote: "origin", session: session2,
            options: RemoteOptions(environment: home.environment))
        guard case .fellBack? = session2.thinPushOutcome else {
            return XCTFail("\(String(describing: session2.thinPushOutcome))")
        }
        XCTAssertEqual(
            try world.git("rev-parse", "side", in: world.remote), try world.git("rev-parse", "side", in: clone))

        // Switched off.
        try world.append("\nagain\n", to: "\(clone)/\(bundles[1])/index.md")
        try commitAll(clone, "Again")
        session = try push(clone, environment: ["NAKEDBLOG_THIN_PUSH": "0"])
        XCTAssertNil(session.thinPushOutcome)
        try assertRemoteMatches(clone)
    }

    func testARemoteThatAlreadyHasTheCommitIsUpToDate() throws {
        let world = try makeWorld()
        let clone = try cloneWithOneCommit("Pushed behind our back")
        // Pushed by git, so this clone's remote-tracking branch does not know yet (a push whose
        // report was lost on the way looks the same).
        try world.git("push", "-q", world.remote, "main", in: clone)
        try world.git("update-ref", "refs/remotes/origin/main", "HEAD~1", in: clone)
        let session = try push(clone)
        XCTAssertEqual(session.thinPushOutcome, .upToDate)
        try assertRemoteMatches(clone)
    }

    func testABigUploadReportsProgressAsItGoes() throws {
        let world = try makeWorld()
        let clone = try world.writer("a")
        var random = SeededRandom(seed: 3)
        let image = Data((0..<1_500_000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        try image.write(to: URL(fileURLWithPath: "\(clone)/\(try world.bundles(in: clone)[0])/gallery.jpg"))
        try commitAll(clone, "Publish: gallery")
        let events = LockedEvents()
        let session = PushSession(credentials: nil) { events.append($0) }
        var environment = home.environment
        environment["GIT_SSH_COMMAND"] = try throttledSSH(home: home, in: world.work)
        try Repository.open(at: clone).push(
            branch: "main", to: "refs/heads/main", remote: "origin", session: session,
            options: RemoteOptions(environment: environment))
        guard case .answered(_, let bytes)? = session.thinPushOutcome else {
            return XCTFail("\(String(describing: session.thinPushOutcome))")
        }
        let sent = events.all.compactMap { event -> Int? in
            if case .sending(let progress) = event { return progress.bytes }; return nil
        }
        XCTAssertGreaterThanOrEqual(sent.count, 4, "progress while the pack goes out, not only at the end: \(sent)")
        XCTAssertEqual(sent, sent.sorted())
        XCTAssertEqual(sent.last, bytes)
        try assertRemoteMatches(clone)
    }

    func testAnUnreachableServerIsReportedOnceWithSSHsWords() throws {
        _ = try makeWorld()
        let clone = try cloneWithOneCommit("Offline")
        server.stop()
        let session = PushSession(credentials: nil) { _ in }
        let started = Date()
        XCTAssertThrowsError(
            try Repository.open(at: clone).push(
                branch: "main", to: "refs/heads/main", remote: "origin", session: session,
                options: RemoteOptions(environment: home.environment))
        ) { error in
            let error = error as? GitError
            XCTAssertEqual(error?.kind, .networkUnreachable, error?.message ?? "")
            XCTAssertTrue(error?.message.hasPrefix("ssh: ") ?? false, error?.message ?? "")
        }
        XCTAssertNil(session.thinPushOutcome, "a failed connection is not retried through libgit2")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }
}

/// Events collected from the thread that pushes.
private final class LockedEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [PublishEvent] = []

    func append(_ event: PublishEvent) { lock.lock(); events.append(event); lock.unlock() }
    var all: [PublishEvent] { lock.lock(); defer { lock.unlock() }; return events }
}
