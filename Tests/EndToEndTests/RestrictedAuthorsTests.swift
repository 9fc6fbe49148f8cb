import Foundation
import TestSupport
import XCTest

/// Two authors on a shared server, each key bound by OpenSSH to `nakedblog --restricted
/// --author …` (`command=…,restrict,pty` in `authorized_keys`): a real sshd on 127.0.0.1, two ssh
/// clients in tmux. Nothing leaves the site; both publish at the same moment and both commits land.
final class RestrictedAuthorsTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var server: SSHServer!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        try requireProgram("tmux")
        try requireProgram("sshd")
        // An sshd run by a normal user cannot give a session its terminal (it cannot chown the pty).
        try requireRoot("sshd gives a forced command its terminal only when it runs as root")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-restricted")
        server = try SSHServer()
        try server.trust(in: home)
        // The blog's remote and a marker-leaving $EDITOR (it must never run).
        let seed = work.appending("seed")
        try PackageRoot.copyDemo(to: seed)
        for command in [
            ["init", "-q", "-b", "main", seed], ["-C", seed, "add", "-A"], ["-C", seed, "commit", "-qm", "Start"],
            ["clone", "-q", "--bare", seed, work.appending("remote.git")],
        ] {
            try home.git(command)
        }
        try "#!/bin/sh\ntouch \(work.appending("editor-ran"))\n".write(
            toFile: work.appending("editor.sh"), atomically: true, encoding: .utf8)
        chmod(work.appending("editor.sh"), 0o755)
    }

    override func tearDown() {
        sessions.forEach { $0.kill() }
        server?.stop()
        home?.remove()
        work?.remove()
    }

    /// A key whose only use is the app on `site` as `author` (the forced command of docs/SERVING.md).
    private func authorKey(_ name: String, author: String, site: String, role: String = "editor") throws -> String {
        let env = home.environment
        let variables = [
            "HOME", "PATH", "LANG", "LC_ALL", "GIT_CONFIG_NOSYSTEM", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
            "XDG_CACHE_HOME",
        ]
        .compactMap { key in env[key].map { "\(key)=\(TestHome.shellQuote($0))" } }.joined(separator: " ")
        let command =
            "env \(variables) EDITOR=\(work.appending("editor.sh")) VISUAL=\(work.appending("editor.sh")) NAKEDBLOG_RESTRICTED=1 "
            + "\(try Products.path("nakedblog")) --restricted --role \(role) --author \(TestHome.shellQuote(author)) \(site)"
        return try server.authorizeForcedCommand(command, keyName: name)
    }

    private func ssh(_ key: String) -> [String] {
        [
            "ssh", "-F", home.sshDirectory + "/config", "-o", "IdentitiesOnly=yes", "-i", key, "-p",
            String(server.port), "\(server.user)@127.0.0.1",
        ]
    }

    private func session(_ key: String) throws -> TmuxSession {
        let session = try TmuxSession(
            [ssh(key)[0], "-t"] + ssh(key).dropFirst(), width: 100, height: 30, environment: home.environment,
            directory: work.path)
        sessions.append(session)
        return session
    }

    /// Every way out of the site fails safely in `session` (already in the browser).
    private func assertNothingLeavesTheSite(_ session: TmuxSession, site: String) throws {
        try session.send(keys: "e")
        try session.waitFor("Not available on this server", timeout: 10)
        try session.send(keys: "C-z")
        try session.send(keys: "?")
        let help = try session.waitFor("Posts", timeout: 10).joined(separator: "\n")
        XCTAssertFalse(help.contains("$EDITOR"), "help does not offer what is off:\n\(help)")
        try session.send(keys: "Escape")
        try session.send(keys: "Enter")
        try session.waitFor("Ln ", timeout: 10)
        try session.send(keys: "C-o")
        try session.waitFor("Not available on this server", timeout: 10)
        for source in ["/etc/passwd", site + "/passwd-link.png"] {
            try session.send(keys: "C-r")
            try session.waitFor("Add an image", timeout: 10)
            try session.type(source)
            try session.send(keys: "Enter")
            try session.waitFor("not an image inside the site", timeout: 10)
            try session.send(keys: "Enter")
        }
    }

    private func publishTogether(_ first: TmuxSession, _ second: TmuxSession) throws {
        for (session, words) in [(first, "Ann was here."), (second, "Bo was here.")] {
            // To the end of the body (past the front matter), then type.
            for _ in 0..<20 { try session.send(keys: "Down") }
            try session.send(keys: "End")
            try session.type(" " + words)
            try session.send(keys: "C-s")
            try session.waitFor("Saved ", timeout: 10)
            try session.send(keys: "C-p")
            try session.waitFor("Enter publishes", timeout: 20)
        }
        try first.send(keys: "Enter")
        try second.send(keys: "Enter")
        try first.waitFor("Published ", timeout: 60)
        try second.waitFor("Published ", timeout: 60)
    }

    private func assertBothAuthorsLanded() throws {
        let log = try home.git(["log", "--format=%an <%ae>|%cn", "-3", "main"], in: work.appending("remote.git")).split(
            separator: "\n"
        ).map(String.init)
        XCTAssertTrue(
            log.contains("Ann Author <ann@example.org>|nakedblog tests")
                || log.contains { $0.hasPrefix("Ann Author <ann@example.org>|") }, "\(log)")
        XCTAssertTrue(log.contains { $0.hasPrefix("Bo Writer <bo@example.org>|") }, "\(log)")
        XCTAssertFalse(
            log.contains { $0.hasPrefix("Ann Author") && $0.hasSuffix("|Ann Author") },
            "the committer stays the server's identity: \(log)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("editor-ran")), "$EDITOR never ran")
    }

    private func clone(_ name: String) throws -> String {
        let site = work.appending(name)
        try home.git(["clone", "-q", work.appending("remote.git"), site])
        try FileManager.default.createSymbolicLink(
            atPath: site + "/passwd-link.png", withDestinationPath: "/etc/passwd")
        return site
    }

    func testTwoAuthorsEachWithTheirOwnWorkingCopy() throws {
        let ann = try clone("ann"), bo = try clone("bo")
        let annKey = try authorKey("ann", author: "Ann Author <ann@example.org>", site: ann)
        let boKey = try authorKey("bo", author: "Bo Writer <bo@example.org>", site: bo)
        let first = try session(annKey), second = try session(boKey)
        try first.waitFor("✎ Ann Author", timeout: 20)
        try second.waitFor("✎ Bo Writer", timeout: 20)
        try assertNothingLeavesTheSite(first, site: ann)
        try second.send(keys: "j")
        try assertNothingLeavesTheSite(second, site: bo)
        try publishTogether(first, second)
        try assertBothAuthorsLanded()
    }

    func testTwoAuthorsSharingOneWorkingCopy() throws {
        let shared = try clone("shared")
        let first = try session(try authorKey("ann", author: "Ann Author <ann@example.org>", site: shared))
        let second = try session(try authorKey("bo", author: "Bo Writer <bo@example.org>", site: shared))
        try first.waitFor("✎ Ann Author", timeout: 20)
        try second.waitFor("✎ Bo Writer", timeout: 20)
        try first.send(keys: "Enter")
        try first.waitFor("Ln ", timeout: 10)
        // The post Ann has open is read-only for Bo, and says who has it.
        try second.send(keys: "Enter")
        try second.waitFor("read-only: Ann Author <ann@example.org> is editing", timeout: 10)
        try second.type("x")
        try second.waitFor("Read-only: Ann Author", timeout: 10)
        try second.send(keys: "Escape")
        // Back in the browser before the next key (an Esc and a letter sent together read as Alt-letter).
        try second.waitFor("Enter open", timeout: 10)
        try second.send(keys: "j")
        try second.send(keys: "Enter")
        try second.waitFor("Ln ", timeout: 10)
        try publishTogether(first, second)
        try assertBothAuthorsLanded()
    }

    /// docs/SERVING.md's "Remove": their authorized_keys line deleted, they cannot get in; the
    /// others still can.
    func testARemovedAuthorCannotLogInAndTheOthersStillCan() throws {
        let site = try clone("team")
        let annKey = try authorKey("ann", author: "Ann Author <ann@example.org>", site: site)
        let boKey = try authorKey("bo", author: "Bo Writer <bo@example.org>", site: site)
        // Only Bo's key (the test's ssh config would also offer the harness's own key).
        let onlyBo = [
            "ssh", "-F", "/dev/null", "-o", "UserKnownHostsFile=\(home.sshDirectory)/known_hosts", "-o",
            "StrictHostKeyChecking=yes",
            "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-i", boKey, "-p", String(server.port),
            "\(server.user)@127.0.0.1", "-T",
        ]
        let before = try Shell.run(onlyBo, environment: home.environment, timeout: 30)
        XCTAssertTrue(
            before.status == 2 && before.stderr.contains("needs a terminal"),
            "Bo's key reaches the app: \(before.stderr)")
        try server.revokeKey("bo")
        let refused = try Shell.run(onlyBo, environment: home.environment, timeout: 30)
        XCTAssertEqual(refused.status, 255, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("Permission denied"), refused.stderr)
        let session = try session(annKey)
        try session.waitFor("✎ Ann Author", timeout: 20)
    }

    func testAMalformedAuthorAndOtherSubcommandsAreRefused() throws {
        let site = try clone("plain")
        for author in [
            "Ann", "Ann <ann@example.org", "Ann <not an address>", "Ann\n<ann@example.org>", "<ann@example.org>",
        ] {
            let result = try Shell.run(
                [try Products.path("nakedblog"), "--restricted", "--author", author, site],
                environment: home.environment, timeout: 30)
            XCTAssertEqual(result.status, 2, "\(author): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--author must be"), result.stderr)
        }
        var environment = home.environment
        environment["NAKEDBLOG_RESTRICTED"] = "1"
        for arguments in [
            ["list", site], ["clone", "file://" + work.appending("remote.git"), work.appending("x")], ["demo"],
        ] {
            let result = try Shell.run(
                [try Products.path("nakedblog")] + arguments, environment: environment, timeout: 30)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("only the app runs on this server"), result.stderr)
        }
    }

    /// A co-author pushes a config the session refuses (`contentDir = "../x"`). The author's next
    /// session used to fall back to the start screen, where `c` cloned any repository the server
    /// could read (another site's, or one named `.config` into the account's home): now it says
    /// why over SSH and ends, and no key reaches a start screen.
    func testARefusedSiteEndsTheSessionInsteadOfOfferingAClone() throws {
        let site = try clone("carl")
        let config = site + "/hugo.toml"
        try ("contentDir = \"../x\"\n" + (try String(contentsOfFile: config, encoding: .utf8))).write(
            toFile: config, atomically: true, encoding: .utf8)
        try home.git(["-C", site, "commit", "-qam", "Move the content (a co-author)"])
        let session = try session(try authorKey("carl", author: "Carl Co <carl@example.org>", site: site))
        let screen = try session.waitFor("cannot open the site", timeout: 20).joined(separator: "\n")
        XCTAssertTrue(screen.contains("contentDir ../x"), screen)
        XCTAssertNotEqual(try session.waitForExit(timeout: 20), 0)
        XCTAssertFalse(screen.contains("clone"), screen)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/.config/nakedblog"))
    }

    /// Issue 56.8 over OpenSSH: Ann's key has the author role (`--role author`). The site's posts
    /// are not hers: they open read-only and cannot be published by her; a post she writes is
    /// hers, and publishes.
    func testAnAuthorChangesOnlyTheirOwnPostsOverSSH() throws {
        let site = try clone("owned")
        let session = try session(
            try authorKey("ann", author: "Ann Author <ann@example.org>", site: site, role: "author"))
        try session.waitFor("✎ Ann Author", timeout: 20)
        try session.send(keys: "Enter")
        try session.waitFor("read-only: written by Test Writer", timeout: 10)
        try session.type("x")
        try session.waitFor("Read-only: written by", timeout: 10)
        try session.send(keys: "C-p")
        try session.waitFor("only they or an editor may change it", timeout: 10)
        XCTAssertFalse(try session.screen().joined().contains("Enter publishes"))
        try session.send(keys: "Escape")
        try session.waitFor("Enter open", timeout: 10)
        try session.send(keys: "n")
        try session.waitFor("New post", timeout: 10)
        try session.type("Ann writes")
        try session.send(keys: "Enter")
        try session.waitFor("Ln ", timeout: 10)
        try session.type("Her own words.")
        try session.send(keys: "C-s")
        try session.waitFor("Saved content/posts/", timeout: 10)
        try session.send(keys: "C-p")
        try session.waitFor("Enter publishes", timeout: 30)
        try session.send(keys: "Enter")
        try session.waitFor("Published ", timeout: 60)
        let log = try home.git(["log", "-1", "--format=%an|%s", "main"], in: work.appending("remote.git"))
        XCTAssertEqual(log, "Ann Author|Publish: Ann writes")
    }

    func testNoTerminalAndACommandOnTheSSHLineAreRefused() throws {
        let site = try clone("solo")
        let key = try authorKey("solo", author: "Ann Author <ann@example.org>", site: site)
        let marker = work.appending("ssh-line-ran")
        let result = try Shell.run(ssh(key) + ["-T", "touch \(marker)"], environment: home.environment, timeout: 30)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("needs a terminal"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "the command given on the ssh line never ran")
        // With a terminal the app starts, whatever the ssh line asked for.
        let session = try TmuxSession(
            ["ssh", "-t"] + ssh(key).dropFirst() + ["touch \(marker)"], width: 100, height: 30,
            environment: home.environment, directory: work.path)
        sessions.append(session)
        try session.waitFor("✎ Ann Author", timeout: 20)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
    }
}
