import Blog
import Foundation
import Harness
import XCTest

@testable import Workflows

/// Saving a post (`PostText.save`, the workflow beside `PostText.read`): atomic, the file's
/// permissions kept, never outside the site, refused when the file changed on disk meanwhile.
final class PostSaveTests: XCTestCase {
    private var root = ""
    private var scratch: TemporaryDirectory!

    override func setUpWithError() throws {
        scratch = try TemporaryDirectory(prefix: "nb-save")
        root = scratch.appending("site")
        try FileManager.default.createDirectory(atPath: root + "/content/posts", withIntermediateDirectories: true)
        try Data("---\ntitle: A\n---\nOld.\n".utf8).write(to: URL(fileURLWithPath: root + "/content/posts/a.md"))
    }

    override func tearDown() { scratch.remove() }

    func testASaveWritesAndKeepsThePermissions() throws {
        let file = root + "/content/posts/a.md"
        chmod(file, 0o640)
        let (_, stamp) = try PostText.read("content/posts/a.md", root: root)
        let saved = try PostText.save("content/posts/a.md", text: "New.\n", root: root, expected: stamp)
        XCTAssertEqual(saved, .written(FileStamp.of(file)))
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "New.\n")
        var info = stat()
        stat(file, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
    }

    func testAFileChangedOnDiskIsNotOverwrittenUnlessAsked() throws {
        let file = root + "/content/posts/a.md"
        let (_, stamp) = try PostText.read("content/posts/a.md", root: root)
        try Data("Someone else's.\n".utf8).write(to: URL(fileURLWithPath: file))
        utimes(file, [timeval(tv_sec: 1, tv_usec: 0), timeval(tv_sec: 1, tv_usec: 0)])
        XCTAssertEqual(
            try PostText.save("content/posts/a.md", text: "Mine.\n", root: root, expected: stamp), .changedOnDisk)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "Someone else's.\n")
        // This session's own last write, seen again, is no conflict.
        let own = FileStamp.of(file)
        XCTAssertNotEqual(
            try PostText.save("content/posts/a.md", text: "Mine.\n", root: root, expected: stamp, lastWritten: own),
            .changedOnDisk)
        try Data("Again.\n".utf8).write(to: URL(fileURLWithPath: file))
        _ = try PostText.save("content/posts/a.md", text: "Kept.\n", root: root, expected: stamp, overwrite: true)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "Kept.\n")
    }

    /// The attack: a post that is a link out of the site is never written through.
    func testALinkOutOfTheSiteIsNotWrittenThrough() throws {
        let outside = scratch.appending("outside.txt")
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: root + "/content/posts/b.md", withDestinationPath: outside)
        XCTAssertThrowsError(try PostText.save("content/posts/b.md", text: "pwned\n", root: root, expected: nil)) {
            XCTAssertEqual(($0 as? WorkflowError)?.kind, .refused)
        }
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "secret\n")
    }
}
