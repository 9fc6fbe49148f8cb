import Foundation
import XCTest

@testable import FrontMatter

/// A post is read straight into bytes: whole, however it is sized, and never a directory.
final class PageReadingTests: XCTestCase {
    func testFilesAreReadWholeAndDirectoriesAreNot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nb-page-read-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for size in [0, 1, 4095, 4096, 70_001] {
            let bytes = (0..<size).map { UInt8(0x61 + $0 % 26) }
            let path = directory + "/\(size).md"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(WholeFile.read(path), bytes, "\(size) bytes")
        }
        XCTAssertNil(WholeFile.read(directory))
        XCTAssertNil(WholeFile.read(directory + "/missing.md"))
        XCTAssertThrowsError(try PageText.read(path: directory)) { error in
            XCTAssertTrue("\(error)".contains("cannot read the file"), "\(error)")
        }
        // A special file that is not regular reads to its end too.
        XCTAssertEqual(WholeFile.read("/dev/null"), [])
    }
}
