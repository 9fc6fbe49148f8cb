import Foundation

/// Commit messages nakedblog writes for the user: one rule for the CLI and the app.
public enum CommitMessage {
    /// `Publish: <title>` (or another verb) for one post, titles joined with `, ` for several.
    /// Titles come from files anyone may have written: control characters are dropped and line
    /// breaks and tabs become spaces, so history never carries an escape sequence that `git log`
    /// would send to a terminal, and the summary stays one line.
    public static func forPosts(_ verb: String, titles: [String]) -> String {
        verb + ": " + titles.map(clean).joined(separator: ", ")
    }

    /// `title` on one line without control characters.
    public static func clean(_ title: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in title.unicodeScalars {
            let value = scalar.value
            if value == 0x09 || value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029 {
                pendingSpace = !result.isEmpty
                continue
            }
            if value < 0x20 || (0x7F...0x9F).contains(value) { continue }
            if pendingSpace, scalar != " " { result += " " }
            pendingSpace = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

extension CommitMessage {
    /// The default message for publishing `paths` (repository-relative bundles or pages) titled
    /// `titles`: `Delete: t` for one path gone from the work tree, `Update: t` for one the
    /// remote has (unless it is a draft being published: `firstPublish`), `Publish: t, …`
    /// otherwise. One rule for `publish` and the app's sheet.
    public static func forPublishing(
        _ paths: [String], titles: [String], in repository: Repository, firstPublish: Bool = false
    ) -> String {
        // A moved post (a Jekyll draft made a post) is committed as its new path and its old
        // one, which is gone: it is named by what is there.
        let present = zip(paths, titles).filter {
            FileManager.default.fileExists(atPath: (repository.workingDirectory ?? "") + $0.0)
        }
        if !present.isEmpty, present.count < paths.count {
            return forPublishing(present.map(\.0), titles: present.map(\.1), in: repository, firstPublish: firstPublish)
        }
        guard paths.count == 1, let path = paths.first, let title = titles.first else {
            return forPosts("Publish", titles: titles)
        }
        if !FileManager.default.fileExists(atPath: (repository.workingDirectory ?? "") + path) {
            return forPosts("Delete", titles: [title])
        }
        return forPosts(!firstPublish && repository.existsOnRemote(path: path) ? "Update" : "Publish", titles: [title])
    }
}
