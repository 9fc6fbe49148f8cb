import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// Repositories in unusual shapes: a submodule inside a bundle, a bare repository.
final class BadRepositoryInputTests: XCTestCase {
    private var home: TestHome!
    private var world: PublishWorld!

    override func setUpWithError() throws {
        home = try TestHome()
        world = try PublishWorld(server: try FileGitServer(), home: home)
    }

    override func tearDown() {
        world?.remove()
        home?.remove()
    }

    func testASubmoduleInsideABundleIsCommittedAsAGitlinkNotAsFiles() async throws {
        let clone = try world.writer("a")
        let post = try world.bundles(in: clone)[0]
        let nested = "\(clone)/\(post)/gallery"
        try home.git(["init", "-q", nested])
        try "photo".write(toFile: nested + "/photo.txt", atomically: true, encoding: .utf8)
        try home.git(["-C", nested, "add", "photo.txt"])
        try home.git(["-C", nested, "commit", "-qm", "Photos"])
        let nestedHead = try home.git(["-C", nested, "rev-parse", "HEAD"])
        try world.append("\nSee the gallery.\n", to: "\(clone)/\(post)/index.md")
        let (result, _) = try await world.publish(clone, paths: [post], message: "Publish: gallery")
        XCTAssertEqual(result.pushedCommits, 1)
        let entries = try world.git("ls-tree", "-r", "main", "\(post)/gallery", in: world.remote)
        XCTAssertEqual(entries, "160000 commit \(nestedHead)\t\(post)/gallery", "a gitlink, not the nested files")
    }

    func testABareRepositoryIsNamedAsSuch() throws {
        XCTAssertThrowsError(try Repository.discover(from: world.remote)) { error in
            let message = (error as? GitError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("bare repository"), message)
        }
    }

    /// Issue 45.10: a remote that is there but damaged is said to be damaged, not "not found".
    func testADamagedRemoteIsNotCalledMissing() {
        for message in [
            "object not found - no match for id (a2b4)", "failed to inflate loose object",
            "corrupted loose reference file: HEAD",
            "remote: fatal: bad object 1234", "packfile is truncated",
        ] {
            XCTAssertEqual(GitError.classify(code: -3, errorClass: 0, message: message), .damagedRepository, message)
        }
        XCTAssertEqual(GitError.classify(code: -3, errorClass: 0, message: "repository not found"), .notFound)
        let error = GitError(kind: .damagedRepository, operation: "fetch", message: "bad object")
        let advice = GitErrorAdvice.explain(error, url: nil, interactive: false)
        XCTAssertTrue(advice.contains("damaged"), advice)
    }
}
