import XCTest

@testable import Workflows

/// The suggestion for a broken link: nearest by edit distance, else the shortest holding it;
/// the same answer on every run (candidates came from hash-ordered sets).
final class NearestPoolTests: XCTestCase {
    func testTheNearestByEditDistanceThenTheShortestHoldingIt() {
        let pool = NearestPool(["/posts/tea-in-kyoto", "/posts/cold-brew", "/about", "/posts/煎茶-sencha"])
        XCTAssertEqual(pool.find("/posts/tea-in-kyotp"), "/posts/tea-in-kyoto")
        XCTAssertEqual(pool.find("/POSTS/COLD-BREW"), "/posts/cold-brew", "case does not count")
        XCTAssertEqual(pool.find("sencha"), "/posts/煎茶-sencha", "a part of one")
        XCTAssertNil(pool.find("/nothing-like-it-at-all"))
        XCTAssertNil(pool.find("ab"), "too short to be a part")
    }

    func testTiesGoToTheFirstInOrderWhateverTheCandidatesOrder() {
        let names = (10..<60).map { "/posts/post-\($0)" }
        for _ in 0..<5 {
            XCTAssertEqual(NearestPool(names.shuffled()).find("/posts/post-1"), "/posts/post-10")
        }
    }
}
