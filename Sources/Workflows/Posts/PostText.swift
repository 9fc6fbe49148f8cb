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

    /// What a save did.
    public enum Saved: Sendable, Equatable {
        /// Written; the file's stamp now.
        case written(FileStamp?)
        /// Not written: the file changed on disk since the writer's copy was read.
        case changedOnDisk
    }

    /// Writes `text` as the post at `path` (site-relative) in the site at `root`: atomically,
    /// keeping the file's permissions, only inside the site. Refused (`changedOnDisk`) when the
    /// file on disk is no longer `expected` — unless it is `lastWritten` (this session's own
    /// save, seen again), or `overwrite`.
    public static func save(
        _ path: String, text: String, root: String, expected: FileStamp?, lastWritten: FileStamp? = nil,
        overwrite: Bool = false
    ) throws(WorkflowError) -> Saved {
        let file = root + "/" + path
        if !overwrite, let expected, let current = FileStamp.of(file), current != expected, current != lastWritten {
            return .changedOnDisk
        }
        var info = stat()
        let permissions: mode_t = stat(file, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        do {
            try SiteContainment.require(file, insideSite: root, display: path)
        } catch {
            throw WorkflowError(.refused, String(describing: error))
        }
        do {
            try AtomicFile.write(Data(text.utf8), to: file, permissions: permissions)
        } catch {
            throw WorkflowError(.unwritable, "\(error)")
        }
        return .written(FileStamp.of(file))
    }
}
