import Blog
import Foundation

extension EditorScreen {
    /// The delimiter the post's front matter opened with when it was read (nil: it had none
    /// that read), from `text`.
    static func readableOpening(of text: String, path: String) -> String? {
        guard let page = head(of: text, path: path)?.page, let block = page.frontMatter,
              (try? FrontMatterEditor(page: page, file: path).fields()) != nil else { return nil }
        return block.format.delimiter ?? "{"
    }

    /// The page read from the start of `text` only (its first MiB, cut after a line), and how
    /// many bytes were cut off: the front matter and where the body starts, without copying a
    /// huge post twice more. Nil when even the whole text does not read.
    static func head(of text: String, path: String) -> (page: PageText, cut: Int)? {
        let limit = 1 << 20
        let utf8 = text.utf8
        if utf8.count > limit, let newline = utf8[utf8.index(utf8.startIndex, offsetBy: limit)...].firstIndex(of: 0x0A) {
            let end = utf8.index(after: newline)
            if let page = try? PageText(text: String(text[..<end]), file: path) {
                return (page, utf8.distance(from: end, to: utf8.endIndex))
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
            let line = buffer.line(index)
            guard line.count <= 1_000 else { head.append(String(line.prefix(1_000))); if index == 0 { closed = true }; break }
            let text = String(line)
            head.append(text)
            if index > 0, text.trimmingCharacters(in: .whitespaces) == closing { closed = true; closingLine = index; break }
        }
        // No closing delimiter in reach of a large post: nothing cheap to say.
        if !closed, buffer.lineCount > head.count, editor.buffer.characterCount > 65_536 { frontMatterProblem = nil; return }
        frontMatterProblem = PublishReview.frontMatterProblem(inFirstLines: head.joined(separator: "\n") + "\n", file: path,
                                                              opening: opening)
        if frontMatterProblem == nil { frontMatterEnd = closingLine }
    }
}
