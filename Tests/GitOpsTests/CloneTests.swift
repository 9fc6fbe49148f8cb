import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// Clones from real servers on 127.0.0.1, checked with the git CLI.
final class CloneTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var fixture: BlogFixture!

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-clone")
        fixture = try BlogFixture.make(.init(posts: 40, imagesPerPost: 1, imageBytes: 3_000, commits: 5))
    }

    override func tearDown() {
        home.remove()
        work.remove()
    }

    /// Runs a clone to the end, returning its events (or throwing its error).
    private func clone(_ url: String, into name: String = "blog", options: Cloner.Options? = nil) async throws
        -> [CloneEvent]
    {
        let operation = Cloner.clone(
            try GitURL(url), into: work.appending(name), options: options ?? .init(environment: home.environment))
        var events: [CloneEvent] = []
        for try await event in operation.events { events.append(event) }
        return events
    }

    private func assertCloned(
        _ events: [CloneEvent], name: String = "blog", file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard case .finished(let result)? = events.last else {
            return XCTFail("no .finished event: \(events.suffix(3))", file: file, line: line)
        }
        let path = work.appending(name)
        XCTAssertEqual(result.path, path, file: file, line: line)
        XCTAssertEqual(result.branch, "main", file: file, line: line)
        XCTAssertEqual(
            result.head, try Shell.check(["git", "rev-parse", "HEAD"], in: fixture.path), file: file, line: line)
        XCTAssertEqual(try Shell.check(["git", "status", "--porcelain"], in: path), "", file: file, line: line)
        try Shell.check(["git", "fsck", "--no-progress"], in: path)
        XCTAssertTrue(
            events.contains {
                if case .checkout = $0 { return true }; return false
            }, "checkout progress", file: file, line: line)
    }

    func testFileURLWithProgress() async throws {
        let events = try await clone("file://" + fixture.path)
        try assertCloned(events)
        let transfers = events.compactMap {
            if case .transfer(let p) = $0 { return p }; return nil
        }
        XCTAssertFalse(transfers.isEmpty, "transfer progress is reported for file:// URLs")
        XCTAssertEqual(transfers.last?.receivedObjects, transfers.last?.totalObjects)
    }

    func testPlainPathIsClonedThroughAFileURL() async throws {
        XCTAssertEqual(try GitURL(fixture.path).url, "file://" + fixture.path)
        try assertCloned(try await clone(fixture.path))
    }

    func testGitDaemon() async throws {
        let server = try GitDaemonServer()
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        let events = try await clone(server.url(for: "blog"))
        try assertCloned(events)
        XCTAssertTrue(
            events.contains {
                if case .remoteLine(let l, _) = $0 { return l.contains("objects") }; return false
            },
            "the server's own messages arrive as lines")
    }

    func testSmartHTTP() async throws {
        let server = try SmartHTTPServer()
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        try assertCloned(try await clone(server.url(for: "blog")))
    }

    func testHTTPSTrustsASelfSignedCertificateOnlyWhenTold() async throws {
        let server = try SmartHTTPServer(tls: true)
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        do {
            _ = try await clone(server.url(for: "blog"), into: "untrusted")
            XCTFail("a self-signed certificate must not be trusted by default")
        } catch let error as GitError {
            XCTAssertTrue(error.message.contains("certificate"), error.message)
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("untrusted")))
        }
        try assertCloned(
            try await clone(
                server.url(for: "blog"),
                options: .init(certificateFile: server.certificatePath, environment: home.environment)))
    }

    func testHTTPCredentialsAreAskedOnceAndNeverLooped() async throws {
        let server = try SmartHTTPServer(credentials: ("writer", "s3cret"))
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        let good = RecordingCredentials(HTTPCredential(username: "writer", password: "s3cret"))
        try assertCloned(
            try await clone(server.url(for: "blog"), options: .init(credentials: good, environment: home.environment)))
        XCTAssertEqual(good.log, ["fill", "approve"])

        let bad = RecordingCredentials(HTTPCredential(username: "writer", password: "wrong"))
        do {
            _ = try await clone(
                server.url(for: "blog"), into: "refused",
                options: .init(credentials: bad, environment: home.environment))
            XCTFail("wrong credentials must fail")
        } catch let error as GitError {
            guard case .authenticationFailed(let tried) = error.kind else { return XCTFail("\(error)") }
            XCTAssertEqual(tried, ["test credentials"])
        }
        XCTAssertEqual(bad.log, ["fill", "reject"], "one attempt, then the helper is told it failed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("refused")))
    }

    func testSSHWithEd25519AndRSAKeyFiles() async throws {
        let server = try SSHServer()
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        for key in [SSHServer.KeyType.ed25519, .rsa] {
            try server.trust(in: home, key: key)
            let name = key == .rsa ? "rsa" : "ed25519"
            try assertCloned(try await clone(server.url(for: "blog"), into: name), name: name)
        }
        // scp-like form through the ~/.ssh/config alias (the config is passed with -F).
        try assertCloned(try await clone(server.aliasURL(for: "blog"), into: "alias"), name: "alias")
    }

    func testSSHThroughAnAgent() async throws {
        try requireProgram("ssh-agent")
        let server = try SSHServer()
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        try server.trust(in: home)
        let socket = work.appending("agent.sock")
        let agent = try BackgroundProcess(["ssh-agent", "-D", "-a", socket], logPath: work.appending("agent.log"))
        defer { agent.stop() }
        XCTAssertTrue(waitForFile(socket))
        var environment = home.environment
        environment["SSH_AUTH_SOCK"] = socket
        try Shell.check(["ssh-add", server.rsaKey], environment: environment)
        // No identity file: only the agent can authenticate.
        environment["GIT_SSH_COMMAND"] =
            "ssh -F /dev/null -o UserKnownHostsFile=\(home.sshDirectory)/known_hosts -o IdentitiesOnly=no -o IdentityFile=/nonexistent"
        try assertCloned(try await clone(server.url(for: "blog"), options: .init(environment: environment)))
    }

    func testUnknownAndChangedHostKeysAreRefusedWithTheFingerprint() async throws {
        let server = try SSHServer()
        defer { server.stop() }
        try server.createRepository(named: "blog", from: fixture.path)
        try server.trust(in: home)
        try "".write(toFile: home.sshDirectory + "/known_hosts", atomically: true, encoding: .utf8)
        do {
            _ = try await clone(server.url(for: "blog"))
            XCTFail("an unknown host key must be refused")
        } catch let error as GitError {
            XCTAssertEqual(error.kind, .hostKeyUnknown, error.message)
            let expected = try Shell.check([
                "ssh-keygen", "-lf",
                server.ed25519Key.replacingOccurrences(of: "id_ed25519", with: "ssh_host_ed25519_key.pub"),
            ])
            XCTAssertNotNil(error.hostKey)
            XCTAssertTrue(
                expected.contains(error.hostKey?.fingerprint ?? "-"),
                "\(expected) vs \(String(describing: error.hostKey))")
            XCTAssertEqual(error.hostKey?.knownHostsName, "[127.0.0.1]:\(server.port)")
            try HostKeys.trust(error.hostKey!, home: home.path)
        }
        try assertCloned(try await clone(server.url(for: "blog")), name: "blog")
        // Now pretend the server's key changed.
        let other = try Shell.check([
            "sh", "-c",
            "ssh-keygen -q -N '' -t ed25519 -f \(work.appending("other")) && cat \(work.appending("other.pub"))",
        ])
        let forged = "[127.0.0.1]:\(server.port) " + other.split(separator: " ").prefix(2).joined(separator: " ") + "\n"
        try forged.write(toFile: home.sshDirectory + "/known_hosts", atomically: true, encoding: .utf8)
        do {
            _ = try await clone(server.url(for: "blog"), into: "second")
            XCTFail("a changed host key must be refused")
        } catch let error as GitError {
            XCTAssertEqual(error.kind, .hostKeyMismatch, error.message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("second")))
    }

    func testCancellationMidTransferRemovesTheDirectory() async throws {
        let big = try BlogFixture.make(.init(posts: 600, imagesPerPost: 1, imageBytes: 60_000, commits: 10))
        let server = try GitDaemonServer()
        defer { server.stop() }
        try server.createRepository(named: "big", from: big.path)
        let existing = work.appending("existing-empty")
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: true)
        for (target, shouldExist) in [(work.appending("fresh/nested"), false), (existing, true)] {
            let operation = Cloner.clone(
                try GitURL(server.url(for: "big")), into: target, options: .init(environment: home.environment))
            var sawTransfer = false
            do {
                for try await event in operation.events {
                    if case .transfer(let p) = event, p.receivedObjects > 0, !sawTransfer {
                        sawTransfer = true
                        operation.cancel()
                    }
                }
                XCTFail("the clone finished despite the cancel")
            } catch let error as GitError {
                XCTAssertEqual(error.kind, .cancelled, error.message)
            }
            XCTAssertTrue(sawTransfer)
            await operation.waitUntilFinished()
            XCTAssertEqual(FileManager.default.fileExists(atPath: target), shouldExist, target)
            if shouldExist { XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target), []) }
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: work.appending("fresh")), "created parents are removed too")
        }
    }

    func testCancellingTheConsumingTaskStopsTheClone() async throws {
        let big = try BlogFixture.make(.init(posts: 600, imagesPerPost: 1, imageBytes: 60_000, commits: 10))
        let server = try GitDaemonServer()
        defer { server.stop() }
        try server.createRepository(named: "big", from: big.path)
        let target = work.appending("task")
        let operation = Cloner.clone(
            try GitURL(server.url(for: "big")), into: target, options: .init(environment: home.environment))
        let consumer = Task {
            for try await event in operation.events {
                if case .transfer(let p) = event, p.receivedObjects > 0 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        _ = await consumer.result
        await operation.waitUntilFinished()
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
    }

    func testBadRemotesGiveTypedErrors() async throws {
        let daemon = try GitDaemonServer()
        defer { daemon.stop() }
        let cases: [(String, GitError.Kind)] = [
            ("git://127.0.0.1:\(LoopbackPort.free())/blog.git", .networkUnreachable),
            (daemon.url(for: "missing"), .notFound),
            ("file:///nonexistent/repository.git", .notFound),
            ("https://no-such-host.invalid/blog.git", .networkUnreachable),
        ]
        for (index, (url, kind)) in cases.enumerated() {
            do {
                _ = try await clone(url, into: "bad\(index)")
                XCTFail("\(url) cloned")
            } catch let error as GitError {
                XCTAssertEqual(error.kind, kind, "\(url): \(error.message)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("bad\(index)")), url)
        }
    }

    private func waitForFile(_ path: String) -> Bool {
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: path) { usleep(20_000) }
        return FileManager.default.fileExists(atPath: path)
    }
}

/// A credential provider that records what it was asked.
final class RecordingCredentials: CredentialProvider, @unchecked Sendable {
    private let credential: HTTPCredential
    private let lock = NSLock()
    private var entries: [String] = []

    init(_ credential: HTTPCredential) { self.credential = credential }

    var log: [String] { lock.lock(); defer { lock.unlock() }; return entries }
    var description: String { "test credentials" }

    private func record(_ entry: String) { lock.lock(); entries.append(entry); lock.unlock() }
    func credential(for url: String, username: String?) -> HTTPCredential? { record("fill"); return credential }
    func approve(_ credential: HTTPCredential, for url: String) { record("approve") }
    func reject(_ credential: HTTPCredential, for url: String) { record("reject") }
}
