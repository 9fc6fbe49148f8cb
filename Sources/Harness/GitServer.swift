import Foundation

/// A git server for tests: serves the bare repositories under `root` on 127.0.0.1.
public protocol GitServer: AnyObject, Sendable {
    /// Directory holding the served bare repositories (`<name>.git`).
    var root: String { get }
    /// The URL a client clones `<name>.git` from.
    func url(for name: String) -> String
    /// Stops the server (idempotent).
    func stop()
}

extension GitServer {
    /// Creates `<name>.git` under `root`: empty, or a bare copy of the repository at `source`.
    /// Pushes to its checked-out branch are allowed; the default branch is `main`.
    @discardableResult
    public func createRepository(named name: String, from source: String? = nil) throws -> String {
        let path = root + "/\(name).git"
        if let source {
            try Shell.check(["git", "clone", "--quiet", "--bare", "--no-local", source, path])
        } else {
            try Shell.check(["git", "init", "--quiet", "--bare", "--initial-branch=main", path])
        }
        try Shell.check(["git", "-C", path, "config", "http.receivepack", "true"])
        try Shell.check(["git", "-C", path, "config", "receive.denyNonFastForwards", "true"])
        return path
    }
}

/// Bare repositories reached over `file://` (no process to run).
public final class FileGitServer: GitServer {
    public let root: String
    private let directory: TemporaryDirectory

    public init() throws {
        directory = try TemporaryDirectory(prefix: "nb-file-remote")
        root = directory.path
    }

    public func url(for name: String) -> String { "file://\(root)/\(name).git" }
    public func stop() {}
    deinit { directory.remove() }
}

/// `git daemon` on a free loopback port with push enabled.
public final class GitDaemonServer: GitServer, @unchecked Sendable {
    public let root: String
    public let port: Int
    private let directory: TemporaryDirectory
    private let lock = NSLock()
    private var process: BackgroundProcess?

    public init() throws {
        directory = try TemporaryDirectory(prefix: "nb-git-daemon")
        root = directory.path + "/repos"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        port = LoopbackPort.free()
        try start()
    }

    /// Starts the daemon (again, after `stop()`) on the same port.
    public func start() throws {
        let process = try BackgroundProcess(
            [
                "git", "daemon", "--reuseaddr", "--export-all", "--enable=receive-pack", "--informative-errors",
                "--listen=127.0.0.1", "--port=\(port)", "--base-path=\(root)", root,
            ],
            logPath: directory.path + "/daemon.log")
        guard LoopbackPort.waitUntilAccepting(port) else {
            process.stop()
            throw ServerStartError(server: "git daemon", log: process.log)
        }
        lock.withLock { self.process = process }
    }

    public func url(for name: String) -> String { "git://127.0.0.1:\(port)/\(name).git" }
    public func stop() {
        lock.withLock {
            process?.stop(); process = nil
        }
    }
    deinit { stop(); directory.remove() }
}

/// A test server that did not come up.
public struct ServerStartError: Error, CustomStringConvertible {
    public let server: String
    public let log: String
    public var description: String { "\(server) did not start on 127.0.0.1. Its log:\n\(log)" }
}
