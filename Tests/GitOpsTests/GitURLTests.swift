import Foundation
import XCTest

@testable import GitOps

final class GitURLTests: XCTestCase {
    func testForms() throws {
        let cases: [(String, GitURL.Transport, String, String?, Int?)] = [
            ("https://example.com/me/blog.git", .https, "blog", nil, nil),
            ("http://example.com:8080/blog", .http, "blog", nil, 8080),
            ("ssh://git@example.com:2222/srv/blog.git", .ssh, "blog", "git@example.com", 2222),
            ("ssh://example.com/~me/blog.git/", .ssh, "blog", "example.com", nil),
            ("git@example.com:me/blog.git", .ssh, "blog", "git@example.com", nil),
            ("gitbox:repos/blog.git", .ssh, "blog", "gitbox", nil),
            ("git://127.0.0.1:9418/blog.git", .git, "blog", nil, 9418),
            ("file:///srv/git/blog.git", .file, "blog", nil, nil),
        ]
        for (input, transport, name, destination, port) in cases {
            let url = try GitURL(input)
            XCTAssertEqual(url.transport, transport, input)
            XCTAssertEqual(url.defaultDirectoryName, name, input)
            XCTAssertEqual(url.sshDestination, destination, input)
            XCTAssertEqual(url.port, port, input)
        }
        XCTAssertEqual(try GitURL("../blog.git", relativeTo: "/home/me/src").url, "file:///home/me/blog.git")
        XCTAssertEqual(
            try GitURL("https://me:secret@example.com/blog.git").redacted, "https://me:***@example.com/blog.git")
    }

    /// One rule for the folder a clone goes into (the CLI and the app use `CloneTarget`), as git names it.
    func testCloneFolderNames() throws {
        let cases: [(String, String)] = [
            ("https://github.com/user/user.github.io.git", "user.github.io"),
            ("https://host/a/repo.git/", "repo"),
            ("git@host:a/b.git", "b"),
            ("https://host/a/b", "b"),
            ("https://host/a/x.git.git", "x.git"),
            ("https://host/a/b/.git", "b"),
            ("https://host", "blog"),
            ("https://host/..", "blog"),
            ("git@host:repo.git", "repo"),
            ("ssh://git@host:2222/srv/site.git", "site"),
        ]
        for (input, name) in cases {
            XCTAssertEqual(try GitURL(input).defaultDirectoryName, name, input)
        }
        XCTAssertEqual(
            CloneTarget.path(for: try GitURL("git@host:a/user.github.io.git"), directory: nil, in: "/home/me"),
            "/home/me/user.github.io")
        XCTAssertEqual(
            CloneTarget.path(for: try GitURL("git@host:a/b.git"), directory: "../x", in: "/home/me/src"), "/home/me/x")
        let full = NSTemporaryDirectory() + "nb-clone-target-\(getpid())"
        try FileManager.default.createDirectory(atPath: full + "/inside", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: full) }
        XCTAssertThrowsError(try CloneTarget.check(full, namedAfterURL: false)) {
            XCTAssertTrue("\($0)".contains("not empty"), "\($0)")
        }
        XCTAssertNoThrow(try CloneTarget.check(full + "/inside", namedAfterURL: false))
        XCTAssertNoThrow(try CloneTarget.check(full + "/new/deeper", namedAfterURL: false))
    }

    /// A folder named after the URL (the writer did not choose it) is new and not a dot-folder:
    /// a repository called `.config` cloned from a home would plant the account's settings.
    func testAFolderNamedAfterTheURLIsNewAndNotHidden() throws {
        let home = NSTemporaryDirectory() + "nb-clone-named-\(getpid())"
        try FileManager.default.createDirectory(atPath: home + "/empty", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        for url in ["file:///srv/x/.config", "file:///srv/x/.ssh.git", "https://host/a/.git-credentials"] {
            XCTAssertThrowsError(try CloneTarget.resolve(try GitURL(url), directory: nil, in: home), url) {
                XCTAssertTrue("\($0)".contains("may not start with a dot"), "\($0)")
            }
        }
        XCTAssertThrowsError(try CloneTarget.resolve(try GitURL("https://host/a/empty.git"), directory: nil, in: home))
        {
            XCTAssertTrue("\($0)".contains("exists already"), "\($0)")
        }
        // Chosen by the writer: an empty folder (as git allows) and a dot-folder are theirs to name.
        XCTAssertEqual(
            try CloneTarget.resolve(try GitURL("https://host/a/b.git"), directory: "empty", in: home), home + "/empty")
        XCTAssertEqual(
            try CloneTarget.resolve(try GitURL("https://host/a/.b"), directory: "b", in: home), home + "/b")
        XCTAssertEqual(
            try CloneTarget.resolve(try GitURL("https://host/a/new.git"), directory: nil, in: home), home + "/new")
    }

    func testRedactionSplitsAtTheLastAt() throws {
        XCTAssertEqual(
            URLRedaction.redact("cloning https://user:wr@ngpass@host/x.git failed"),
            "cloning https://user:***@host/x.git failed")
        XCTAssertEqual(
            URLRedaction.redact("a http://u:p@h:1/x and ssh://git@host/y"), "a http://u:***@h:1/x and ssh://git@host/y")
        XCTAssertEqual(
            try GitURL("https://me:s3@cr@t@example.com/blog.git").redacted, "https://me:***@example.com/blog.git")
    }

    func testControlCharactersAndOptionLikeURLsAreRefused() {
        for bad in [
            "https://h/x%0ahost=evil", "http://u%0d@h/x", "https://h/x%00", "ssh://-oProxyCommand=x/y", "host:-x",
            "-o:x", "a\u{1B}b",
        ] {
            XCTAssertThrowsError(try GitURL(bad), bad)
        }
        XCTAssertNil(GitCredentialHelper.describe("http://h/x%0ahost=evil"))
        XCTAssertNil(
            GitCredentialHelper.describe("http://h/x", HTTPCredential(username: "u\nhost=evil", password: "p")))
        XCTAssertEqual(
            GitCredentialHelper.describe("https://h:8443/a/b.git"), "protocol=https\nhost=h:8443\npath=a/b.git\n")
    }

    func testMalformed() {
        for bad in [
            "", "   ", "https://", "ftp://example.com/x", "ssh://host", "file://relative/path", "host:", "a\nb",
        ] {
            XCTAssertThrowsError(try GitURL(bad), bad.debugDescription)
        }
    }

    func testSidebandLines() {
        var lines = SidebandLines()
        XCTAssertEqual(lines.feed("Counting: 1%\rCounting: 50%\r").map(\.0), ["Counting: 1%", "Counting: 50%"])
        XCTAssertEqual(
            lines.feed("Counting: 100%, done.\r\nCompress").map { "\($0.0)|\($0.1)" }, ["Counting: 100%, done.|true"])
        XCTAssertEqual(lines.feed("ing done\n").map { "\($0.0)|\($0.1)" }, ["Compressing done|false"])
    }
}
