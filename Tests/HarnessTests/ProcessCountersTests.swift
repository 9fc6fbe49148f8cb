import Foundation
import Harness
import XCTest

/// The /proc counters the memory and save-cost measures read (a tab follows the field name).
final class ProcessCountersTests: XCTestCase {
    func testThisProcessHasResidentMemoryAndAPeak() {
        let resident = ProcessCounters.residentKiB(getpid())
        let peak = ProcessCounters.peakResidentKiB(getpid())
        XCTAssertGreaterThan(resident, 1_000)
        XCTAssertGreaterThanOrEqual(peak, resident)
    }
}
