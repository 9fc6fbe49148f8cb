import Foundation
import GitOps

/// Who has which post open when authors share one working copy: a small file per open post in
/// `<git dir>/nakedblog-editing/`, naming the author and the process. A marker whose process is
/// gone counts for nothing, so a crash never locks a post.
enum EditingMarkers {
    private static func directory(root: String) -> String? {
        guard let repository = try? Repository.discover(from: root) else { return nil }
        return repository.gitDirectory + "nakedblog-editing"
    }

    private static func file(for path: String, in directory: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return directory + "/" + String(hash, radix: 16)
    }

    /// Marks `path` as open by `author` in this process.
    static func mark(_ path: String, author: String, root: String) {
        guard let directory = directory(root: root) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? "\(getpid())\n\(author)\n\(path)\n".write(
            toFile: file(for: path, in: directory), atomically: true, encoding: .utf8)
    }

    /// Removes this process's mark on `path`.
    static func release(_ path: String, root: String) {
        guard let directory = directory(root: root), holder(path, directory: directory)?.pid == getpid() else { return }
        try? FileManager.default.removeItem(atPath: file(for: path, in: directory))
    }

    /// The author of another live session that has `path` open, if any.
    static func otherEditor(of path: String, root: String) -> String? {
        guard let directory = directory(root: root), let holder = holder(path, directory: directory),
            holder.pid != getpid(), kill(holder.pid, 0) == 0 || errno == EPERM
        else { return nil }
        return holder.author
    }

    private static func holder(_ path: String, directory: String) -> (pid: pid_t, author: String)? {
        guard let text = try? String(contentsOfFile: file(for: path, in: directory), encoding: .utf8) else {
            return nil
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, let pid = pid_t(lines[0]), lines[2] == path else { return nil }
        return (pid, lines[1])
    }
}
