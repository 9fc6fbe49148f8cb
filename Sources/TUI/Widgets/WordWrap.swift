import TextWidth

/// Text broken into lines of at most `width` display columns, between words (a word wider than
/// the width is cut by characters). Paragraphs (`\n`) stay apart. Done where the text is drawn,
/// by the renderer that knows the width, never in update.
public enum WordWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", used = 0
            for word in paragraph.split(separator: " ") {
                var word = Substring(word), wordWidth = DisplayWidth.of(word)
                if used > 0, used + 1 + wordWidth > width {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                // A word longer than a line: as much as fits, then the rest on the next lines.
                while wordWidth > width - used - (used > 0 ? 1 : 0), used == 0 {
                    var taken = 0, end = word.startIndex
                    while end < word.endIndex, taken + DisplayWidth.of(word[end]) <= width {
                        taken += DisplayWidth.of(word[end])
                        end = word.index(after: end)
                    }
                    if end == word.startIndex { end = word.index(after: end) }
                    lines.append(String(word[..<end]))
                    word = word[end...]
                    wordWidth = DisplayWidth.of(word)
                    if word.isEmpty { break }
                }
                if word.isEmpty { continue }
                line += (used > 0 ? " " : "") + word
                used += (used > 0 ? 1 : 0) + wordWidth
            }
            lines.append(line)
        }
        return lines
    }
}
