import TestSupport
import XCTest

@testable import Preview

/// The source rewrite's lines: slices made when read, rewritten lines kept aside, joined again
/// from runs of the text's own bytes.
final class SourceLinesTests: XCTestCase {
    func testJoiningMatchesJoiningTheLinesOneByOne() {
        var random = SeededRandom(seed: 11)
        let pool = ["", "plain", "é日🙂", "| a | b |", "{{< x >}}", "  indented", "\r"]
        for _ in 0..<300 {
            let original = (0..<random.int(in: 1...30)).map { _ in random.pick(pool) }
            let text = original.joined(separator: "\n")
            var bounds: [Range<Int>] = []
            var start = 0
            for line in original {
                bounds.append(start..<(start + line.utf8.count))
                start += line.utf8.count + 1
            }
            var lines = SourceLines(text, bounds: bounds)
            var expected = original.map { Substring($0) }
            XCTAssertEqual(Array(lines), expected)
            for _ in 0..<random.int(in: 0...8) {
                let index = random.int(in: 0...(original.count - 1))
                let new = Substring(random.pick(["", "> rewritten", "<!--nakedblog-table:0-->", "日本"]))
                lines[index] = new
                expected[index] = new
            }
            XCTAssertEqual(Array(lines), expected)
            XCTAssertEqual(lines.joined(), expected.joined(separator: "\n"))
        }
    }
}
