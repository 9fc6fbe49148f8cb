import Foundation
import TestSupport
import XCTest

/// Files from outside the site: a symlinked bundle, section or config directory never makes
/// nakedblog commit, write or copy files outside the repository; a missing clone source fails.
final class HostileFilesTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var outside: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-hostile-files")
        outside = try TemporaryDirectory(prefix: "nb-hostile-outside")
        try "TOP SECRET\n".write(toFile: outside.appending("secret.txt"), atomically: true, encoding: .utf8)
        try "---\ntitle: Linked\n---\nbody\n".write(
            toFile: outside.appending("index.md"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        home.remove()
        work.remove()
        outside.remove()
    }

    private func run(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory, environment: home.environment, timeout: 60)
    }

    /// A clone of a bare remote holding the demo site.
    private func site(_ name: String = "site") throws -> (clone: String, remote: String) {
        try home.demoClone(in: work, name: name)
    }

    func testASymlinkedBundleIsRefusedNeverFollowed() throws {
        let (clone, remote) = try site()
        try FileManager.default.createSymbolicLink(
            atPath: clone + "/content/posts/linked", withDestinationPath: outside.path)
        // Through the link: refused, as git refuses paths beyond a symbolic link.
        let through = try run(["publish", "content/posts/linked/index.md"], in: clone)
        XCTAssertNotEqual(through.status, 0, through.stderr)
        XCTAssertTrue(through.stderr.contains("outside the repository"), through.stderr)
        // The link itself: refused by the publish plan (its files are not the site's), nothing committed.
        let result = try run(["publish", "content/posts/linked"], in: clone)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("refused: outside the site"), result.stderr)
        let tree = try home.git(["ls-tree", "-r", "main"], in: remote)
        XCTAssertFalse(tree.contains("content/posts/linked"), tree)
        XCTAssertFalse(tree.contains("secret.txt"), tree)
        let objects = try home.git(["rev-list", "--objects", "--all"], in: remote)
        for line in objects.split(separator: "\n") {
            let id = String(line.prefix(40))
            if try home.git(["cat-file", "-t", id], in: remote) == "blob" {
                XCTAssertFalse(
                    try home.git(["cat-file", "-p", id], in: remote).contains("TOP SECRET"),
                    "the secret reached the remote")
            }
        }
    }

    func testNewAndMetaDoNotWriteThroughLinksOutOfTheSite() throws {
        let (clone, _) = try site()
        try FileManager.default.createSymbolicLink(atPath: clone + "/content/notes", withDestinationPath: outside.path)
        let new = try run(["new", "Escaped", "--section", "notes"], in: clone)
        XCTAssertNotEqual(new.status, 0, new.stdout)
        XCTAssertTrue(new.stderr.contains("outside the site"), new.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted(), ["index.md", "secret.txt"])
        let allowed = try run(["new", "Escaped", "--section", "notes", "--outside-site"], in: clone)
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside.appending("escaped/index.md")))

        try FileManager.default.createSymbolicLink(
            atPath: clone + "/content/posts/linked", withDestinationPath: outside.path)
        let meta = try run(["meta", "content/posts/linked/index.md", "title", "Changed"], in: clone)
        XCTAssertNotEqual(meta.status, 0)
        XCTAssertTrue(meta.stderr.contains("outside the site"), meta.stderr)
        XCTAssertEqual(
            try String(contentsOfFile: outside.appending("index.md"), encoding: .utf8),
            "---\ntitle: Linked\n---\nbody\n")
    }

    func testAContentOrArchetypeDirOutsideTheSiteIsNotWrittenOrCopied() throws {
        let (clone, _) = try site()
        let config = clone + "/hugo.toml"
        var text = try String(contentsOfFile: config, encoding: .utf8)
        text = "contentDir = \"\(outside.path)\"\n" + text
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let new = try run(["new", "Elsewhere"], in: clone)
        XCTAssertNotEqual(new.status, 0, new.stdout)
        XCTAssertTrue(new.stderr.contains("outside the site"), new.stderr)

        // An archetype bundle outside the site would copy its files (a key) into the post.
        let (second, _) = try site("second")
        try FileManager.default.createDirectory(
            atPath: outside.appending("archetypes/posts"), withIntermediateDirectories: true)
        try "---\ntitle: x\n---\n".write(
            toFile: outside.appending("archetypes/posts/index.md"), atomically: true, encoding: .utf8)
        try "KEY\n".write(toFile: outside.appending("archetypes/posts/id_ed25519"), atomically: true, encoding: .utf8)
        let secondConfig = second + "/hugo.toml"
        try
            ("archetypeDir = \"\(outside.appending("archetypes"))\"\n"
            + String(contentsOfFile: secondConfig, encoding: .utf8))
            .write(toFile: secondConfig, atomically: true, encoding: .utf8)
        // The post is made from the built-in archetype instead, and the writer is told why.
        let copied = try run(["new", "Copies"], in: second)
        XCTAssertEqual(copied.status, 0, copied.stderr)
        XCTAssertTrue(copied.stderr.contains("was not used (refused: outside the site)"), copied.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: second + "/content/posts/copies/id_ed25519"))
    }

    func testCloningAMissingLocalPathFails() throws {
        let result = try run(["clone", "--no-open", "nothere"], in: work.path)
        XCTAssertEqual(result.status, 5, result.stderr)
        XCTAssertTrue(result.stderr.contains("does not exist"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("nothere")))
    }

    func testOptionLikeHostsAndPathsAreRefused() throws {
        for url in [
            "ssh://-oProxyCommand=touch${IFS}pwned/x", "-oProxyCommand=touch:x", "host:-u/x.git", "git@-oFoo:x",
        ] {
            let result = try run(["clone", "--no-open", "--", url, "d"], in: work.path)
            XCTAssertEqual(result.status, 2, "\(url): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("starts with `-`"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("pwned")))
    }
}
