import XCTest

@testable import FrontMatter

/// The fast UTF-8 check agrees with the standard library's validation on every input.
final class UTF8CheckTests: XCTestCase {
    private func fast(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(UTF8Check.isValid) }
    private func standard(_ bytes: [UInt8]) -> Bool { (try? UTF8Span(validating: bytes.span)) != nil }

    func testBadSequencesAnywhereAreFound() {
        let bad: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
            [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0x41], [0xE2, 0x41, 0x82],
        ]
        let good: [[UInt8]] = [
            [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        // Each sequence at every offset around the eight-byte steps, alone and between ASCII.
        for sequence in bad + good {
            for before in 0..<18 {
                for after in [0, 1, 7, 8, 9, 16] {
                    let bytes =
                        Array(repeating: UInt8(0x61), count: before) + sequence + Array(repeating: 0x62, count: after)
                    XCTAssertEqual(fast(bytes), standard(bytes), "\(bytes)")
                    XCTAssertEqual(fast(bytes), good.contains(sequence), "\(bytes)")
                }
            }
        }
        XCTAssertTrue(fast([]))
    }

    func testRandomTextAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("plain words ".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array("\n".utf8),
            [0x80], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF0, 0x9F],
        ]
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                // Mostly valid pieces, so both answers occur often.
                if pieces.firstIndex(of: piece)! >= 5, Int.random(in: 0..<12, using: &generator) != 0 { continue }
                bytes += piece
            }
            XCTAssertEqual(fast(bytes), standard(bytes), "\(bytes)")
        }
    }
}
