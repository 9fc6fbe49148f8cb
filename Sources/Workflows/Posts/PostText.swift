import Blog
import Foundation

/// A post's text as the editor takes it: read only from inside the site (never through a link
/// out of it or into `.git`), decoded as it is (a byte-order mark kept), refused when it is not
/// UTF-8 text.
public enum PostText {
    /// The text of `path` (site-relative) in the site at `root`, and its stamp.
    public static func read(_ path: String, root: String) throws(WorkflowError) -> (text: String, stamp: FileStamp?) {
        let file = root + "/" + path
        if let refusal = SiteContainment.refusal(SiteContainment.verdict(file, site: root), display: path) {
            throw WorkflowError(.refused, refusal.description)
        }
        // The bytes are let go before the text is returned (a huge post is not held twice while
        // the editor builds its lines). Foundation's UTF-8 decoding would drop a byte-order mark,
        // which saving would then drop from the file.
        let decoded: String?? = {
            guard let data = FileManager.default.contents(atPath: file) else { return .none }
            guard !data.contains(0) else { return .some(nil) }
            return .some(String(validating: data, as: UTF8.self))
        }()
        guard let decoded else {
            throw WorkflowError(.unreadable, "\(path): cannot be read (does it still exist? is it readable?)")
        }
        guard let text = decoded else {
            throw WorkflowError(
                .refused,
                "\(path): is not UTF-8 text (a binary file, or another encoding). Convert it to UTF-8 to edit it here.")
        }
        return (text, FileStamp.of(file))
    }
}
