import Foundation
import XCTest

@testable import Blog

/// `StandardPath` agrees with Foundation's standardized file URLs (on Linux, but for `/private`).
final class StandardPathTests: XCTestCase {
    func testPathsAreStandardizedAsFoundationDoes() {
        let paths = [
            "/a/b/c.md", "/a//b/./c/", "/a/b/../c", "/../x", "/", "//", "/a/./../..", "rel/./a/../b", "../x", ".", "",
            "a/..", "/tmp/日本/ファイル.md", "/a b/c d", "/a/.hidden/..x/...", "~/x", "~", "/a/b/", "x/../../y", "a~/b",
        ]
        for path in paths {
            XCTAssertEqual(
                StandardPath.of(path), URL(fileURLWithPath: path).standardizedFileURL.path, path.debugDescription)
        }
    }

    func testTheFolderOfAPath() {
        for path in ["/a/b/c.md", "/a", "/", "/a/b"] {
            XCTAssertEqual(StandardPath.folder(of: path), (path as NSString).deletingLastPathComponent, path)
        }
    }
}
