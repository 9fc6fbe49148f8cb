import Foundation
import XCTest

@testable import Blog

/// The publish guard's rule: readable front matter that stops being readable is refused (file
/// and line named); probable accidents are warnings; pages that never had front matter pass.
final class PublishReviewTests: XCTestCase {
    private let post = "---\ntitle: Tea\ndate: 2024-05-01\ndescription: Leaves\ndraft: false\nslug: tea\n---\nBody\n"

    private func review(_ before: String?, _ after: String?, onRemote: Bool = true) -> PublishReview {
        PublishReview.review(
            before: before.map { Data($0.utf8) }, after: after.map { Data($0.utf8) }, file: "content/x.md",
            isOnRemote: onRemote)
    }

    func testAnUnchangedOrEditedBodyPasses() {
        XCTAssertEqual(review(post, post), PublishReview())
        XCTAssertEqual(review(post, post + "More.\n"), PublishReview())
        XCTAssertEqual(review(nil, nil), PublishReview(), "a deleted page")
    }

    func testAnOpeningLineThatIsNoLongerADelimiterIsRefusedAtLineOne() throws {
        let refusal = try XCTUnwrap(review(post, "hello " + post).refusal)
        XCTAssertEqual(refusal.line, 1)
        XCTAssertTrue(
            refusal.description.hasPrefix("content/x.md:1: front matter does not start with ---"), refusal.description)
        let toml = "+++\ntitle = 'Tea'\n+++\nBody\n"
        XCTAssertTrue(try XCTUnwrap(review(toml, "x" + toml).refusal).description.contains("does not start with +++"))
    }

    func testFrontMatterThatNoLongerParsesIsRefusedWithWhereReadingStopped() throws {
        let refusal = try XCTUnwrap(
            review(post, post.replacingOccurrences(of: "title: Tea", with: "title: [Tea")).refusal)
        XCTAssertEqual(refusal.file, "content/x.md")
        XCTAssertNotNil(refusal.line)
        XCTAssertNotNil(review(post, "---\ntitle: Tea\n").refusal, "an unterminated block")
        XCTAssertNotNil(review(nil, "---\ntitle: [x\n---\n").refusal, "a new page that does not parse")
    }

    func testPagesThatNeverHadReadableFrontMatterAreNotAffected() {
        XCTAssertEqual(review("Words.\n", "More words.\n"), PublishReview())
        XCTAssertNil(
            review("---\ntitle: [x\n---\n", "---\ntitle: [y\n---\n").refusal, "broken before: not this publish's doing")
        let new = review(nil, "Words.\n")
        XCTAssertEqual(
            new.refusal?.description.hasPrefix(
                "content/x.md:1: front matter does not start with ---. A new post's archetype"), true,
            "a new post is compared with the archetype it was made from")
    }

    func testProbableAccidentsAreWarnings() {
        let changed = post.replacingOccurrences(of: "title: Tea", with: "title: \"\"")
            .replacingOccurrences(of: "2024-05-01", with: "2022-05-01")
            .replacingOccurrences(of: "draft: false", with: "draft: true")
            .replacingOccurrences(of: "slug: tea", with: "slug: green-tea")
            .replacingOccurrences(of: "description: Leaves\n", with: "")
        let result = review(post, changed)
        XCTAssertNil(result.refusal)
        XCTAssertEqual(
            result.warnings,
            [
                "title emptied (was “Tea”)",
                "date moved by more than a year: 2024-05-01 → 2022-05-01",
                "draft: true on a post already published: the next build takes it off the site",
                "slug changed (tea → green-tea): the post moves to a new address",
                "description removed",
            ])
        XCTAssertEqual(
            review(post, changed, onRemote: false).warnings,
            [
                "title emptied (was “Tea”)", "date moved by more than a year: 2024-05-01 → 2022-05-01",
                "description removed",
            ], "draft and address changes matter only once published")
        XCTAssertEqual(
            review(post, post.replacingOccurrences(of: "2024-05-01", with: "2024-09-01")).warnings, [],
            "months are fine")
    }
}
