import Foundation
import TestSupport
import XCTest

@testable import Workflows

/// The build check's copy of a site: every byte, links inside the site as links, and nothing
/// about the originals changes (not even their ctime, which open editors watch); no link in the
/// copy leads out of it, and no `.git` is copied.
final class PublishCheckCopyTests: XCTestCase {
    func testTheCopyIsExactAndLeavesTheSourceAlone() throws {
        let source = try TemporaryDirectory(prefix: "nb-copy-source")
        let target = try TemporaryDirectory(prefix: "nb-copy-target")
        defer { source.remove(); target.remove() }
        let big = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try FileManager.default.createDirectory(atPath: source.appending("a/b"), withIntermediateDirectories: true)
        try big.write(to: URL(fileURLWithPath: source.appending("a/b/big.bin")))
        try Data("---\ntitle: x\n---\n".utf8).write(to: URL(fileURLWithPath: source.appending("a/post.md")))
        try FileManager.default.createSymbolicLink(atPath: source.appending("a/link"), withDestinationPath: "post.md")
        var before = stat()
        stat(source.appending("a/b/big.bin"), &before)
        sleep(1)
        try SiteCopy(siteRoot: source.path, copyRoot: target.path).copyTree(
            source.appending("a"), to: target.appending("a"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target.appending("a/b/big.bin"))), big)
        XCTAssertEqual(
            try String(contentsOfFile: target.appending("a/post.md"), encoding: .utf8), "---\ntitle: x\n---\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: target.appending("a/link")), "post.md")
        var after = stat()
        stat(source.appending("a/b/big.bin"), &after)
        XCTAssertEqual(after.st_ctim.tv_sec, before.st_ctim.tv_sec, "the original's ctime is unchanged")
        XCTAssertEqual(after.st_nlink, 1, "copied, not linked")
    }

    func testNoLinkInTheCopyLeadsOutOfItAndNoGitIsCopied() throws {
        let source = try TemporaryDirectory(prefix: "nb-copy-source")
        let target = try TemporaryDirectory(prefix: "nb-copy-target")
        let outside = try TemporaryDirectory(prefix: "nb-copy-outside")
        defer { source.remove(); target.remove(); outside.remove() }
        let fm = FileManager.default
        try "secret\n".write(toFile: outside.appending("secret.txt"), atomically: true, encoding: .utf8)
        try fm.createDirectory(atPath: source.appending(".git"), withIntermediateDirectories: true)
        try "[remote]\n token\n".write(toFile: source.appending(".git/config"), atomically: true, encoding: .utf8)
        try fm.createDirectory(atPath: source.appending("content/posts/.git"), withIntermediateDirectories: true)
        try "nested\n".write(toFile: source.appending("content/posts/.git/HEAD"), atomically: true, encoding: .utf8)
        try "---\ntitle: x\n---\n".write(
            toFile: source.appending("content/posts/x.md"), atomically: true, encoding: .utf8)
        let links = [
            "content/leak.txt": outside.appending("secret.txt"), "content/posts/gitcfg.md": "../../.git/config",
            "content/dir": outside.path, "content/alias.md": "posts/x.md", "content/up": "../content/posts",
        ]
        for (path, destination) in links {
            try fm.createSymbolicLink(atPath: source.appending(path), withDestinationPath: destination)
        }
        try SiteCopy(siteRoot: source.path, copyRoot: target.path).copyTree(
            source.appending("content"), to: target.appending("content"))
        for left in ["content/leak.txt", "content/posts/gitcfg.md", "content/dir", "content/posts/.git"] {
            XCTAssertNil(try? fm.attributesOfItem(atPath: target.appending(left)), left)
        }
        XCTAssertEqual(
            try String(contentsOfFile: target.appending("content/alias.md"), encoding: .utf8), "---\ntitle: x\n---\n")
        XCTAssertEqual(
            try fm.destinationOfSymbolicLink(atPath: target.appending("content/alias.md")), "posts/x.md", "its own text"
        )
        XCTAssertEqual(
            try fm.destinationOfSymbolicLink(atPath: target.appending("content/up")), "../content/posts",
            "made to lead inside the copy")
        XCTAssertTrue(fm.fileExists(atPath: target.appending("content/up/x.md")))
        // Every link in the copy resolves inside the copy.
        let enumerator = fm.enumerator(atPath: target.path)
        while let item = enumerator?.nextObject() as? String {
            if let destination = try? fm.destinationOfSymbolicLink(atPath: target.appending(item)) {
                let resolved = URL(fileURLWithPath: target.appending(item)).resolvingSymlinksInPath().path
                XCTAssertTrue(
                    resolved.hasPrefix(URL(fileURLWithPath: target.path).resolvingSymlinksInPath().path + "/"),
                    "\(item) -> \(destination)")
            }
        }
    }
}
