import Foundation
import GitOps
import Logging
import Synchronization
import TextWidth

/// A swift-log handler that appends one line per message to a file (created with mode 0600).
/// If the file cannot be opened, messages are dropped: logging must never disturb the screen.
struct FileLogHandler: LogHandler {
    private let label: String
    private let sink: LogFileSink?
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    init(label: String, path: String) {
        self.label = label
        self.sink = LogFileSink.shared(path: path)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        let details =
            merged.isEmpty
            ? ""
            : " "
                + merged.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let timestamp = ISO8601DateFormatter.string(
            from: Date(), timeZone: .current,
            formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        // No password from a URL in the log, and one line per message whatever the message holds
        // (a log viewed with `cat` or `tail` is a terminal too).
        let text = TerminalText.visible(URLRedaction.redact("\(event.message)\(details)"))
        sink?.append("\(timestamp) \(event.level) [\(label)] \(text)\n")
    }
}

/// One open log file per path, shared by every handler; writes are serialised.
final class LogFileSink: Sendable {
    /// The file, written under the lock (FileHandle is not Sendable).
    private let handle: Mutex<FileHandle>
    private static let sinks = Mutex<[String: LogFileSink]>([:])

    private init(handle: FileHandle) { self.handle = Mutex(handle) }

    static func shared(path: String) -> LogFileSink? {
        sinks.withLock { sinks in open(path, in: &sinks) }
    }

    private static func open(_ path: String, in sinks: inout [String: LogFileSink]) -> LogFileSink? {
        if let sink = sinks[path] { return sink }
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        let sink = LogFileSink(handle: handle)
        sinks[path] = sink
        return sink
    }

    func append(_ line: String) {
        handle.withLock { $0.write(Data(line.utf8)) }
    }
}
