import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// The tree prefetch reads exactly the trees under a commit, through the object database only,
/// and stops cleanly when asked before it is done.
final class TreePrefetchTests: XCTestCase {
    func testReadsEveryTreeUnderTheCommit() throws {
        let fixture = try BlogFixture.make(.init(posts: 200, commits: 3))
        let repository = try Repository.open(at: fixture.path)
        let head = try repository.resolve("HEAD")
        let prefetch = try XCTUnwrap(TreePrefetch(repository: repository, commit: head))
        prefetch.waitUntilRead()
        let trees = try Shell.check(["git", "ls-tree", "-r", "-t", "HEAD"], in: fixture.path)
            .split(separator: "\n").filter { $0.split(separator: " ")[1] == "tree" }
        XCTAssertEqual(prefetch.treesRead, trees.count + 1, "every subtree and the root")
    }

    func testStoppingEarlyJoinsTheThread() throws {
        let fixture = try BlogFixture.make(.init(posts: 2_000, commits: 3))
        for _ in 0..<20 {
            let repository = try Repository.open(at: fixture.path)
            let prefetch = try XCTUnwrap(TreePrefetch(repository: repository, commit: try repository.resolve("HEAD")))
            prefetch.finish()
            XCTAssertLessThanOrEqual(prefetch.treesRead, 2_000 + 3)
        }
    }

    func testSubtreesAreFoundInARawTree() throws {
        let fixture = try BlogFixture.make(.init(posts: 20, commits: 2))
        let content = try Shell.check(["git", "rev-parse", "HEAD:content/posts"], in: fixture.path).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let raw = try Shell.run(["sh", "-c", "git cat-file tree \(content) | od -An -v -tx1"], in: fixture.path).stdout
        let bytes = raw.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { UInt8($0, radix: 16) }
        let expected = try Shell.check(["git", "ls-tree", content], in: fixture.path).split(separator: "\n")
            .filter { $0.contains(" tree ") }.map { String($0.split(separator: " ")[2].prefix(40)) }
        XCTAssertEqual(TreePrefetch.subtrees(bytes).map(\.hexString), expected)
        XCTAssertEqual(TreePrefetch.subtrees(Array(bytes.prefix(30))).count, 0, "a cut-off tree yields what is whole")
    }
}
