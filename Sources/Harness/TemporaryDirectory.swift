import Foundation

/// A fresh directory under the system temp dir, removed by `remove()` (tests call it in
/// teardown), or when the test process ends if a test did not (`HarnessCleanup`).
public final class TemporaryDirectory: @unchecked Sendable {
    /// Absolute path, no trailing slash, symlinks resolved.
    public let path: String

    public init(prefix: String = "nakedblog") throws {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ShellError(
                command: ["mkdtemp"],
                result: ProcessResult(
                    status: errno, stdout: "", stderr: String(cString: strerror(errno)), timedOut: false))
        }
        path = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
        HarnessCleanup.made(directory: path)
    }

    /// `path/relative`.
    public func appending(_ relative: String) -> String { path + "/" + relative }

    /// Deletes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
        HarnessCleanup.removed(directory: path)
    }
}
