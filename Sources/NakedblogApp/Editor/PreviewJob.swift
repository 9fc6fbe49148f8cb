import Blog
import Foundation
import Preview
import TUI

/// Work on the whole document, off the loop: its words counted and, when a preview is shown,
/// its preview rendered at `width`, for one revision. The result comes back as
/// `AppMessage.previewRendered`; a preview for a revision the text has moved on from is dropped.
public struct PreviewJob: Sendable, Equatable {
    public var path: String
    /// Absolute path of the post (images are looked up beside it).
    public var file: String
    /// The document (a copy-on-write value: the text is built on the preview queue, not on
    /// the loop; an edit meanwhile copies only the line it changes and the list of lines).
    public var buffer: TextBuffer
    public var revision: Int
    /// The preview's width; nil when no preview is shown (words only).
    public var width: Int?
    public var site: Site?
    /// For a large document (`EditorScreen.isLarge`): only these lines (0-based) are rendered —
    /// what is on screen and a margin — and no words are counted. Their text is `windowText`,
    /// taken on the loop (the job then holds no share of the document, whose next edit would
    /// otherwise copy what it shares — a whole line, when the line is 50 MB).
    public var window: Range<Int>? = nil
    public var windowText = ""

    /// Renders the preview (parsing, layout, image lookups): runs on the effect runner's
    /// preview queue, never on the loop.
    public func render() -> AppMessage {
        if let window, let width {
            let text = windowText
            let lines: [PreviewLine]
            if window.lowerBound == 0, let page = try? PageText(text: text, file: path) {
                lines = MarkdownPreview.render(
                    page, width: width, context: PreviewContext.forPage(page, file: file, site: site), cores: .one)
            } else {
                lines = MarkdownPreview.render(
                    markdown: text, firstLine: window.lowerBound + 1, width: width,
                    context: PreviewContext.forPage(nil, file: file, site: site), cores: .one)
            }
            return .previewRendered(
                path: path, revision: revision, width: width, lines: lines, words: nil, window: window)
        }
        let text = buffer.text
        let page = try? PageText(text: text, file: path)
        let words = WordCount.count(page?.body ?? text)
        guard let width else {
            return .previewRendered(path: path, revision: revision, width: nil, lines: [], words: words, window: nil)
        }
        let context = PreviewContext.forPage(page, file: file, site: site)
        let lines: [PreviewLine]
        if let page {
            // On this (low-priority) thread alone (`MarkdownPreview.Cores`).
            lines = MarkdownPreview.render(page, width: width, context: context, cores: .one)
        } else {
            lines = [
                PreviewLine(
                    [PreviewSpan("(the front matter is not valid yet; the preview waits for it)", PreviewStyle(.dim))],
                    sourceLine: 0)
            ]
        }
        return .previewRendered(path: path, revision: revision, width: width, lines: lines, words: words, window: nil)
    }
}
