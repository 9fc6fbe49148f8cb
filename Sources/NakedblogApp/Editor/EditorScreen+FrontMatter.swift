import Blog
import Foundation

extension EditorScreen {
    /// The delimiter the post's front matter opened with when it was read (nil: it had none
    /// that read), from `text`.
    static func readableOpening(of text: String, path: String) -> String? {
        guard let page = head(of: text, path: path)?.page, let block = page.frontMatter,
            (try? FrontMatterEditor(page: page, file: path).fields()) != nil
        else { return nil }
        return block.format.delimiter ?? "{"
    }

    /// The page read from the start of `text` only (its first MiB, cut after a line, or inside
    /// a line that goes on past it), and how many bytes were cut off: the front matter and where
    /// the body starts, without copying a huge post twice more. Nil when even the whole text
    /// does not read.
    static func head(of text: String, path: String) -> (page: PageText, cut: Int)? {
        let limit = 1 << 20
        let utf8 = text.utf8
        if utf8.count > limit {
            var end = utf8.index(utf8.startIndex, offsetBy: limit)
            let reach = utf8.index(end, offsetBy: limit, limitedBy: utf8.endIndex) ?? utf8.endIndex
            if let newline = utf8[end..<reach].firstIndex(of: 0x0A) {
                end = utf8.index(after: newline)
            } else {
                // A line that goes on for another MiB (a post that is one huge line): cut inside
                // it, at the start of a character's bytes.
                while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
            }
            let head = String(text[..<end])
            if let page = try? PageText(text: head, file: path) {
                return (page, utf8.count - head.utf8.count)
            }
        }
        return (try? PageText(text: text, file: path)).map { ($0, 0) }
    }

    /// Checks, after an edit, whether the front matter that read when the post was opened still
    /// does; only the first lines are looked at (through the closing delimiter, at most 2,000
    /// lines of up to 1,000 characters), and only when the edit began at or above its closing
    /// delimiter, so a keystroke in the body costs nothing.
    mutating func checkFrontMatter() {
        guard let opening = openedOpening else { return }
        if let end = frontMatterEnd, editor.lastEditLine > end { return }
        frontMatterEnd = nil
        let buffer = editor.buffer
        let closing = opening == "{" ? "}" : opening
        var head: [String] = []
        var closed = false
        var closingLine: Int?
        for index in 0..<min(buffer.lineCount, 2_000) {
            guard buffer.lineLength(index) <= 1_000 else {
                head.append(String(buffer.characters(ofLine: index, in: 0..<1_000)))
                if index == 0 { closed = true }
                break
            }
            let text = buffer.lineText(index)
            head.append(text)
            if index > 0, text.trimmingCharacters(in: .whitespaces) == closing {
                closed = true; closingLine = index; break
            }
        }
        // No closing delimiter in reach of a large post: nothing cheap to say.
        if !closed, buffer.lineCount > head.count, editor.buffer.characterCount > 65_536 {
            frontMatterProblem = nil; return
        }
        frontMatterProblem = PublishReview.frontMatterProblem(
            inFirstLines: head.joined(separator: "\n") + "\n", file: path,
            opening: opening)
        if frontMatterProblem == nil { frontMatterEnd = closingLine }
    }
}
