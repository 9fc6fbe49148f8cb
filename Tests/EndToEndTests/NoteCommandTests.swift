import Foundation
import TestSupport
import XCTest

/// `nakedblog note` (issue 49): a short titleless post in the notes section, published to the
/// remote in one command.
final class NoteCommandTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!

    override func setUpWithError() throws {
        try requireProgram("hugo")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-note")
    }

    override func tearDown() {
        home?.remove()
        work?.remove()
    }

    func testANoteWithAPictureReachesTheRemoteInOneCommand() throws {
        let seed = work.appending("seed"), clone = work.appending("site"), bare = work.appending("remote.git")
        try PackageRoot.copyDemo(to: seed)
        for command in [
            ["init", "-q", "-b", "main", seed], ["-C", seed, "add", "-A"], ["-C", seed, "commit", "-qm", "Start"],
            ["clone", "-q", "--bare", seed, bare], ["clone", "-q", bare, clone],
        ] {
            try home.git(command)
        }
        let picture = work.appending("train.png")
        try SampleImages.png.write(to: URL(fileURLWithPath: picture))
        let result = try Shell.run(
            [
                try Products.path("nakedblog"), "note", "Fog over the *river* this morning.", "--image", picture,
                "--alt",
                "Fog over a river", "--publish",
            ],
            in: clone, environment: home.environment, timeout: 180)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let tree = try home.git(["ls-tree", "-r", "--name-only", "main"], in: bare).split(separator: "\n").map(
            String.init)
        XCTAssertTrue(tree.contains("content/micro/_index.md"), "the notes section is made")
        let note = try XCTUnwrap(tree.first { $0.hasPrefix("content/micro/2") && $0.hasSuffix("/index.md") }, "\(tree)")
        XCTAssertTrue(tree.contains((note as NSString).deletingLastPathComponent + "/train.png"), "\(tree)")
        let text = try home.git(["show", "main:" + note], in: bare)
        XCTAssertTrue(
            text.contains("draft: false\n---\n![Fog over a river](train.png)\n\nFog over the *river* this morning."),
            text)
        XCTAssertFalse(text.contains("title:"), "a note has no title")
        XCTAssertEqual(
            try home.git(["log", "-1", "--format=%s"], in: bare), "Note: Fog over the *river* this morning.")

        // Without text or picture: refused, nothing written.
        let empty = try Shell.run(
            [try Products.path("nakedblog"), "note", "  "], in: clone, environment: home.environment)
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("a note needs some text or a picture"), empty.stderr)
    }
}
