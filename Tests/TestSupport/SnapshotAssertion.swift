import Foundation
import XCTest

/// Asserts that `lines` match the snapshot `name` stored beside the calling test file, under
/// `__Snapshots__/<TestFile>/<name>.txt`. Re-record with `RECORD_SNAPSHOTS=1`.
public func assertSnapshot(
    _ lines: [String], named name: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    let testFile = URL(fileURLWithPath: "\(file)")
    let path = testFile.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
        .appendingPathComponent(name + ".txt").path
    if let failure = Snapshot.compare(lines, toFileAt: path) {
        XCTFail(failure, file: file, line: line)
    }
}
