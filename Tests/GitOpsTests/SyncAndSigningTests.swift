import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// Sync, commit signing, and two writers racing to publish.
final class SyncAndSigningTests: XCTestCase {
    private var home: TestHome!
    private var worlds: [PublishWorld] = []

    override func setUpWithError() throws { home = try TestHome() }

    override func tearDown() {
        worlds.forEach { $0.remove() }
        home.remove()
    }

    private func world(_ server: GitServer) throws -> PublishWorld {
        let world = try PublishWorld(server: server, home: home)
        worlds.append(world)
        return world
    }

    func testSyncFastForwardsAndKeepsUnrelatedEdits() async throws {
        let world = try world(try FileGitServer())
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let bundles = try world.bundles(in: mine)
        try world.append("\nnews\n", to: "\(theirs)/\(bundles[0])/index.md")
        try world.git("commit", "-qam", "News", in: theirs)
        try world.git("push", "-q", in: theirs)
        try world.append("\ndraft\n", to: "\(mine)/\(bundles[1])/index.md")
        let result = try await world.sync(mine)
        XCTAssertTrue(result.fastForwarded)
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", in: mine), "News")
        XCTAssertEqual(try world.git("status", "--porcelain", in: mine), " M \(bundles[1])/index.md")
    }

    /// Issue 45.6: a post changed only on the remote is behind, not unpushed; a local commit's
    /// files are unpushed, and only those.
    func testFilesNotOnRemoteAreTheLocalCommitsOnly() throws {
        let world = try world(try FileGitServer())
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let bundles = try world.bundles(in: mine)
        try world.append("\nnews\n", to: "\(theirs)/\(bundles[0])/index.md")
        try world.git("commit", "-qam", "News", in: theirs)
        try world.git("push", "-q", in: theirs)
        try world.git("fetch", "-q", in: mine)
        let repository = try Repository.open(at: mine)
        XCTAssertEqual(repository.filesNotOnRemote(), [])
        XCTAssertEqual(try repository.status().behind, 1)
        try world.append("\nlocal\n", to: "\(mine)/\(bundles[1])/index.md")
        try world.git("commit", "-qam", "Local", in: mine)
        XCTAssertEqual(try Repository.open(at: mine).filesNotOnRemote(), ["\(bundles[1])/index.md"])
    }

    func testSyncRebasesLocalCommits() async throws {
        let world = try world(try FileGitServer())
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let bundles = try world.bundles(in: mine)
        try world.append("\nnews\n", to: "\(theirs)/\(bundles[0])/index.md")
        try world.git("commit", "-qam", "News", in: theirs)
        try world.git("push", "-q", in: theirs)
        try world.append("\nlocal\n", to: "\(mine)/\(bundles[1])/index.md")
        try world.git("commit", "-qam", "Local", in: mine)
        let result = try await world.sync(mine)
        XCTAssertEqual(result.rebasedCommits, 1)
        XCTAssertEqual(try world.git("log", "--format=%s", "-2", in: mine), "Local\nNews")
        XCTAssertEqual(try world.git("status", "--porcelain", in: mine), "")
    }

    func testSyncNeverOverwritesAnEditedFile() async throws {
        let world = try world(try FileGitServer())
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let post = try world.bundles(in: mine)[0] + "/index.md"
        try world.append("\ntheirs\n", to: "\(theirs)/\(post)")
        try world.git("commit", "-qam", "Theirs", in: theirs)
        try world.git("push", "-q", in: theirs)
        try world.append("\nmy unsaved work\n", to: "\(mine)/\(post)")
        let before = try world.git("rev-parse", "HEAD", in: mine)
        let error = await expectGitError { _ = try await world.sync(mine) }
        XCTAssertEqual(error?.kind, .wouldOverwrite)
        XCTAssertEqual(error?.paths, [post])
        XCTAssertTrue(error?.message.contains(post) ?? false)
        XCTAssertEqual(try world.git("rev-parse", "HEAD", in: mine), before)
        XCTAssertTrue(try String(contentsOfFile: "\(mine)/\(post)", encoding: .utf8).hasSuffix("my unsaved work\n"))
    }

    func testSSHSignedCommitVerifiesWithGit() async throws {
        let world = try world(try FileGitServer())
        let clone = try world.writer("a")
        let key = world.work.appending("signing")
        try Shell.check(["ssh-keygen", "-q", "-N", "", "-t", "ed25519", "-C", "writer@example.test", "-f", key])
        let publicKey = try String(contentsOfFile: key + ".pub", encoding: .utf8)
        try "writer@example.test \(publicKey)".write(
            toFile: world.work.appending("allowed"), atomically: true, encoding: .utf8)
        try world.git("config", "commit.gpgsign", "true", in: clone)
        try world.git("config", "gpg.format", "ssh", in: clone)
        try world.git("config", "user.signingkey", key, in: clone)
        try world.git("config", "gpg.ssh.allowedSignersFile", world.work.appending("allowed"), in: clone)
        let post = try world.bundles(in: clone)[0]
        try world.append("\nsigned words\n", to: "\(clone)/\(post)/index.md")
        let (result, _) = try await world.publish(clone, paths: [post], message: "Publish: Signed")
        XCTAssertEqual(result.commit?.signed, true)
        try world.git("verify-commit", "HEAD", in: clone)
        XCTAssertEqual(
            try world.git("rev-parse", "main", in: world.remote), try world.git("rev-parse", "HEAD", in: clone))
    }

    func testFailingSignerRefusesToCommit() async throws {
        let world = try world(try FileGitServer())
        let clone = try world.writer("a")
        try world.git("config", "commit.gpgsign", "true", in: clone)
        try world.git("config", "gpg.program", "false", in: clone)
        let post = try world.bundles(in: clone)[0]
        try world.append("\nwords\n", to: "\(clone)/\(post)/index.md")
        let before = try world.git("rev-parse", "HEAD", in: clone)
        let error = await expectGitError { _ = try await world.publish(clone, paths: [post]) }
        XCTAssertEqual(error?.kind, .signingFailed)
        XCTAssertTrue(error?.message.contains("nothing was committed") ?? false, error?.message ?? "")
        XCTAssertEqual(try world.git("rev-parse", "HEAD", in: clone), before, "never an unsigned commit")
    }

    /// Two writers publish at the same moment, 200 times: every commit either made reaches the
    /// remote, in a linear history.
    func testTwoWritersRacingNeverLoseACommit() async throws {
        let server = try GitDaemonServer()
        let world = try world(server)
        let writers = [try world.writer("w0"), try world.writer("w1")]
        let bundles = try world.bundles(in: writers[0])
        var random = SeededRandom(seed: 42)
        let rounds = 100
        var expected = Set<String>()
        let environment = home.environment
        for round in 0..<rounds {
            // Mostly different posts; sometimes the same post at different ends (still no conflict).
            let shared = random.next() % 4 == 0
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, clone) in writers.enumerated() {
                    let post = shared ? bundles[0] : bundles[1 + index]
                    let file = "\(clone)/\(post)/note-\(index)-\(round).md"
                    try "round \(round) by \(index)\n".write(toFile: file, atomically: true, encoding: .utf8)
                    let message = "Publish: w\(index) r\(round)"
                    expected.insert(message)
                    let options = RemoteOptions(environment: environment)
                    group.addTask {
                        let operation = Publisher.publish(
                            repositoryAt: clone, .init(paths: [post], message: message), options: options)
                        for try await _ in operation.events {}
                    }
                }
                try await group.waitForAll()
            }
        }
        let log = try world.git("log", "--format=%s", "main", in: world.remote)
        let published = Set(log.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Publish: w") })
        XCTAssertEqual(published.count, rounds * 2)
        XCTAssertEqual(expected.subtracting(published), [])
        XCTAssertEqual(try world.git("rev-list", "--merges", "--count", "main", in: world.remote), "0")
        try world.git("fsck", "--no-progress", in: world.remote)
    }
}
