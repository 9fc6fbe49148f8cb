import TextWidth
import XCTest

@testable import Preview

/// Wrapping is greedy by display width: words (split on spaces, tabs and line feeds) fill a line
/// while they fit with one space between them; a word longer than a line is cut by grapheme.
/// Checked against that rule written plainly, on text mixing runs of ASCII prose (placed a line
/// at a time) with other words, blanks and styles.
final class InlineLayoutTests: XCTestCase {
    /// The rule, word by word: the lines' texts. Words end at blanks and where a piece of
    /// another style starts; a wide character (CJK, emoji) is a word of its own, so a line may
    /// break beside it.
    private func reference(_ pieces: [(String, PreviewStyle)], width: Int) -> [String] {
        var words: [(text: String, spaceBefore: Bool)] = []
        for (text, _) in pieces {
            var word = "", spaceBefore = false
            func end() {
                if !word.isEmpty { words.append((word, spaceBefore)) }
                word = ""
                spaceBefore = false
            }
            for character in text {
                if character == " " || character == "\t" || character == "\n" {
                    end()
                    spaceBefore = true
                } else if DisplayWidth.of(character) == 2 {
                    let before = spaceBefore && word.isEmpty
                    end()
                    words.append((String(character), before))
                } else {
                    word.append(character)
                }
            }
            end()
            // A blank at the end of a piece stands before the next piece's first word.
            if text.last == " " || text.last == "\t" || text.last == "\n" { words.append(("", true)) }
        }
        var lines: [String] = []
        var line = "", used = 0, pending = false
        for (word, spaceBefore) in words {
            if spaceBefore && used > 0 { pending = true }
            if word.isEmpty { continue }
            let wordWidth = DisplayWidth.of(word)
            if used > 0, used + (pending ? 1 : 0) + wordWidth > width {
                lines.append(line)
                (line, used, pending) = ("", 0, false)
            } else if pending {
                line += " "
                used += 1
                pending = false
            }
            if wordWidth <= width - used {
                line += word
                used += wordWidth
                continue
            }
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > width, used > 0 {
                    lines.append(line)
                    (line, used, pending) = ("", 0, false)
                }
                line.append(character)
                used += characterWidth
            }
        }
        lines.append(line)
        return lines
    }

    func testLinesAreFilledGreedilyWhateverTheWords() {
        var generator = SystemRandomNumberGenerator()
        let words = [
            "a", "the", "word", "prose", "x", "longerwordthanmost", "café", "日本語", "naïve", "🙂", "(paren)", "end.",
        ]
        let blanks = [" ", " ", " ", " ", "  ", "\t", "\n"]
        let styles = [PreviewStyle(.text), PreviewStyle(.text, bold: true), PreviewStyle(.link)]
        for _ in 0..<3_000 {
            var pieces: [(String, PreviewStyle)] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                var text = ""
                for index in 0..<Int.random(in: 1...12, using: &generator) {
                    if index > 0 { text += blanks.randomElement(using: &generator)! }
                    text += words.randomElement(using: &generator)!
                }
                if Bool.random(using: &generator) { text += " " }
                pieces.append((text, styles.randomElement(using: &generator)!))
            }
            let width = Int.random(in: 2...30, using: &generator)
            var layout = InlineLayout()
            for (text, style) in pieces { layout.add(text, style) }
            var writer = PreviewWriter(sink: PreviewLinesSink(), width: width)
            layout.write(width: width, source: 1, into: &writer)
            let lines = writer.sink.lines.map(\.text)
            XCTAssertEqual(lines, reference(pieces, width: width), "\(pieces.map(\.0)) at \(width)")
        }
    }
}
