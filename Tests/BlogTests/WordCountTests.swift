import TestSupport
import XCTest

@testable import Blog

final class WordCountTests: XCTestCase {
    /// The vectorized counter agrees with the obvious loop on random text.
    func testMatchesAByteLoopOnRandomText() {
        var random = SeededRandom(seed: 7)
        let pieces = ["a", "word", " ", "  ", "\n", "\t", "\r\n", "京都", "😀", "é", "-", ".", "x y"]
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 500] {
            for _ in 0..<20 {
                var text = ""
                while text.utf8.count < length { text += random.pick(pieces) }
                var expected = 0
                var inWord = false
                for byte in text.utf8 {
                    let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
                    if space { inWord = false } else if !inWord { inWord = true; expected += 1 }
                }
                XCTAssertEqual(WordCount.count(text), expected, text.debugDescription)
            }
        }
        XCTAssertEqual(WordCount.count("one two  three\nfour\tfive"), 5)
    }
}
