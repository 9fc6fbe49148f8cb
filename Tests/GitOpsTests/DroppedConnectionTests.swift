import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// The SSH connection dies in the middle of a transfer (the ssh client is killed while a slow
/// link is still sending): nothing half-done is left behind.
final class DroppedConnectionTests: XCTestCase {
    private var home: TestHome!
    private var server: SSHServer!
    private var world: PublishWorld!
    private var throttle: String!

    override func setUpWithError() throws {
        try requireProgram("sshd")
        home = try TestHome()
        server = try SSHServer()
        try server.trust(in: home)
        world = try PublishWorld(server: server, home: home)
        // ssh through a throttle in both directions, marked so the test can kill it.
        throttle = try throttledSSH(home: home, in: world.work)
    }

    override func tearDown() {
        world?.remove()
        server?.stop()
        home?.remove()
    }

    private var options: RemoteOptions {
        var environment = home.environment
        environment["GIT_SSH_COMMAND"] = throttle
        return RemoteOptions(environment: environment)
    }

    /// Kills the throttled ssh once `condition` holds (polled), from another thread.
    private func dropConnection(after seconds: Double) {
        Thread {
            usleep(UInt32(seconds * 1_000_000))
            _ = try? Shell.run(["pkill", "-f", "nakedblog-throttle"])
        }.start()
    }

    private func bigFile(_ path: String, megabytes: Int) throws {
        var random = SeededRandom(seed: 7)
        let bytes = (0..<(megabytes << 20)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func testPublishKeepsTheCommitAndShowsItUnpushed() async throws {
        let clone = try world.writer("a")
        let post = try world.bundles(in: clone)[0]
        try bigFile("\(clone)/\(post)/huge.jpg", megabytes: 6)
        let remoteBefore = try world.git("rev-parse", "main", in: world.remote)
        dropConnection(after: 1.5)
        let operation = Publisher.publish(
            repositoryAt: clone, .init(paths: [post], message: "Publish: Big"), options: options)
        var failure: GitError?
        do { for try await _ in operation.events {} } catch let error as GitError { failure = error }
        XCTAssertNotNil(failure, "the push cannot succeed once the connection is gone")
        XCTAssertEqual(try world.git("rev-parse", "main", in: world.remote), remoteBefore, "the remote is unchanged")
        XCTAssertEqual(
            try Repository.open(at: clone).status().unpushed.map(\.summary), ["Publish: Big"],
            "the commit is kept, unpushed")
        try world.git("fsck", "--no-progress", in: world.remote)
        // The next publish (normal link) pushes it.
        let retry = Publisher.publish(
            repositoryAt: clone, .init(paths: [], message: ""), options: RemoteOptions(environment: home.environment))
        for try await _ in retry.events {}
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", "main", in: world.remote), "Publish: Big")
    }

    func testCloneRemovesThePartialDirectory() async throws {
        let source = try world.writer("source")
        try bigFile(source + "/content/huge.bin", megabytes: 6)
        try world.git("add", "-A", in: source)
        try world.git("commit", "-qm", "Big", in: source)
        try world.git("push", "-q", in: source)
        let target = world.work.appending("clone")
        dropConnection(after: 1.5)
        let operation = Cloner.clone(try GitURL(server.url(for: "blog")), into: target, options: options)
        var failed = false
        do { for try await _ in operation.events {} } catch { failed = true }
        await operation.waitUntilFinished()
        XCTAssertTrue(failed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "no partial clone is left")
    }

    func testSyncLeavesTheRepositoryConsistent() async throws {
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        try bigFile(theirs + "/content/huge.bin", megabytes: 6)
        try world.git("add", "-A", in: theirs)
        try world.git("commit", "-qm", "Big", in: theirs)
        try world.git("push", "-q", in: theirs)
        let before = try world.git("rev-parse", "HEAD", in: mine)
        dropConnection(after: 1.5)
        let operation = Publisher.sync(repositoryAt: mine, options: options)
        var failed = false
        do { for try await _ in operation.events {} } catch { failed = true }
        XCTAssertTrue(failed)
        XCTAssertEqual(try world.git("rev-parse", "HEAD", in: mine), before, "nothing half-applied")
        XCTAssertEqual(try world.git("status", "--porcelain", in: mine), "")
        XCTAssertEqual(try Repository.open(at: mine).pendingOperation(), PendingOperation.none)
        try world.git("fsck", "--no-progress", in: mine)
    }
}
