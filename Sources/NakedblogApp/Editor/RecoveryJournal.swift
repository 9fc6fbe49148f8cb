import Blog
import Foundation

/// Unsaved editor text kept in `$XDG_STATE_HOME/nakedblog/recovery/`, one file per site and
/// post, so a crash or a dropped SSH connection never loses a word. Written atomically; removed
/// after a successful save.
public enum RecoveryJournal {
    /// The journal file for `post` (site-relative) of the site at `root`.
    public static func file(
        root: String, post: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        XDGDirectory.state(environment) + "/recovery/" + escape(root) + "/" + escape(post)
    }

    /// A path as one file name: `/` → `%2F`, `%` → `%25`.
    static func escape(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
    }

    /// Saves `text` for later recovery (atomic: a half-written journal never replaces a good one).
    public static func write(
        _ text: String, root: String, post: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let path = file(root: root, post: post, environment: environment)
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try AtomicFile.write(Data(text.utf8), to: path, permissions: 0o600)
    }

    /// The journaled text, if any.
    public static func read(
        root: String, post: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        FileManager.default.contents(atPath: file(root: root, post: post, environment: environment))
            .flatMap { String(validating: $0, as: UTF8.self) }
    }

    public static func remove(
        root: String, post: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        try? FileManager.default.removeItem(atPath: file(root: root, post: post, environment: environment))
    }
}
