import Foundation
import TestSupport
import XCTest

/// Text written by an attacker (titles, values, file names, a remote's hook) printed by every
/// command: nothing reaches the terminal as a control sequence, and history gets no escapes.
final class HostileTerminalTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    /// Sets the window title, writes the clipboard (OSC 52), a C1 CSI, a BEL.
    static let title = "A \u{1B}]0;PWNED\u{07} \u{1B}]52;c;cHduZWQ=\u{07} \u{9B}31m red \u{7F}"

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-hostile-term")
        try PackageRoot.copyDemo(to: work.path)
        let escapedTitle = Self.title.unicodeScalars.map {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? String(format: "\\u%04X", $0.value) : String($0)
        }.joined()
        let dir = work.appending("content/posts/evil")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try
            "---\ntitle: \"\(escapedTitle)\"\ndate: 2026-01-01\nsummary: \"\(escapedTitle)\"\n---\nBody \u{1B}[2J with \u{9B}H escapes.\n"
            .write(toFile: dir + "/index.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: work.appending("content/posts/\u{1B}]0;file\u{07}"), withIntermediateDirectories: true)
        try "---\ntitle: named\n---\nx\n".write(
            toFile: work.appending("content/posts/\u{1B}]0;file\u{07}/index.md"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        home.remove()
        work.remove()
    }

    private func run(_ arguments: [String], in directory: String? = nil) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory ?? work.path, environment: home.environment,
            timeout: 60)
    }

    private func assertClean(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }
        XCTAssertTrue(
            bad.isEmpty, "\(what) printed control characters \(bad.map { String($0.value, radix: 16) }):\n\(text)",
            file: file, line: line)
    }

    func testEveryCommandPrintsControlCharactersVisibly() throws {
        let commands: [[String]] = [
            ["list"], ["list", "--drafts"], ["meta", "content/posts/evil/index.md"],
            ["meta", "content/posts/evil/index.md", "title"],
            ["preview", "content/posts/evil/index.md"], ["preview", "--plain", "content/posts/evil/index.md"],
        ]
        for command in commands {
            let result = try run(command)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            assertClean(result.stdout, "\(command) stdout")
            assertClean(result.stderr, "\(command) stderr")
        }
        let list = try run(["list"])
        XCTAssertTrue(list.stdout.contains("^[]0;PWNED^G"), list.stdout)
        let meta = try run(["meta", "content/posts/evil/index.md", "title"])
        XCTAssertEqual(meta.stdout, "A ^[]0;PWNED^G ^[]52;c;cHduZWQ=^G <9B>31m red ^?\n")
        // A parse error quoting the hostile text.
        try "---\ntitle: [\u{1B}]0;x\u{07}\n---\n".write(
            toFile: work.appending("content/posts/broken.md"), atomically: true, encoding: .utf8)
        let broken = try run(["meta", "content/posts/broken.md"])
        XCTAssertNotEqual(broken.status, 0)
        assertClean(broken.stderr, "meta's parse error")
        let listed = try run(["list"])
        assertClean(listed.stderr, "list's problems")
    }

    func testJSONEscapesC1AndDEL() throws {
        for command in [["list", "--json"], ["meta", "--json", "content/posts/evil/index.md"]] {
            let result = try run(command)
            XCTAssertEqual(result.status, 0, result.stderr)
            assertClean(result.stdout, "\(command)")
            XCTAssertTrue(result.stdout.contains("\\u009b31m") || result.stdout.contains("\\u009B31m"), result.stdout)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)), result.stdout)
        }
        let list = try run(["list", "--json"])
        let posts = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as! [[String: Any]]
        XCTAssertTrue(posts.contains { $0["title"] as? String == Self.title }, "JSON keeps the exact text, escaped")
    }

    func testStatusRemoteHooksAndCommitMessagesAreClean() throws {
        // A remote (git daemon: its hooks run) whose pre-receive hook writes escapes and refuses.
        let server = try GitDaemonServer()
        defer { server.stop() }
        try home.git(["init", "--quiet", "--initial-branch=main", work.path])
        try home.git(["add", "-A"], in: work.path)
        try home.git(["commit", "--quiet", "-m", "start"], in: work.path)
        let remote = try server.createRepository(named: "blog", from: work.path)
        try home.git(["remote", "add", "origin", server.url(for: "blog")], in: work.path)
        try home.git(["fetch", "--quiet", "origin"], in: work.path)
        try home.git(["branch", "--quiet", "--set-upstream-to=origin/main"], in: work.path)
        let hook = remote + "/hooks/pre-receive"
        try "#!/bin/sh\nprintf 'frozen \\033]0;HOOKED\\007 \\033[2J until Monday\\n' >&2\nexit 1\n".write(
            toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        try "\nMore \u{1B}[31m.\n".appendLine(toFile: work.appending("content/posts/evil/index.md"))
        try "\nchanged\n".appendLine(toFile: work.appending("content/posts/\u{1B}]0;file\u{07}/index.md"))

        let status = try run(["status"])
        assertClean(status.stdout, "status")
        XCTAssertTrue(status.stdout.contains("^[]0;file^G"), status.stdout)

        let refused = try run(["publish", "content/posts/evil"])
        XCTAssertNotEqual(refused.status, 0)
        assertClean(refused.stderr, "publish (refused by a hook)")
        XCTAssertEqual(
            refused.stderr.components(separatedBy: "until Monday").count - 1, 1,
            "the remote's message once:\n\(refused.stderr)")
        XCTAssertTrue(refused.stderr.contains("frozen ^[]0;HOOKED^G ^[[2J until Monday"), refused.stderr)

        let message = try home.git(["log", "-1", "--format=%B", "main"], in: work.path)
        XCTAssertFalse(
            message.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
            "the commit message carries control characters: \(message.debugDescription)")
        XCTAssertTrue(message.hasSuffix(": A ]0;PWNED ]52;c;cHduZWQ= 31m red\n"), message.debugDescription)
    }
}
