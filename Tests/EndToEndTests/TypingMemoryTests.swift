import Foundation
import TestSupport
import XCTest

/// Memory stays flat through typing: 20,000 characters in bursts into a 200 KB post grow the
/// app's resident memory by at most 2 MiB (the loop keeps no history; preview jobs hold only
/// what they render). `make bench` prints the same measurement.
final class TypingMemoryTests: XCTestCase {
    func testTypingTwentyThousandCharactersKeepsMemoryFlat() throws {
        let home = try TestHome()
        defer { home.remove() }
        let result = try TypingMemory.measure(binary: try Products.path("nakedblog"), environment: home.environment)
        print(
            "TypingMemoryTests: \(result.afterWarmUp) KiB after warm-up, \(result.atEnd) KiB after 20,000 characters (+\(String(format: "%.2f", result.growthMiB)) MiB)"
        )
        XCTAssertLessThanOrEqual(result.growthMiB, 2.0)
    }
}
