import Blog
import Preview
import Foundation

/// A preview to render off the loop: the text of one revision, at one width. The result comes
/// back as `AppMessage.previewRendered`, dropped if the text has moved on since.
public struct PreviewJob: Sendable, Equatable {
    public var path: String
    /// Absolute path of the post (images are looked up beside it).
    public var file: String
    public var text: String
    public var revision: Int
    public var width: Int
    public var siteRoot: String

    /// Renders the preview (parsing, layout, image lookups): runs on the effect runner's
    /// preview queue, never on the loop.
    public func render() -> AppMessage {
        let bundle = (file as NSString).deletingLastPathComponent
        let context = PreviewContext.files(in: bundle, staticDirectory: siteRoot + "/static")
        let lines: [PreviewLine]
        if let page = try? PageText(text: text, file: path) {
            lines = MarkdownPreview.render(page, width: width, context: context)
        } else {
            lines = [PreviewLine([PreviewSpan("(the front matter is not valid yet; the preview waits for it)", PreviewStyle(.dim))], sourceLine: 0)]
        }
        return .previewRendered(path: path, revision: revision, width: width, lines: lines)
    }
}
