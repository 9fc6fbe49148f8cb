import CGit2
import Foundation
import GitOps
import TestSupport
import XCTest

/// Proves libgit2 links and works: version, features, and a clone of a local fixture that the
/// `git` CLI agrees with.
final class LibGit2SmokeTests: XCTestCase {
    override class func setUp() {
        GitLibrary.initialize()
    }

    func testVersionAndFeatures() {
        XCTAssertTrue(GitLibrary.version.hasPrefix("1."), GitLibrary.version)
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        git_libgit2_version(&major, &minor, &patch)
        XCTAssertEqual(GitLibrary.version, "\(major).\(minor).\(patch)")
        XCTAssertTrue(GitLibrary.features.https, "Debian's libgit2 is built with HTTPS")
        XCTAssertTrue(GitLibrary.features.ssh, "Debian's libgit2 is built with libssh2")
    }

    func testClonesALocalFixtureOverFileURL() throws {
        let fixture = try BlogFixture.make(.init(posts: 20, imagesPerPost: 1, imageBytes: 2_000, commits: 4))
        let target = try TemporaryDirectory(prefix: "nb-libgit2-clone")
        defer { target.remove() }
        let path = target.appending("blog")
        let repository = try Repository.clone(url: "file://" + fixture.path, into: path)
        let expected = try Shell.check(["git", "rev-parse", "HEAD"], in: fixture.path)
        XCTAssertEqual(try repository.headCommitID(), expected)
        XCTAssertEqual(try repository.currentBranch(), "main")
        XCTAssertEqual(repository.workingDirectory, path + "/")
        XCTAssertEqual(try Shell.check(["git", "status", "--porcelain"], in: path), "")
        try Shell.check(["git", "fsck", "--no-progress"], in: path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path + "/content/posts").count, 20)
    }

    func testErrorFunnelCopiesLibgit2sMessage() throws {
        let target = try TemporaryDirectory(prefix: "nb-libgit2-missing")
        defer { target.remove() }
        XCTAssertThrowsError(try Repository.open(at: target.appending("nothing-here"))) { error in
            let gitError = error as? GitError
            XCTAssertEqual(gitError?.kind, .notFound)
            XCTAssertEqual(gitError?.operation, "git_repository_open")
            XCTAssertTrue(gitError?.message.contains("nothing-here") ?? false, "\(error)")
        }
        // Cleared: NULL up to libgit2 1.7, an error of class GIT_ERROR_NONE from 1.8 on.
        XCTAssertEqual(
            git_error_last().map { $0.pointee.klass } ?? 0, 0, "the funnel clears libgit2's thread-local error")
    }

    func testUnbornBranchHasNoHeadCommit() throws {
        let target = try TemporaryDirectory(prefix: "nb-libgit2-unborn")
        defer { target.remove() }
        try Shell.check(["git", "init", "--quiet", "--initial-branch=drafts", target.path])
        let repository = try Repository.open(at: target.path)
        XCTAssertNil(try repository.headCommitID())
        XCTAssertEqual(try repository.currentBranch(), "drafts")
    }
}
