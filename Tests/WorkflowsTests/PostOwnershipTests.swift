import Blog
import Foundation
import GitOps
import TestSupport
import XCTest

@testable import Workflows

/// Issue 56.8: on a shared server an author changes, unpublishes, undoes or deletes only the
/// posts they wrote (the first commit's author, or `author:` in the front matter); an editor any.
final class PostOwnershipTests: XCTestCase {
    private let ann = CommitAuthor("Ann Author <ann@example.org>")!
    private let bo = CommitAuthor("Bo Writer <bo@example.org>")!

    /// A Jekyll site where Bo wrote a draft and published it (moved to `_posts`), then Ann edited it.
    private func site(_ work: TemporaryDirectory) throws -> Site {
        let root = work.path
        func git(_ arguments: [String], as author: CommitAuthor) throws {
            try Shell.check(
                ["git", "-c", "user.name=\(author.name)", "-c", "user.email=\(author.email)"] + arguments, in: root)
        }
        try FileManager.default.createDirectory(atPath: root + "/_drafts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/_posts", withIntermediateDirectories: true)
        try Shell.check(["git", "init", "-q", "-b", "main"], in: root)
        try "---\ntitle: Bo's\n---\nBody.\n".write(toFile: root + "/_drafts/bos.md", atomically: true, encoding: .utf8)
        try git(["add", "-A"], as: bo)
        try git(["commit", "-qm", "Draft"], as: bo)
        try git(["mv", "_drafts/bos.md", "_posts/2020-01-01-bos.md"], as: bo)
        try git(["commit", "-qm", "Publish: Bo's"], as: bo)
        try "---\ntitle: Bo's\n---\nBody, edited by Ann.\n".write(
            toFile: root + "/_posts/2020-01-01-bos.md", atomically: true, encoding: .utf8)
        try git(["commit", "-qam", "Update: Bo's"], as: ann)
        try "---\ntitle: Ann's\n---\nMine.\n".write(
            toFile: root + "/_posts/2020-01-02-anns.md", atomically: true, encoding: .utf8)
        try git(["add", "-A"], as: ann)
        try git(["commit", "-qm", "Publish: Ann's"], as: ann)
        return try Site.open(containing: root)
    }

    func testAnAuthorChangesOnlyTheirOwnPosts() throws {
        let work = try TemporaryDirectory(prefix: "nb-ownership")
        defer { work.remove() }
        let site = try site(work)
        let bos = "_posts/2020-01-01-bos.md", anns = "_posts/2020-01-02-anns.md"
        XCTAssertEqual(PostOwnership.creator(of: bos, site: site), bo, "the first commit, through the move")
        XCTAssertNoThrow(try PostOwnership.requireChangeable(anns, site: site, by: ann, role: .author))
        XCTAssertThrowsError(try PostOwnership.requireChangeable(bos, site: site, by: ann, role: .author)) { error in
            XCTAssertTrue("\(error)".contains("written by Bo Writer <bo@example.org>: only they"), "\(error)")
        }
        XCTAssertNoThrow(try PostOwnership.requireChangeable(bos, site: site, by: ann, role: .editor))
        XCTAssertNoThrow(try PostOwnership.requireChangeable(bos, site: site, by: bo, role: .author))
        // The front matter may name the author (a post the site's owner imported for them).
        try "---\ntitle: Bo's\nauthor: [Someone, ann@example.org]\n---\nBody.\n".write(
            toFile: site.absolute(bos), atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try PostOwnership.requireChangeable(bos, site: site, by: ann, role: .author))
        // A post not committed yet is its writer's, whatever its archetype names.
        try "---\ntitle: New\nauthor: Site Owner\n---\n".write(
            toFile: site.absolute("_drafts/new.md"), atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try PostOwnership.requireChangeable("_drafts/new.md", site: site, by: ann, role: .author))
    }
}
