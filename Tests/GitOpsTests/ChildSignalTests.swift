import Foundation
import XCTest

@testable import GitOps

/// Every program nakedblog starts begins with no signal blocked: the app's threads block some,
/// and a child inherits the mask of the thread that starts it (a blocked SIGTERM makes a child
/// that cannot be stopped with a plain `kill`).
final class ChildSignalTests: XCTestCase {
    func testHelperProgramsStartWithNoSignalBlocked() throws {
        var blocked = sigset_t(), previous = sigset_t()
        sigfillset(&blocked)
        pthread_sigmask(SIG_SETMASK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let result = try ExternalCommand.run(
            ["sh", "-c", "grep SigBlk /proc/self/status"], input: Data(),
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(
            String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            "SigBlk:\t0000000000000000")
    }
}
