import CGit2
import CGitSSH
import Foundation

/// Clones with live progress on a dedicated thread (never the cooperative pool).
public enum Cloner {
    /// How to clone.
    public struct Options: Sendable {
        /// HTTP(S) credentials; nil: none are offered.
        public var credentials: CredentialProvider?
        /// Extra CA certificates (PEM) to trust for HTTPS, e.g. a private CA.
        public var certificateFile: String?
        /// The environment the SSH command is taken from (GIT_SSH_COMMAND, GIT_SSH).
        public var environment: [String: String]

        public init(credentials: CredentialProvider? = nil, certificateFile: String? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.credentials = credentials
            self.certificateFile = certificateFile ?? environment["GIT_SSL_CAINFO"]
            self.environment = environment
        }
    }

    /// Clones `url` into `directory`, reporting progress. Cancel by cancelling the consuming task
    /// (or dropping the stream): the clone stops at the next callback, a directory it created is
    /// removed, a directory that existed (empty) is emptied again, and the error is `.cancelled`.
    public static func clone(_ url: GitURL, into directory: String, options: Options = Options()) -> CloneOperation {
        let (stream, continuation) = AsyncThrowingStream<CloneEvent, Error>.makeStream()
        let context = CloneContext(continuation: continuation, credentials: options.credentials, url: url.url)
        let operation = CloneOperation(events: stream, context: context)
        continuation.onTermination = { termination in
            if case .cancelled = termination { operation.cancel() }
        }
        let thread = Thread {
            do {
                let result = try run(url, into: directory, options: options, context: context)
                continuation.yield(.finished(result))
                operation.markFinished()
                continuation.finish()
            } catch {
                // Leftovers are removed before the error is delivered.
                operation.markFinished()
                continuation.finish(throwing: error)
            }
        }
        thread.name = "nakedblog-clone"
        thread.stackSize = 8 << 20
        thread.start()
        return operation
    }

    /// The blocking clone, on the worker thread. Reads libgit2's errors on this thread.
    static func run(_ url: GitURL, into directory: String, options: Options, context: CloneContext) throws -> CloneResult {
        GitLibrary.initialize()
        if url.transport == .ssh { SSHCommand.install(environment: options.environment) }
        if let file = options.certificateFile { _ = nb_set_ssl_cert_locations(file, nil) }
        let target = URL(fileURLWithPath: directory).standardizedFileURL.path
        let created = firstMissingAncestor(of: target)
        var cloneOptions = git_clone_options()
        try check(git_clone_options_init(&cloneOptions, UInt32(GIT_CLONE_OPTIONS_VERSION)), "git_clone_options_init")
        cloneOptions.checkout_opts.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue
        var repository: OpaquePointer?
        let status: Int32 = withExtendedLifetime(context) {
            CloneCallbacks.install(on: &cloneOptions, payload: Unmanaged.passUnretained(context).toOpaque())
            return git_clone(&repository, url.url, target, &cloneOptions)
        }
        context.flushSideband()
        if status < 0 {
            var error = GitError.fromLastError(code: status, operation: "git_clone")
            removeLeftovers(target: target, created: created)
            if context.isCancelled {
                error = GitError(kind: .cancelled, operation: "git_clone", code: status, message: "the clone was cancelled")
            } else if let host = context.certificateInvalidHost {
                error = GitError(kind: .other, operation: "git_clone", code: status,
                                 message: "the TLS certificate of \(host) is not trusted (\(error.message))")
            } else if case .authenticationFailed = error.kind {
                error = GitError(kind: .authenticationFailed(tried: [options.credentials?.description ?? "no credentials"]),
                                 operation: "git_clone", code: status, message: error.message)
            } else if error.kind == .hostKeyUnknown || error.kind == .hostKeyMismatch, let destination = url.sshDestination {
                error.hostKey = HostKeys.fetch(destination: destination, port: url.port, environment: options.environment)
            }
            throw error
        }
        let repo = Repository(taking: repository!)
        if let offered = context.offered { options.credentials?.approve(offered, for: url.url) }
        return CloneResult(path: target, branch: try repo.currentBranch(), head: try repo.headCommitID(), remoteURL: url.redacted)
    }

    /// The highest directory on the way to `path` that does not exist yet (what a failed clone
    /// must remove), or nil when `path` exists.
    static func firstMissingAncestor(of path: String) -> String? {
        var missing: String?
        var current = path
        while !FileManager.default.fileExists(atPath: current) {
            missing = current
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { break }
            current = parent
        }
        return missing
    }

    /// Removes what a failed clone left: the directories it created, or the contents of the
    /// (empty) directory that existed before.
    static func removeLeftovers(target: String, created: String?) {
        if let created {
            try? FileManager.default.removeItem(atPath: created)
        } else if let entries = try? FileManager.default.contentsOfDirectory(atPath: target) {
            for entry in entries { try? FileManager.default.removeItem(atPath: target + "/" + entry) }
        }
    }
}

/// A running clone: its events, and a way to cancel it and to wait until it has fully stopped
/// (leftover files removed).
public final class CloneOperation: Sendable {
    /// Progress, then `.finished`, or an error (`GitError` with kind `.cancelled` when cancelled).
    public let events: AsyncThrowingStream<CloneEvent, Error>
    private let context: CloneContext
    private let done = DispatchSemaphore(value: 0)

    init(events: AsyncThrowingStream<CloneEvent, Error>, context: CloneContext) {
        self.events = events
        self.context = context
    }

    /// Stops the clone at the next callback; running ssh connections are stopped at once.
    public func cancel() {
        guard !context.isCancelled else { return }
        context.cancel()
        nb_ssh_transport_cancel_all()
    }

    func markFinished() { done.signal() }

    /// Waits (off the cooperative pool) until the worker thread has finished and cleaned up.
    public func waitUntilFinished() async {
        let semaphore = done
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                semaphore.wait()
                semaphore.signal()
                continuation.resume()
            }.start()
        }
    }
}
