import ChildProcesses
import XCTest

/// The one way nakedblog runs a program (`OwnedProcess`): input, output and errors apart or
/// together, the time limit, and a child that stops reading.
final class OwnedProcessTests: XCTestCase {
    private let environment = ["PATH": "/usr/bin:/bin"]

    func testInputGoesInAndOutputAndErrorsComeBackApart() throws {
        let outcome = try XCTUnwrap(
            OwnedProcess.run(
                "/bin/sh", ["-c", "tr a-z A-Z; echo oops >&2; exit 3"], environment: environment,
                input: Array("signed text\n".utf8), separateErrors: true, timeout: 30))
        XCTAssertEqual(outcome.status, 3)
        XCTAssertEqual(String(decoding: outcome.output, as: UTF8.self), "SIGNED TEXT\n")
        XCTAssertEqual(String(decoding: outcome.errors, as: UTF8.self), "oops\n")
    }

    /// A helper that writes much to stderr before it reads its input (gpg's status lines) stalls
    /// neither side; without `separateErrors` both streams are one.
    func testLargeErrorsBeforeReadingDoNotStall() throws {
        let input = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
        let outcome = try XCTUnwrap(
            OwnedProcess.run(
                "/bin/sh", ["-c", "head -c 200000 /dev/zero >&2; wc -c"], environment: environment, input: input,
                separateErrors: true, timeout: 30))
        XCTAssertFalse(outcome.timedOut)
        XCTAssertEqual(outcome.errors.count, 200_000)
        XCTAssertEqual(String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespaces), "300000\n")
        let together = try XCTUnwrap(
            OwnedProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], environment: environment, timeout: 30))
        XCTAssertEqual(String(decoding: together.output, as: UTF8.self), "out\nerr\n")
        XCTAssertTrue(together.errors.isEmpty)
    }

    /// A child that exits without reading its input: our write fails (EPIPE); nakedblog lives on.
    func testAChildThatStopsReadingDoesNotKillUs() throws {
        let input = [UInt8](repeating: 0, count: 4 << 20)
        let outcome = try XCTUnwrap(
            OwnedProcess.run("/bin/sh", ["-c", "exit 0"], environment: environment, input: input, timeout: 30))
        XCTAssertEqual(outcome.status, 0)
    }

    func testTheTimeLimitStopsTheWholeGroup() throws {
        let start = Date()
        let outcome = try XCTUnwrap(
            OwnedProcess.run(
                "/bin/sh", ["-c", "sleep 30 & sleep 30; echo never"], environment: environment,
                input: Array("x".utf8), timeout: 0.5))
        XCTAssertTrue(outcome.timedOut)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertFalse(String(decoding: outcome.output, as: UTF8.self).contains("never"))
    }
}
