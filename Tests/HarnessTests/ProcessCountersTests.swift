import Foundation
import Harness
import XCTest

/// The /proc counters the memory and save-cost measures read (a tab follows the field name).
final class ProcessCountersTests: XCTestCase {
    func testThisProcessHasResidentMemoryAndAPeak() throws {
        let resident = try ProcessCounters.residentKiB(getpid())
        let peak = try ProcessCounters.peakResidentKiB(getpid())
        XCTAssertGreaterThan(resident, 1_000)
        XCTAssertGreaterThanOrEqual(peak, resident)
        XCTAssertGreaterThan(try ProcessCounters.readCalls(), 0)
    }

    func testACounterThatCannotBeReadIsAnErrorNotAFigure() {
        // No process has this pid (above pid_max); a measure must fail, not subtract two -1s.
        XCTAssertThrowsError(try ProcessCounters.readCalls(99_999_999))
        XCTAssertThrowsError(try ProcessCounters.residentKiB(99_999_999))
    }
}
