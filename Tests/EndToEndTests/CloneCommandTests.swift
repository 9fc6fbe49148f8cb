import Foundation
import TestSupport
import XCTest

/// `nakedblog clone` through the real binary against real servers; results checked with git.
final class CloneCommandTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var fixture: BlogFixture!

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-clone-cli")
        fixture = try BlogFixture.make(.init(posts: 40, imagesPerPost: 1, imageBytes: 3_000, commits: 5))
    }

    override func tearDown() {
        home.remove()
        work.remove()
    }

    private func clone(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog"), "clone"] + arguments, in: work.path,
            environment: environment ?? home.environment, timeout: 120)
    }

    func testCloneOverGitDaemonShowsProgressAndASummary() throws {
        let server = try GitDaemonServer()
        defer { server.stop() }
        try server.createRepository(named: "my-blog", from: fixture.path)
        let result = try clone([server.url(for: "my-blog")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Receiving objects: 100%"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Updating files: 100%"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Cloned \(server.url(for: "my-blog")) into my-blog: main at "), result.stderr)
        XCTAssertEqual(
            try Shell.check(["git", "rev-parse", "HEAD"], in: work.appending("my-blog")),
            try Shell.check(["git", "rev-parse", "HEAD"], in: fixture.path))
        try Shell.check(["git", "fsck", "--no-progress"], in: work.appending("my-blog"))
        XCTAssertLessThan(
            result.stderr.split(separator: "\n").count, 40, "progress is throttled, not one line per object")
    }

    func testSSHHostKeysUnknownRefusedAcceptedAndChanged() throws {
        let server = try SSHServer()
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        try server.trust(in: home)
        try "".write(toFile: home.sshDirectory + "/known_hosts", atomically: true, encoding: .utf8)
        let fingerprint = try Shell.check(["ssh-keygen", "-lf", "-"], input: Data(server.knownHostsLine.utf8))
            .split(separator: " ")[1]

        let refused = try clone([server.url(for: "blog"), "first"])
        XCTAssertEqual(refused.status, 4, refused.stderr)
        XCTAssertTrue(refused.stderr.contains(String(fingerprint)), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--accept-new-host-key"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("first")))

        let accepted = try clone([server.url(for: "blog"), "first", "--accept-new-host-key"])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        let knownHosts = try String(contentsOfFile: home.sshDirectory + "/known_hosts", encoding: .utf8)
        XCTAssertTrue(knownHosts.contains("[127.0.0.1]:\(server.port) ssh-ed25519 "), knownHosts)

        let forged = try Shell.check([
            "sh", "-c",
            "ssh-keygen -q -N '' -t ed25519 -f \(work.appending("forged")) && cat \(work.appending("forged.pub"))",
        ])
        try ("[127.0.0.1]:\(server.port) " + forged.split(separator: " ").prefix(2).joined(separator: " ") + "\n")
            .write(toFile: home.sshDirectory + "/known_hosts", atomically: true, encoding: .utf8)
        let changed = try clone([server.url(for: "blog"), "second", "--accept-new-host-key"])
        XCTAssertEqual(changed.status, 4, changed.stderr)
        XCTAssertTrue(changed.stderr.contains("CHANGED"), changed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("second")))
    }

    func testSSHConfigAliasWithTheSystemSSHAndNoExtraOptions() throws {
        let server = try SSHServer()
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        try server.trust(in: home, key: .rsa)
        var environment = home.environment
        environment["GIT_SSH_COMMAND"] = nil
        try requireRoot("a private mount namespace lets ssh find the test home as ~")
        try requireProgram("unshare")
        let command = try XCTUnwrap(
            home.isolatedCommand([
                try Products.path("nakedblog"), "clone", server.aliasURL(for: "blog"), work.appending("alias"),
            ]))
        let result = try Shell.run(command, environment: environment, timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        try Shell.check(["git", "fsck", "--no-progress"], in: work.appending("alias"))
    }

    func testBadInputsGetClearMessagesAndExitCodes() throws {
        let daemon = try GitDaemonServer()
        defer { daemon.stop() }
        try FileManager.default.createDirectory(atPath: work.appending("full"), withIntermediateDirectories: true)
        try "x".write(toFile: work.appending("full/file"), atomically: true, encoding: .utf8)
        try "x".write(toFile: work.appending("a-file"), atomically: true, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (["ftp://example.com/blog.git"], 2, "not a git transport"),
            (["https://"], 2, "has no host name"),
            (["file://" + fixture.path, "full"], 1, "exists and is not empty"),
            (["file://" + fixture.path, "a-file"], 1, "a file with that name exists"),
            (["git://127.0.0.1:\(LoopbackPort.free())/blog.git", "refused"], 5, "could not be reached"),
            ([daemon.url(for: "missing"), "missing"], 5, "was not found"),
            (["https://no-such-host.invalid/blog.git", "unknown-host"], 5, "could not be reached"),
        ]
        for (arguments, status, message) in cases {
            let result = try clone(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(
                result.stderr.split(separator: "\n").filter { $0.hasPrefix("nakedblog:") }.count, 1, result.stderr)
        }
        for leftover in ["refused", "missing", "unknown-host"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending(leftover)), leftover)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.appending("full")), ["file"])
    }

    /// A repository committed as `x/.config` and cloned by its URL from a home would become the
    /// account's `~/.config` (git's `core.fsmonitor`, nakedblog's own settings): refused, nothing written.
    func testACloneNamedAfterADotFolderIsRefused() throws {
        let planted = work.appending("blog/x/.config")
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true)
        try home.git(["init", "-q", "--bare", planted])
        let result = try clone(["--no-open", "file://" + planted])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("may not start with a dot"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending(".config")), "nothing was cloned")
        // An existing folder named after the URL is not filled either, even when empty.
        try home.git(["init", "-q", "--bare", work.appending("srv/site.git")])
        try FileManager.default.createDirectory(atPath: work.appending("site"), withIntermediateDirectories: true)
        let existing = try clone(["--no-open", "file://" + work.appending("srv/site.git")])
        XCTAssertEqual(existing.status, 1, existing.stderr)
        XCTAssertTrue(existing.stderr.contains("exists already"), existing.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.appending("site")), [])
    }

    func testReadOnlyTargetIsRefusedBeforeFetching() throws {
        try requireRoot("a read-only bind mount")
        try requireProgram("unshare")
        let readOnly = work.appending("read-only")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        let script =
            "mount --bind \(readOnly) \(readOnly) && mount -o remount,bind,ro \(readOnly) && exec \(try Products.path("nakedblog")) clone file://\(fixture.path) \(readOnly)/blog"
        let result = try Shell.run(["unshare", "-m", "sh", "-c", script], environment: home.environment, timeout: 30)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("is not writable"), result.stderr)
    }

    func testSIGTERMMidTransferRemovesTheDirectoryAndExits130() throws {
        let big = try BlogFixture.make(.init(posts: 1_500, imagesPerPost: 1, imageBytes: 60_000, commits: 10))
        let server = try GitDaemonServer()
        defer { server.stop() }
        try server.createRepository(named: "big", from: big.path)
        for signal in [SIGTERM, SIGINT] {
            let log = work.appending("clone-\(signal).log")
            let child = try ChildProcess(
                [try Products.path("nakedblog"), "clone", server.url(for: "big"), work.appending("big")],
                environment: home.environment, directory: work.path, standardOutput: log, standardError: log)
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline,
                !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("Receiving objects")
            {
                usleep(20_000)
            }
            kill(child.pid, signal)
            let status = child.wait(timeout: 30)
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            XCTAssertEqual(status, 130, output)
            XCTAssertTrue(output.contains("clone interrupted"), output)
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("big")), "no partial directory")
        }
    }
}
