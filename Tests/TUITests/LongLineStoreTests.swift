import XCTest

@testable import TUI

/// A long line kept as UTF-8 in segments (`LongLine`): read by ranges, edited in place, equal to
/// the same edits made on an array of characters, and never made one whole.
final class LongLineStoreTests: XCTestCase {
    /// A line of `count` characters mixing one-byte, accented, combining, CJK and emoji ones.
    private func mixedLine(_ count: Int) -> [Character] {
        let alphabet: [Character] = ["a", "b", " ", "é", "e\u{301}", "日", "🙂", "👩‍👩‍👧", "\t", "z"]
        var random = SystemRandomNumberGenerator()
        return (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }

    func testRangesReadAcrossSegmentsEqualTheCharacters() {
        for characters in [Array(String(repeating: "abc ", count: 5_000)), mixedLine(20_000)] {
            let text = String(characters)
            let line = LongLine(utf8: text.utf8, count: characters.count)
            XCTAssertEqual(line.count, characters.count)
            XCTAssertGreaterThan(line.segments.count, 2)
            for range in [
                0..<10, 4_090..<4_100, 4_096..<8_193, 0..<characters.count,
                characters.count - 5..<characters.count + 50,
            ] {
                let clamped = range.clamped(to: 0..<characters.count)
                XCTAssertEqual(line.characters(range), Array(characters[clamped]), "\(range)")
                var bytes: [UInt8] = []
                line.appendUTF8(range, to: &bytes)
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(characters[clamped]))
            }
            XCTAssertEqual(line.character(at: 4_096), characters[4_096])
            XCTAssertNil(line.character(at: characters.count))
            XCTAssertTrue(line.hasSameUTF8(as: LongLine(characters)))
        }
    }

    func testEditsEqualTheSameEditsOnCharacters() {
        var expected = mixedLine(30_000)
        var line = LongLine(expected)
        var random = SystemRandomNumberGenerator()
        for step in 0..<400 {
            let lower = Int(random.next() % UInt64(expected.count + 1))
            // Mostly small edits, now and then one that spans several segments.
            let span = step % 50 == 0 ? Int(random.next() % 12_000) : Int(random.next() % 4)
            let upper = min(expected.count, lower + span)
            let inserted = step.isMultiple(of: 3) ? "" : String(mixedLine(Int(random.next() % 6)))
            // A letter before and a combining mark after never meet here: the model is the same
            // text re-clustered, which is what the line holds.
            expected.replaceSubrange(lower..<upper, with: Array(inserted))
            expected = Array(String(expected))
            line.replaceSubrange(lower..<upper, with: inserted)
            XCTAssertEqual(line.count, expected.count, "step \(step)")
        }
        XCTAssertEqual(line.characters(0..<line.count), expected)
        XCTAssertTrue(line.segments.allSatisfy { $0.count <= 2 * LongLine.segmentLength })
    }

    func testACombiningMarkTypedAfterALetterJoinsIt() {
        var line = LongLine(Array(String(repeating: "e", count: 10_000)))
        line.replaceSubrange(5_000..<5_000, with: "\u{301}")
        XCTAssertEqual(line.count, 10_000)
        XCTAssertEqual(line.character(at: 4_999), "e\u{301}")
        // At a segment's edge: joined with the letter that ends the segment before.
        let edge = LongLine.segmentLength
        line.replaceSubrange(edge..<edge, with: "\u{301}")
        XCTAssertEqual(line.count, 10_000)
        XCTAssertEqual(line.character(at: edge - 1), "e\u{301}")
        XCTAssertEqual(line.characters(0..<line.count).count, Array(String(line.characters(0..<line.count))).count)
        // A letter typed at the end of a segment before a mark that starts the next one.
        var marks = LongLine(
            Array(String(repeating: "a", count: edge)) + Array(String(repeating: "\u{301}b", count: 10)))
        marks.replaceSubrange(edge..<edge, with: "e")
        XCTAssertEqual(marks.character(at: edge), "e\u{301}")
    }

    func testTheBufferEditsAHugeLineWithoutTurningItIntoCharacters() {
        let long = String(repeating: "lorem ipsum dolor ", count: 20_000)
        var buffer = TextBuffer("---\ntitle: t\n---\n" + long + "\nend\n")
        var model = buffer.text
        func check(_ edit: TextEdit, _ note: String) {
            let before = buffer.text
            let inverse = buffer.apply(edit)
            model = buffer.text
            var undone = buffer
            undone.apply(inverse)
            XCTAssertEqual(undone.text, before, "undo of \(note)")
            XCTAssertEqual(
                buffer.characterCount,
                Array(buffer.text.replacingOccurrences(of: "\r\n", with: "").replacingOccurrences(of: "\n", with: ""))
                    .count, note)
        }
        let line = 3
        check(
            TextEdit(
                range: TextPosition(line: line, column: 100_000)..<TextPosition(line: line, column: 100_000),
                text: "NEW"), "insert")
        XCTAssertTrue(model.contains("dolor lorem ipsuNEWm dolor"), "inserted at column 100,000 of the long line")
        XCTAssertEqual(model.components(separatedBy: "NEW").count, 2, "inserted once")
        check(
            TextEdit(range: TextPosition(line: line, column: 10)..<TextPosition(line: line, column: 200_000), text: ""),
            "delete a span")
        check(
            TextEdit(
                range: TextPosition(line: line, column: 50_000)..<TextPosition(line: line, column: 50_000), text: "\n"),
            "split")
        check(
            TextEdit(
                range: TextPosition(line: line, column: 50_000)..<TextPosition(line: line + 1, column: 0), text: ""),
            "join")
        check(
            TextEdit(
                range: TextPosition(line: line, column: 7)..<TextPosition(line: line, column: 7), text: "e\u{301}x"),
            "combining")
        check(
            TextEdit(range: TextPosition(line: 1, column: 2)..<TextPosition(line: line, column: 9), text: "a\r\nb"),
            "across lines")
        XCTAssertEqual(buffer.text(in: TextPosition(line: 0, column: 0)..<buffer.end), buffer.text)
        XCTAssertEqual(buffer.lineText(buffer.lineCount - 2), "end")
    }

    func testSearchFindsAWordDeepInAHugeLineAndAcrossAWindowEdge() {
        var line = String(repeating: "x", count: 200_000)
        let edge = 65_536 - 2
        line.replaceSubrange(
            line.index(line.startIndex, offsetBy: edge)..<line.index(line.startIndex, offsetBy: edge + 6),
            with: "needle")
        var state = EditorState(text: "top\n" + line + "\n")
        XCTAssertTrue(state.find("needle"))
        XCTAssertEqual(state.selection, TextPosition(line: 1, column: edge)..<TextPosition(line: 1, column: edge + 6))
        XCTAssertTrue(state.find("needle", forward: false))
        XCTAssertEqual(state.selection?.lowerBound, TextPosition(line: 1, column: edge))
    }

    /// Resident memory of this process, in MiB (/proc/self/statm).
    private func residentMiB() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// A 16 MB line held as characters took sixteen bytes each (256 MB); as segments, its size.
    func testAHugeLineTakesAboutItsSize() throws {
        try XCTSkipUnless(
            FileManager.default.fileExists(atPath: "/proc/self/statm"), "needs /proc to read resident memory")
        var text: String? = String(repeating: "word ", count: 16 << 20 / 5)
        let before = residentMiB()
        var buffer: TextBuffer? = TextBuffer(text!)
        text = nil
        buffer?.apply(
            TextEdit(
                range: TextPosition(line: 0, column: 8 << 20)..<TextPosition(line: 0, column: 8 << 20), text: "typed"))
        let grown = residentMiB() - before
        XCTAssertEqual(buffer?.lineLength(0), (16 << 20) / 5 * 5 + 5)
        XCTAssertLessThan(grown, 64, "a 16 MB line took \(grown) MiB")
        buffer = nil
    }

    /// Random edits around, inside and across huge lines (line breaks, CRLF, combining marks,
    /// emoji): every inverse restores the text byte for byte, and the counts stay true.
    func testRandomEditsAcrossHugeLinesAllUndo() {
        let long = String(repeating: "ab cd é🙂 ", count: 1_500)
        let start = "top\r\n" + long + "\n" + "mid\n" + long + "\r\n" + "end"
        var buffer = TextBuffer(start)
        var generator = SystemRandomNumberGenerator()
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(1, bound))) }
        let pieces = ["x", "\n", "\r\n", "\u{301}", "👩‍👩‍👧", "", "line\nbreak", "é", " "]
        var inverses: [TextEdit] = []
        var texts = [buffer.text]
        for step in 0..<300 {
            let line = random(buffer.lineCount)
            let column = random(buffer.lineLength(line) + 1)
            let endLine = min(buffer.lineCount - 1, line + (step % 7 == 0 ? 1 : 0))
            let endColumn =
                endLine == line
                ? min(buffer.lineLength(line), column + random(40)) : random(buffer.lineLength(endLine) + 1)
            let edit = TextEdit(
                range: TextPosition(line: line, column: column)..<TextPosition(line: endLine, column: endColumn),
                text: pieces[random(pieces.count)])
            inverses.append(buffer.apply(edit))
            let text = buffer.text
            texts.append(text)
            XCTAssertEqual(buffer.text(in: TextPosition(line: 0, column: 0)..<buffer.end), text, "step \(step)")
            // Each line's count is its text's, clustered as it reads (lines never cluster across a break).
            let counts = (0..<buffer.lineCount).map { Array(buffer.lineText($0)).count }
            XCTAssertEqual((0..<buffer.lineCount).map { buffer.lineLength($0) }, counts, "step \(step)")
            XCTAssertEqual(buffer.characterCount, counts.reduce(0, +), "step \(step)")
        }
        for (index, inverse) in inverses.enumerated().reversed() {
            buffer.apply(inverse)
            XCTAssertEqual(Array(buffer.text.utf8), Array(texts[index].utf8), "undo to step \(index)")
        }
        XCTAssertEqual(Array(buffer.text.utf8), Array(start.utf8))
    }
}
