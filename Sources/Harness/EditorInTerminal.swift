import Foundation

/// The app opened on one post of a copy of the demo site, in a pseudo-terminal, once the editor
/// shows (for the memory measures: a post's text in, the running app out).
public enum EditorInTerminal {
    /// Writes `text` as `content/posts/<name>` of a demo copy in `folder`, starts `binary` on it
    /// at `columns`×`rows` and waits (up to `timeout` seconds) for the editor; returns the
    /// terminal (terminate it) and the post's path. `shown`: text the screen must show too
    /// (drawn by the preview, say) before it counts as open.
    public static func open(
        _ text: String, name: String, in folder: TemporaryDirectory, binary: String,
        environment: [String: String], columns: Int = 120, rows: Int = 40,
        timeout: TimeInterval = 30, shown: String? = nil
    ) throws -> (terminal: PseudoTerminal, post: String) {
        let site = folder.appending("site")
        try PackageRoot.copyDemo(to: site)
        let post = site + "/content/posts/" + name
        try FileManager.default.createDirectory(
            atPath: (post as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: post, atomically: true, encoding: .utf8)
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let terminal = try PseudoTerminal([binary, post], environment: environment, columns: columns, rows: rows)
        guard
            terminal.read(
                timeout: timeout, until: { $0.contains(text: "Ln 1, Col 1") && shown.map($0.contains(text:)) != false }
            ).satisfied
        else {
            terminal.terminate()
            throw ShellError(
                command: [binary],
                result: ProcessResult(
                    status: 1, stdout: "",
                    stderr: "the editor never opened" + (shown.map { " showing “\($0)”" } ?? ""), timedOut: true))
        }
        return (terminal, post)
    }
}
