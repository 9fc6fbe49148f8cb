import Foundation
import XCTest

@testable import Harness

/// Servers a test starts are remembered until stopped, so whatever a test leaves running is
/// stopped when the test process ends (`make test` then checks: scripts/test-leftovers.sh).
final class HarnessCleanupTests: XCTestCase {
    func testAServerIsRememberedUntilStoppedAndThenGone() throws {
        let before = HarnessCleanup.running
        let server = try GitDaemonServer()
        let started = try XCTUnwrap(HarnessCleanup.running.subtracting(before).first)
        XCTAssertEqual(kill(-started, 0), 0, "running")
        server.stop()
        XCTAssertFalse(HarnessCleanup.running.contains(started))
        // git-daemon (git daemon's child) gets the same SIGTERM; give it a moment to be reaped.
        let deadline = Date().addingTimeInterval(5)
        while kill(-started, 0) == 0, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(kill(-started, 0), -1, "the daemon's process group is gone (git daemon and git-daemon)")
        XCTAssertEqual(errno, ESRCH)
    }
}
