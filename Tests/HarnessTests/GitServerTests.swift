import Foundation
import TestSupport
import XCTest

/// Every loopback git server the harness offers accepts a push and serves a clone, checked with
/// the real `git` CLI.
final class GitServerTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-servertest")
        try home.git(["init", "--quiet", "source"], in: work.path)
        try "# hello\n".write(toFile: work.appending("source/README.md"), atomically: true, encoding: .utf8)
        try home.git(["add", "."], in: work.appending("source"))
        try home.git(["commit", "--quiet", "-m", "first"], in: work.appending("source"))
    }

    override func tearDown() {
        home.remove()
        work.remove()
    }

    /// Pushes `source` to a new empty repository on `server`, clones it back, and compares HEADs.
    private func assertRoundTrip(
        _ server: GitServer, url: ((String) -> String)? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try server.createRepository(named: "blog")
        let remote = url?("blog") ?? server.url(for: "blog")
        let source = work.appending("source")
        try home.git(["push", "--quiet", remote, "main"], in: source)
        try home.git(["clone", "--quiet", remote, work.appending("clone")])
        let pushed = try home.git(["rev-parse", "HEAD"], in: source)
        let cloned = try home.git(["rev-parse", "HEAD"], in: work.appending("clone"))
        XCTAssertEqual(pushed, cloned, file: file, line: line)
        let bare = try Shell.check(["git", "--git-dir", server.root + "/blog.git", "rev-parse", "main"])
        XCTAssertEqual(bare, pushed, file: file, line: line)
        try home.git(["fsck", "--no-progress"], in: work.appending("clone"))
    }

    func testFileRemote() throws {
        let server = try FileGitServer()
        XCTAssertTrue(server.url(for: "blog").hasPrefix("file:///"))
        try assertRoundTrip(server)
    }

    func testGitDaemonAcceptsPushAndServesClone() throws {
        let server = try GitDaemonServer()
        defer { server.stop() }
        XCTAssertTrue(server.url(for: "blog").hasPrefix("git://127.0.0.1:"))
        try assertRoundTrip(server)
    }

    func testSmartHTTPAcceptsPushAndServesClone() throws {
        let server = try SmartHTTPServer()
        defer { server.stop() }
        try assertRoundTrip(server)
    }

    func testSmartHTTPWithBasicAuthRefusesWrongPassword() throws {
        let server = try SmartHTTPServer(credentials: ("writer", "s3cret"))
        defer { server.stop() }
        try server.createRepository(named: "blog")
        let good = "http://writer:s3cret@127.0.0.1:\(server.port)/blog.git"
        let bad = "http://writer:wrong@127.0.0.1:\(server.port)/blog.git"
        try home.git(["push", "--quiet", good, "main"], in: work.appending("source"))
        let refused = try Shell.run(["git", "ls-remote", bad], environment: home.environment)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(
            refused.stderr.contains("Authentication failed") || refused.stderr.contains("401"), refused.stderr)
    }

    func testHTTPSWithSelfSignedCertificateNeedsExplicitTrust() throws {
        let server = try SmartHTTPServer(tls: true)
        defer { server.stop() }
        try server.createRepository(named: "blog")
        let untrusted = try Shell.run(["git", "ls-remote", server.url(for: "blog")], environment: home.environment)
        XCTAssertNotEqual(untrusted.status, 0, "a self-signed certificate must not be trusted by default")
        try home.git(["config", "--global", "http.sslCAInfo", server.certificatePath!])
        try assertRoundTrip(server)
    }

    func testSSHServerWithEd25519Key() throws {
        let server = try SSHServer()
        defer { server.stop() }
        try server.trust(in: home, key: .ed25519)
        try assertRoundTrip(server)
    }

    func testSSHServerWithRSAKey() throws {
        let server = try SSHServer()
        defer { server.stop() }
        try server.trust(in: home, key: .rsa)
        try assertRoundTrip(server)
    }

    func testSSHServerRefusesUnknownHostKey() throws {
        let server = try SSHServer()
        defer { server.stop() }
        try server.trust(in: home)
        try "".write(toFile: home.sshDirectory + "/known_hosts", atomically: true, encoding: .utf8)
        try server.createRepository(named: "blog")
        let result = try Shell.run(["git", "ls-remote", server.url(for: "blog")], environment: home.environment)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("Host key verification failed"), result.stderr)
    }

    /// The system `ssh` reads ~ from the passwd entry; in a private mount namespace the test
    /// home stands in for it, so `~/.ssh/config` aliases work with no explicit options.
    func testSSHConfigAliasThroughIsolatedHome() throws {
        let server = try SSHServer()
        defer { server.stop() }
        try server.trust(in: home)
        try server.createRepository(named: "blog")
        var environment = home.environment
        environment["GIT_SSH_COMMAND"] = nil
        try requireRoot("a private mount namespace lets ssh find the test home as ~")
        try requireProgram("unshare")
        let command = try XCTUnwrap(home.isolatedCommand(["git", "ls-remote", server.aliasURL(for: "blog")]))
        let result = try Shell.run(command, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr + "\nsshd log:\n" + server.log)
    }
}
