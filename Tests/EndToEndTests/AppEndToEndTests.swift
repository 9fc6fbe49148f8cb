import Foundation
import TestSupport
import XCTest

/// The full-screen app in tmux against real local servers; results checked with git.
final class AppEndToEndTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        try requireProgram("tmux")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-app-e2e")
    }

    override func tearDown() {
        sessions.forEach { $0.kill() }
        home.remove()
        work.remove()
    }

    private func app(
        _ arguments: [String], in directory: String? = nil, width: Int = 80, height: Int = 24,
        environment extra: [String: String] = [:]
    ) throws -> TmuxSession {
        var environment = home.environment
        environment.merge(extra) { $1 }
        let session = try TmuxSession(
            [try Products.path("nakedblog")] + arguments, width: width, height: height,
            environment: environment, directory: directory ?? work.path)
        sessions.append(session)
        return session
    }

    /// Waits for `text`, printing the screen on failure.
    @discardableResult
    private func waitFor(_ session: TmuxSession, _ text: String, timeout: TimeInterval = 15) throws -> [String] {
        do {
            return try session.waitFor(text, timeout: timeout)
        } catch let timeout as TmuxSession.Timeout {
            XCTFail(timeout.description)
            throw timeout
        }
    }

    func testDemoNewPostTypedSavedAndPublishedToTheLocalRemote() throws {
        let demo = work.appending("demo")
        let session = try app(["demo", "--dir", demo])
        try waitFor(session, "Plain Words")
        try session.send(keys: "n")
        try waitFor(session, "New post")
        try session.type("Notes from 東京")
        try session.send(keys: "Enter")
        try waitFor(session, "Ln 9")
        try session.type("First words: 日本語 and 🎉 emoji.")
        try session.send(keys: "C-s")
        try waitFor(session, "Saved content/posts/")
        try session.send(keys: "C-p")
        try waitFor(session, "Enter publishes")
        try waitFor(session, "set draft: false")
        try session.send(keys: "Enter")
        try waitFor(session, "Published ")
        let remote = demo + "/remote.git"
        let files = try home.git(["-c", "core.quotepath=false", "diff", "--name-only", "main~1", "main"], in: remote)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(files.count, 1, "\(files)")
        let file = try XCTUnwrap(files.first)
        XCTAssertTrue(file.hasPrefix("content/posts/notes-from-"), file)
        XCTAssertTrue(file.hasSuffix("/index.md"), file)
        let published = try home.git(["show", "main:\(file)"], in: remote)
        XCTAssertTrue(published.contains("draft: false"), published)
        XCTAssertTrue(published.contains("First words: 日本語 and 🎉 emoji."), published)
        XCTAssertTrue(published.contains("title: \"Notes from 東京\""), published)
        XCTAssertEqual(try home.git(["log", "-1", "--format=%s", "main"], in: remote), "Publish: Notes from 東京")
        try session.send(keys: "Escape")
        try waitFor(session, "Plain Words")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertFalse(try session.isInAlternateScreen(), "the terminal is restored")
    }

    /// Issue 45.6 and 45.2 in a terminal: `nakedblog new` in another terminal shows in the list
    /// within a second or two, without a restart; `d` on a live post asks first.
    func testAPostMadeInAnotherTerminalAppearsInTheList() throws {
        let demo = work.appending("demo")
        let session = try app(["demo", "--dir", demo], width: 100, height: 30)
        try waitFor(session, "Plain Words")
        let site = try XCTUnwrap(
            FileManager.default.subpathsOfDirectory(atPath: demo).first {
                $0.hasSuffix("hugo.toml") && !$0.contains(".git")
            })
        let root = demo + "/" + (site as NSString).deletingLastPathComponent
        let made = try Shell.run(
            [try Products.path("nakedblog"), "new", "Written in another terminal"], in: root,
            environment: home.environment)
        XCTAssertEqual(made.status, 0, made.stderr)
        try waitFor(session, "Written in another terminal", timeout: 5)
        try session.send(keys: "End")
        try session.send(keys: "d")
        let screen = try waitFor(session, "Make it a draft?")
        XCTAssertTrue(screen.joined().contains("is on the site"), screen.joined(separator: "\n"))
        try session.send(keys: "n")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testThePublishSheetBuildsTheSiteAndAPostThatBreaksItIsNotPushed() throws {
        try requireProgram("hugo")
        let demo = work.appending("demo")
        let session = try app(["demo", "--dir", demo])
        try waitFor(session, "Plain Words")
        let remote = demo + "/remote.git"
        let before = try home.git(["rev-parse", "main"], in: remote)
        try session.send(keys: "n")
        try waitFor(session, "New post")
        try session.type("Broken shortcode")
        try session.send(keys: "Enter")
        try waitFor(session, "Ln 9")
        try session.type("{{< nosuch >}}")
        try session.send(keys: "C-s")
        try waitFor(session, "Saved content/posts/")
        try session.send(keys: "C-p")
        try waitFor(session, "set draft: false")
        try session.send(keys: "Enter")  // pressed while the build runs: it waits for the verdict
        try waitFor(session, "does not build with hugo", timeout: 60)
        try waitFor(session, "shortcode \"nosuch\" not found")
        try session.send(keys: "Enter")
        try waitFor(session, "Ln 9")
        XCTAssertEqual(try home.git(["rev-parse", "main"], in: remote), before, "nothing was pushed")
        XCTAssertEqual(
            try home.git(["rev-list", "--count", "HEAD"], in: demo + "/blog"),
            try home.git(["rev-list", "--count", "main"], in: remote),
            "nothing was committed")
        try session.send(keys: "Escape")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testMissingIdentityIsAskedForThenThePublishGoesOn() throws {
        let config = home.path + "/.gitconfig"
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try text.replacingOccurrences(of: "[user]\n\tname = Test Writer\n\temail = writer@example.test\n", with: "")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let demo = work.appending("demo")
        let session = try app(["demo", "--dir", demo])
        try waitFor(session, "Plain Words")
        try session.send(keys: "/")
        try session.type("summit")
        try session.send(keys: "Down", "Up", "P")  // the match selected in the list
        try waitFor(session, "Enter publishes")
        try session.send(keys: "Enter")
        try waitFor(session, "git does not know who you are yet")
        try session.type("Ada Writer")
        try session.send(keys: "Tab")
        try session.type("ada@example.test")
        try session.send(keys: "Enter")
        try waitFor(session, "Nothing new to publish")
        XCTAssertTrue(try String(contentsOfFile: config, encoding: .utf8).contains("ada@example.test"))
        try session.send(keys: "d")
        try waitFor(session, "Make it a draft?")  // it is on the site: asked first
        try session.send(keys: "y")
        try waitFor(session, "Draft toggled")
        try session.send(keys: "P")
        // Made a draft since it was published: the sheet publishes it as a draft (issue 60.2).
        try waitFor(session, "[ ] set draft: false")
        try waitFor(session, "takes it off the site")
        // Another post links to it with ref: as a draft it breaks hugo's build, and the check says so.
        try waitFor(session, "does not build with hugo", timeout: 60)
        try waitFor(session, "REF_NOT_FOUND")
        try session.send(keys: "C-f")  // publish anyway
        try waitFor(session, "Published ")
        XCTAssertEqual(
            try home.git(["log", "-1", "--format=%an <%ae>", "main"], in: demo + "/remote.git"),
            "Ada Writer <ada@example.test>")
    }

    func testResizeWhileEditing() throws {
        let demo = work.appending("demo")
        let session = try app(["demo", "--dir", demo])
        try waitFor(session, "Plain Words")
        try session.send(keys: "/")
        try session.type("cold")
        try session.send(keys: "Enter")  // one Enter opens the match
        try waitFor(session, "text · main")
        try session.type("typed ")
        try session.resize(width: 120, height: 40)
        try waitFor(session, "split · main")
        XCTAssertTrue(try session.screen().contains { $0.contains("│") && $0.contains("typed") })
        try session.resize(width: 50, height: 12)
        try waitFor(session, "Terminal too small")
        // Typed while the window is too small: applied, not dropped.
        try session.type("blind ")
        try session.resize(width: 80, height: 24)
        try waitFor(session, "text · main")
        XCTAssertTrue(
            try session.screen().contains { $0.hasPrefix(" ● content/posts/cold-brew-ratios/index.md") },
            "still dirty, nothing lost")
        let screen = try session.screen()
        XCTAssertTrue(screen.contains { $0.contains("typed blind ") }, screen.joined(separator: "\n"))
    }

    func testPublishOverADivergedRemoteThenAConflictKeptOurs() throws {
        let server = try GitDaemonServer()
        defer { server.stop() }
        let fixture = try BlogFixture.make(.init(posts: 6, imagesPerPost: 1, imageBytes: 2_000, commits: 3))
        let remote = try server.createRepository(named: "blog", from: fixture.path)
        let mine = work.appending("mine"), theirs = work.appending("theirs")
        try home.git(["clone", "-q", server.url(for: "blog"), mine])
        try home.git(["clone", "-q", server.url(for: "blog"), theirs])
        let posts = try FileManager.default.contentsOfDirectory(atPath: mine + "/content/posts").sorted()
        func commitTheirs(_ post: String, _ text: String) throws {
            try home.git(["pull", "-q", "--rebase"], in: theirs)
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: "\(theirs)/content/posts/\(post)/index.md"))
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
            try home.git(["commit", "-qam", "Theirs: \(post)"], in: theirs)
            try home.git(["push", "-q"], in: theirs)
        }
        try commitTheirs(posts[1], "\ntheir paragraph\n")

        let session = try app([], in: mine)
        try waitFor(session, "6 of 6 posts")
        func editAndPublish(_ post: String, _ text: String) throws {
            try session.send(keys: "/")
            try session.type(String(post.prefix(5)))
            try session.send(keys: "Enter")  // one Enter opens the match
            try waitFor(session, "text · main")
            for _ in 0..<4 { try session.send(keys: "PageDown") }
            try session.send(keys: "End")
            try session.type(text)
            try session.send(keys: "C-p")
            try waitFor(session, "Enter publishes")
            try session.send(keys: "Enter")
        }
        try editAndPublish(posts[0], "\nmy paragraph\n")
        try waitFor(session, "rebased onto new remote commits")
        XCTAssertEqual(
            try home.git(["log", "--format=%s", "-2", "main"], in: remote).split(separator: "\n").last,
            "Theirs: \(posts[1])")
        XCTAssertEqual(try home.git(["rev-list", "--merges", "--count", "main"], in: remote), "0")

        try commitTheirs(posts[2], "\ntheir ending\n")
        try session.send(keys: "Escape")
        try waitFor(session, "Filter:")
        try session.send(keys: "/", "Escape")  // clears the filter
        try waitFor(session, "6 of 6 posts")
        try editAndPublish(posts[2], "\nmy ending\n")
        try waitFor(session, "The remote changed the same lines")
        // Issue 60.3: both sides of the change are on the sheet before a side is kept.
        try waitFor(session, "theirs ")
        try waitFor(session, "{+my+}")
        try waitFor(session, "[-their-]")
        // Look at it by hand first: the markers show both endings; they must go before Ctrl-S keeps it.
        try session.send(keys: "e")
        try waitFor(session, "<<<<<<< mine")
        try session.send(keys: "C-s")
        try waitFor(session, "conflict markers remain")
        try session.send(keys: "Escape")
        try waitFor(session, "The remote changed the same lines")
        try session.send(keys: "m")
        try waitFor(session, "Published ")
        let text = try home.git(["show", "main:content/posts/\(posts[2])/index.md"], in: remote)
        XCTAssertTrue(text.hasSuffix("my ending"), text)
        XCTAssertFalse(text.contains("<<<<<<<"), text)
        XCTAssertEqual(try home.git(["status", "--porcelain"], in: mine), "")
    }

    func testCloneOverSSHShowsProgressThenTheBrowserAndEscCancelsCleanly() throws {
        try requireProgram("sshd")
        let server = try SSHServer()
        defer { server.stop() }
        try server.trust(in: home)
        let fixture = try BlogFixture.make(.init(posts: 200, imagesPerPost: 1, imageBytes: 50_000, commits: 30))
        try server.createRepository(named: "blog", from: fixture.path)
        // A slow link: ssh's output trickles through a throttle, so the progress screen stays up.
        let throttle = work.appending("slow-ssh")
        try """
        #!/bin/sh
        \(home.sshCommand.map(TestHome.shellQuote).joined(separator: " ")) "$@" | python3 -c '
        import sys, time
        while True:
            data = sys.stdin.buffer.read1(32768)
            if not data: break
            sys.stdout.buffer.write(data); sys.stdout.buffer.flush(); time.sleep(0.02)
        '
        """.write(toFile: throttle, atomically: true, encoding: .utf8)
        chmod(throttle, 0o755)
        let slow = ["GIT_SSH_COMMAND": throttle]

        // An unknown host key is asked about on the clone screen itself; yes trusts it and goes on.
        try "".write(toFile: home.sshDirectory + "/known_hosts", atomically: true, encoding: .utf8)
        let first = try app(["clone", server.url(for: "blog"), "first"])
        try waitFor(first, "Unknown SSH host")
        let fingerprint = try Shell.check(["ssh-keygen", "-lf", "-"], input: Data(server.knownHostsLine.utf8)).split(
            separator: " ")[1]
        XCTAssertTrue(try first.screen().contains { $0.contains(String(fingerprint)) }, "the fingerprint is shown")
        try first.send(keys: "y")
        try waitFor(first, "200 of 200 posts", timeout: 60)
        XCTAssertTrue(
            try String(contentsOfFile: home.sshDirectory + "/known_hosts", encoding: .utf8).contains("ssh-ed25519"))

        let cancelled = try app(["clone", server.url(for: "blog"), "cancelled"], environment: slow)
        try waitFor(cancelled, "Receiving objects")
        try cancelled.send(keys: "Escape")
        try waitFor(cancelled, "Cancel the clone?")
        try cancelled.send(keys: "y")
        try waitFor(cancelled, "Clone cancelled")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appending("cancelled")), "no directory is left behind")
        try cancelled.send(keys: "q")
        XCTAssertEqual(try cancelled.waitForExit(), 0)

        let session = try app(["clone", server.url(for: "blog"), "blog"], environment: slow)
        let progress = try waitFor(session, "Receiving objects")
        XCTAssertTrue(progress.contains { $0.contains("Cloning ssh://") }, progress.joined(separator: "\n"))
        try waitFor(session, "200 of 200 posts", timeout: 60)
        XCTAssertEqual(
            try home.git(["rev-parse", "HEAD"], in: work.appending("blog")),
            try home.git(["rev-parse", "HEAD"], in: fixture.path))
    }
}
