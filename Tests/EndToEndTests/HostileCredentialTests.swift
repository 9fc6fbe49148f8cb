import Foundation
import TestSupport
import XCTest

/// The attacks on credentials, through the real binary: a line break in a URL must never reach
/// `git credential` (it would ask the helper for another host's password and send it here), and
/// a password in a URL is never printed.
final class HostileCredentialTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var server: SmartHTTPServer!
    private let token = "ghp_VICTIMTOKEN1234567890"

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-hostile-cred")
        // The server wants credentials, so a client that has any sends them.
        server = try SmartHTTPServer(credentials: (user: "someone", password: "x"))
        let fixture = try BlogFixture.make(.init(posts: 2, imagesPerPost: 0, commits: 1))
        _ = try server.createRepository(named: "x", from: fixture.path)
        // The victim's stored credential for another host.
        let store = home.path + "/.git-credentials"
        try "https://victim:\(token)@github.example\n".write(toFile: store, atomically: true, encoding: .utf8)
        try home.git(["config", "--global", "credential.helper", "store --file=\(store)"])
    }

    override func tearDown() {
        server.stop()
        home.remove()
        work.remove()
    }

    private func clone(_ url: String, _ directory: String) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog"), "clone", "--no-open", url, directory], in: work.path,
            environment: home.environment, timeout: 60)
    }

    private func assertTokenNeverSent(_ result: ProcessResult, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let encoded = Data("victim:\(token)".utf8).base64EncodedString()
        XCTAssertFalse(
            server.log.contains(encoded), "the victim's token reached the server:\n\(server.log)", file: file,
            line: line)
        XCTAssertFalse(
            server.log.contains(Data(token.utf8).base64EncodedString().prefix(12)), server.log, file: file, line: line)
        let stored = try String(contentsOfFile: home.path + "/.git-credentials", encoding: .utf8)
        XCTAssertTrue(
            stored.contains("https://victim:\(token)@github.example\n"), "the stored credential was erased: \(stored)",
            file: file, line: line)
        XCTAssertFalse(result.stderr.contains(token), result.stderr, file: file, line: line)
    }

    func testAnEncodedLineBreakInThePathIsRefusedBeforeAnyHelperIsAsked() throws {
        let base = server.url(for: "x")
        for url in [
            base + "%0aprotocol=https%0ahost=github.example%0a", base + "%0d%0ahost=github.example", base + "%00x",
        ] {
            let result = try clone(url, "d")
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("encoded line break"), result.stderr)
            try assertTokenNeverSent(result)
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("d")))
        }
    }

    func testAnEncodedLineBreakInTheUserNameIsRefused() throws {
        let url = "http://victim%0aprotocol=https%0ahost=github.example@127.0.0.1:\(server.port)/x.git"
        let result = try clone(url, "d")
        XCTAssertEqual(result.status, 2, result.stderr)
        try assertTokenNeverSent(result)
    }

    func testARemoteURLWithALineBreakIsRefusedAtPublish() throws {
        // A clone whose remote was rewritten (its .git/config is anyone's to write on a shared box).
        let clone = work.appending("c")
        try home.git(["clone", "--quiet", "http://someone:x@127.0.0.1:\(server.port)/x.git", clone])
        try home.git(["remote", "set-url", "origin", server.url(for: "x") + "%0ahost=github.example%0a"], in: clone)
        let post = try FileManager.default.contentsOfDirectory(atPath: clone + "/content/posts").sorted()[0]
        try "\nmore\n".appendLine(toFile: "\(clone)/content/posts/\(post)/index.md")
        let result = try Shell.run(
            [try Products.path("nakedblog"), "publish", "content/posts/\(post)"], in: clone,
            environment: home.environment, timeout: 60)
        XCTAssertNotEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot be used"), result.stderr)
        try assertTokenNeverSent(result)
    }

    func testPasswordsInURLsAreNeverPrinted() throws {
        let closed = LoopbackPort.free()
        for url in ["http://user:wr@ngpass@127.0.0.1:\(closed)/x.git", "http://user:s3cret@127.0.0.1:\(closed)/x.git"] {
            let result = try clone(url, "d")
            XCTAssertNotEqual(result.status, 0)
            for secret in ["ngpass", "s3cret"] {
                XCTAssertFalse(result.stderr.contains(secret), result.stderr)
                XCTAssertFalse(result.stdout.contains(secret), result.stdout)
            }
            XCTAssertTrue(result.stderr.contains("user:***@127.0.0.1"), result.stderr)
        }
        let log =
            (try? String(contentsOfFile: home.path + "/.local/state/nakedblog/nakedblog.log", encoding: .utf8)) ?? ""
        XCTAssertFalse(log.contains("ngpass") || log.contains("s3cret"), log)
    }
}

extension String {
    /// Appends this text to the file at `path`.
    func appendLine(toFile path: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(utf8))
    }
}
