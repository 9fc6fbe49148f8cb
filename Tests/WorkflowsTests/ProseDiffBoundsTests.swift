import XCTest

@testable import Workflows

/// Issue 56.5: comparing with a huge version (55 MB in the attack: a core and 1.1 GB for minutes)
/// is bounded: only the middle between the common start and end is compared with Myers'
/// algorithm, and only when small; a larger middle is shown removed and added whole, cut for
/// the screen, and the comparison says so.
final class ProseDiffBoundsTests: XCTestCase {
    /// The plain reference: Myers' algorithm on everything, as the standard library gives it.
    private func plainCounts(_ old: [String], _ new: [String]) -> (Int, Int) {
        var removed = 0, inserted = 0
        for change in new.difference(from: old) {
            if case .remove = change { removed += 1 } else { inserted += 1 }
        }
        return (removed, inserted)
    }

    func testTheCommonStartAndEndKeepTheEditMinimal() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...30, using: &random)).map { _ in ["a", "b", "c"].randomElement()! }
            var new = old
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                if !new.isEmpty, Bool.random() {
                    new.remove(at: Int.random(in: 0..<new.count))
                } else {
                    new.insert(["a", "b", "d"].randomElement()!, at: Int.random(in: 0...new.count))
                }
            }
            var coarse = false
            let ours = ProseDiff.changedOffsets(old, new, coarse: &coarse)
            let plain = plainCounts(old, new)
            XCTAssertFalse(coarse)
            XCTAssertEqual(ours.removed.count + ours.inserted.count, plain.0 + plain.1, "\(old) → \(new)")
        }
    }

    func testAHugeVersionIsComparedCoarselyAndSaysSo() throws {
        let words = (0..<400_000).map { "w\($0 % 977)" }
        let old = "---\ntitle: Huge\n---\n" + words.joined(separator: " ") + "\n\n" + words.joined(separator: "\n\n")
        let new = "---\ntitle: Huge\n---\nA short post now.\n"
        let diff = ProseDiff(from: old, to: new)
        XCTAssertTrue(diff.coarse)
        XCTAssertEqual(diff.hunks.count, 1)
        let spans = try diff.hunks.at(0).spans
        for span in spans {
            XCTAssertLessThanOrEqual(span.text.utf8.count, ProseDiff.shownLimit + 64)
        }
        XCTAssertTrue(spans.contains(.added("A short post now.")), "\(spans.suffix(2))")
        XCTAssertTrue(try spans.at(0).text.hasSuffix("bytes more, not shown)"))
    }

    func testASmallEditInALargeParagraphStaysWordByWord() {
        let paragraph = (0..<20_000).map { "w\($0)" }.joined(separator: " ")
        let diff = ProseDiff(from: paragraph + "\n", to: paragraph.replacingOccurrences(of: "w10000 ", with: "") + "\n")
        XCTAssertFalse(diff.coarse)
        XCTAssertEqual(
            diff.hunks.first?.spans.filter { if case .same = $0 { false } else { true } }, [.removed("w10000 ")])
    }

    /// Swift reads "\r\n" as one Character: a CRLF post is still compared paragraph by paragraph.
    func testACRLFPostIsComparedByParagraphs() {
        let diff = ProseDiff(from: "One.\r\n\r\nTwo.\r\n", to: "One.\r\n\r\nTwo, changed.\r\n")
        XCTAssertEqual(diff.hunks.map(\.oldText), ["Two."])
        XCTAssertEqual(diff.hunks.map(\.oldLines), [2..<3])
    }
}
