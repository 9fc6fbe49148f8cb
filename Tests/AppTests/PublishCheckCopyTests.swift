import Foundation
import XCTest
@testable import NakedblogApp
import TestSupport

/// The build check's copy of a site: every byte, links as links, and nothing about the originals
/// changes (not even their ctime, which open editors watch).
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
        try PublishCheck.copyTree(source.appending("a"), to: target.appending("a"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target.appending("a/b/big.bin"))), big)
        XCTAssertEqual(try String(contentsOfFile: target.appending("a/post.md"), encoding: .utf8), "---\ntitle: x\n---\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: target.appending("a/link")), "post.md")
        var after = stat()
        stat(source.appending("a/b/big.bin"), &after)
        XCTAssertEqual(after.st_ctim.tv_sec, before.st_ctim.tv_sec, "the original's ctime is unchanged")
        XCTAssertEqual(after.st_nlink, 1, "copied, not linked")
    }
}
