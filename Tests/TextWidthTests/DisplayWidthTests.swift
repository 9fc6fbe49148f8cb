import TestSupport
import TextWidth
import XCTest

/// The scalar-by-scalar width of a string must equal the width summed over grapheme clusters.
final class DisplayWidthTests: XCTestCase {
    /// Scalars chosen to exercise every way a cluster can differ from its scalars.
    static let pool: [String] = [
        "a", " ", "\t", "\n", "\r", "\r\n", "\u{7F}", "\u{85}", "é", "e\u{301}", "\u{301}", "ß", "ñ", "Ω", "Ж",
        "日", "本", "한", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{D7B0}", "\u{A960}", "ｶ", "\u{FF9E}",
        "ก", "\u{E33}", "ກ", "\u{EB3}", "क", "\u{93E}", "\u{94D}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{AD}",
        "\u{600}", "\u{D4E}", "\u{FE0E}", "\u{FE0F}", "☺", "❤", "👍", "\u{1F3FD}", "🇫", "🇷", "👩", "💻", "🏴",
        "\u{E0067}", "\u{E007F}", "#", "\u{20E3}", "\u{3099}", "が", "カ", "ー", "。", "｛", "😀", "𠀀", "\u{E000}",
        "─", "│", "•", "☐", "→", "…", "’", "“", "↑", "⌚", "◽", "Ḁ", "Ѣ", "\u{483}", "\u{2028}", "\u{2060}", "ا", "ب",
        "\u{64B}", "א", "\u{5B4}",
        "\u{671}", "\u{6D5}", "\u{6D6}", "\u{660}", "\u{5F4}", "\u{370}", "\u{3A9}", "\u{482}",
    ]

    func testScalarWidthAgreesWithClusterWidth() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<random.int(in: 0...8) { text += random.pick(Self.pool) }
            let byClusters = text.reduce(0) { $0 + DisplayWidth.of($1) }
            XCTAssertEqual(
                DisplayWidth.of(text), byClusters,
                text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            XCTAssertEqual(DisplayWidth.of(text[...]), byClusters)
        }
    }

    /// The ranges measured without looking up Unicode properties hold no mark, no format
    /// character and nothing wide.
    func testFastRangesHoldOnlyPlainLetters() {
        let ranges: [ClosedRange<UInt32>] = [0x370...0x482, 0x5D0...0x5F4, 0x621...0x64A, 0x660...0x66F, 0x671...0x6D5]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .enclosingMark, .spacingMark, .format:
                    XCTFail("U+\(String(value, radix: 16)) is a mark or format character")
                default: break
                }
                XCTAssertEqual(DisplayWidth.of(Character(scalar)), 1, "U+\(String(value, radix: 16))")
                XCTAssertEqual(DisplayWidth.of(String(scalar) + "\u{200C}"), 1)
            }
        }
    }

    /// Cutting printable ASCII by bytes, and other text in one pass that stops where the width
    /// is passed, gives what measuring the whole and cutting by characters gives.
    func testTruncatingMatchesTruncatingByCharacters() {
        func byCharacters(_ text: String, _ width: Int) -> String {
            guard DisplayWidth.of(text) > width else { return text }
            guard width > 0 else { return "" }
            var result = "", used = 0
            for character in text {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > width - 1 { break }
                result.append(character)
                used += characterWidth
            }
            return result + "…"
        }
        let others = [
            "日本語のテキスト", "e\u{301}\u{301} combining", "👩‍👩‍👧 family 🇫🇷 flag", "zero\u{200B}width\u{200B}", "\u{1B}[31m red",
            "mixed 日本 and é\u{FE0F}", "\u{202E}bidi", "\r\n line", "日" + String(repeating: "x", count: 30),
        ]
        for text in ["", "a", "hello world", String(repeating: "x", count: 40), "tab\there", "é and e"] + others {
            for width in 0...42 {
                XCTAssertEqual(
                    DisplayWidth.truncate(text, to: width), byCharacters(text, width),
                    "\(text.debugDescription) at \(width)")
                XCTAssertLessThanOrEqual(DisplayWidth.of(DisplayWidth.truncate(text, to: width)), max(0, width))
            }
        }
    }

    func testCommonWidths() {
        XCTAssertEqual(DisplayWidth.of("hello"), 5)
        XCTAssertEqual(DisplayWidth.of("日本語"), 6)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("👩‍💻"), 2)
        XCTAssertEqual(DisplayWidth.of("🇫🇷"), 2)
        XCTAssertEqual(DisplayWidth.of("❤\u{FE0F}"), 2)
        XCTAssertEqual(DisplayWidth.of("한국어"), 6)
        // Control characters measure as their visible stand-ins (`^I`, `^[`, `<9B>`).
        XCTAssertEqual(DisplayWidth.of("a\tb"), 4)
        XCTAssertEqual(DisplayWidth.of("\u{1B}]0;x\u{07}"), 8)
        XCTAssertEqual(DisplayWidth.of("a\u{9B}b"), 6)
        XCTAssertEqual(DisplayWidth.of(Character("\r\n")), 4)
    }
}
