import XCTest

@testable import TUI

/// The editor's chunked lines behave as one array of lines, and an edit of a shared document
/// copies one chunk, not every line.
final class LineStoreTests: XCTestCase {
    private func lines(_ count: Int, _ prefix: String = "line") -> [[Character]] {
        (0..<count).map { Array("\(prefix) \($0)") }
    }

    func testRandomEditsMatchAPlainArray() {
        var random = SystemRandomNumberGenerator()
        for start in [0, 1, 5, 511, 512, 513, 1_500, 5_000] {
            var expected = lines(start)
            var store = LineStore(expected)
            for step in 0..<400 {
                let low = Int.random(in: 0...expected.count, using: &random)
                let high = Int.random(in: low...min(expected.count, low + (step % 7 == 0 ? 1_200 : 3)), using: &random)
                let inserted = lines(Int.random(in: 0...(step % 11 == 0 ? 1_300 : 2), using: &random), "new \(step)")
                expected.replaceSubrange(low..<high, with: inserted)
                store.replaceSubrange(low..<high, with: inserted)
                XCTAssertEqual(store.count, expected.count)
                if !expected.isEmpty {
                    let probe = Int.random(in: 0..<expected.count, using: &random)
                    XCTAssertEqual(store[probe], expected[probe], "line \(probe) after step \(step)")
                    store[probe].append("!")
                    expected[probe].append("!")
                }
            }
            XCTAssertEqual(Array(store), expected, "starting from \(start) lines")
            XCTAssertEqual(store, LineStore(expected), "equal however they are chunked")
        }
    }

    func testAnEditOfASharedDocumentCopiesOneChunk() {
        let original = LineStore(lines(32_000))
        XCTAssertGreaterThan(original.chunkCount, 10)
        var edited = original
        edited[20_000].append("x")
        edited.replaceSubrange(20_001..<20_002, with: [Array("typed")])
        let shared = (0..<original.chunkCount).filter { edited.sharesChunk($0, with: original) }
        XCTAssertEqual(shared.count, original.chunkCount - 1, "every chunk but the edited one is still shared")
        XCTAssertEqual(String(original[20_000]), "line 20000")
        XCTAssertEqual(String(edited[20_000]), "line 20000x")
    }

    func testTheBufferOfAHugeDocumentSavesWhatItRead() {
        let text = (0..<3_000).map { $0 % 3 == 0 ? "crlf \($0)\r\n" : "lf \($0)\n" }.joined()
        var buffer = TextBuffer(text)
        XCTAssertEqual(buffer.text, text)
        let copy = buffer
        // Across a chunk boundary (512), then undone: the exact bytes, endings included.
        let inverse = buffer.apply(
            TextEdit(
                range: TextPosition(line: 500, column: 0)..<TextPosition(line: 1_502, column: 2), text: "joined\nsplit")
        )
        XCTAssertEqual(buffer.lineCount, 3_001 - 1_003 + 2)
        XCTAssertEqual(copy.text, text)
        buffer.apply(inverse)
        XCTAssertEqual(buffer.text, text)
        XCTAssertEqual(copy.text, text)
    }
}

/// Lines kept as UTF-8: every kind of text comes back as it went in, long lines stay characters
/// (edited in place), and a document costs about its bytes.
final class PackedLineStoreTests: XCTestCase {
    func testMixedTextAndLongLinesRoundTrip() {
        let long = Array(String(repeating: "é🙂a\u{301}", count: 3_000))
        var expected: [[Character]] = [Array("plain"), Array("日本語 — emoji 👩‍👩‍👧 and e\u{301}"), long, [], Array("\r")]
        var store = LineStore(expected)
        XCTAssertEqual(Array(store), expected)
        XCTAssertEqual(store.length(at: 2), long.count)
        var bytes: [UInt8] = []
        store.appendUTF8(of: 1, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "日本語 — emoji 👩‍👩‍👧 and e\u{301}")
        // A long line edited in place, then shortened below the limit (packed again).
        store[2].insert("x", at: 5_000)
        expected[2].insert("x", at: 5_000)
        XCTAssertEqual(store[2], expected[2])
        store[2].removeSubrange(100...)
        expected[2].removeSubrange(100...)
        XCTAssertEqual(Array(store), expected)
        // Many edits of one line: the chunk's unused bytes are dropped along the way.
        for step in 0..<5_000 {
            store[0].append(Character(String(step % 10)))
            expected[0].append(Character(String(step % 10)))
        }
        XCTAssertEqual(Array(store), expected)
    }

    func testBuiltFromUTF8() {
        var builder = LineStore.Builder()
        let lines = ["a", "", "ü", String(repeating: "z", count: 9_000)]
        for line in lines { builder.append(utf8: line.utf8, count: line.count) }
        let store = builder.finish()
        XCTAssertEqual(store.map { String($0) }, lines)
        XCTAssertEqual(builder.characters, 9_002)
        XCTAssertEqual(TextBuffer("a\r\nb\nc").text, "a\r\nb\nc")
    }
}
