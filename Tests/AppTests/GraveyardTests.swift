import Foundation
import XCTest

@testable import NakedblogApp

/// What the loop lets go of is destroyed on the graveyard's queue, not on the loop's thread.
final class GraveyardTests: XCTestCase {
    final class Body: @unchecked Sendable {
        let destroyed: @Sendable (pthread_t) -> Void
        init(_ destroyed: @escaping @Sendable (pthread_t) -> Void) { self.destroyed = destroyed }
        deinit { destroyed(pthread_self()) }
    }

    func testBuriedValuesAreDestroyedOffTheCallingThread() {
        let graveyard = Graveyard()
        let gone = expectation(description: "destroyed")
        let here = pthread_self()
        nonisolated(unsafe) var onCaller = true
        do {
            let body = Body { thread in
                onCaller = pthread_equal(thread, here) != 0
                gone.fulfill()
            }
            graveyard.bury(consume body)
        }
        wait(for: [gone], timeout: 5)
        XCTAssertFalse(onCaller, "destroyed on the graveyard's queue")
    }
}
