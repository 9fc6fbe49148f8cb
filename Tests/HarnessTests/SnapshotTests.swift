import Foundation
import TestSupport
import XCTest

final class SnapshotTests: XCTestCase {
    func testMatchingSnapshotPasses() {
        assertSnapshot(["┌ nakedblog ┐", "│ 中文 😀   │", "└──────────┘"], named: "box")
    }

    func testMismatchReportsALineDiffAndHowToRecord() throws {
        let dir = try TemporaryDirectory(prefix: "nb-snap")
        defer { dir.remove() }
        let file = dir.appending("screen.txt")
        try "one\ntwo\nthree\n".write(toFile: file, atomically: true, encoding: .utf8)
        let message = try XCTUnwrap(Snapshot.compare(["one", "2", "three"], toFileAt: file))
        XCTAssertTrue(message.contains("  one\n- two\n+ 2\n  three"), message)
        XCTAssertTrue(message.contains("RECORD_SNAPSHOTS=1"), message)
        XCTAssertEqual(
            try String(contentsOfFile: file, encoding: .utf8), "one\ntwo\nthree\n", "never rewritten silently")
    }

    func testMissingSnapshotFailsInsteadOfRecording() throws {
        let dir = try TemporaryDirectory(prefix: "nb-snap")
        defer { dir.remove() }
        let file = dir.appending("missing.txt")
        XCTAssertNotNil(Snapshot.compare(["x"], toFileAt: file))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
    }

    func testRecordsOnlyWhenTheEnvironmentSaysSo() throws {
        let dir = try TemporaryDirectory(prefix: "nb-snap")
        defer { dir.remove() }
        let file = dir.appending("new/recorded.txt")
        setenv(Snapshot.recordVariable, "1", 1)
        defer { unsetenv(Snapshot.recordVariable) }
        XCTAssertNil(Snapshot.compare(["a", "b"], toFileAt: file))
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "a\nb\n")
    }
}
