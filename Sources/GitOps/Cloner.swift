import CGit2
import CGitSSH
import Foundation

/// Clones with live progress on a dedicated thread (never the cooperative pool).
public enum Cloner {
    /// How to clone: credentials, extra CA certificates, the environment ssh is taken from.
    public typealias Options = RemoteOptions

    /// Clones `url` into `directory`, reporting progress. Cancel by cancelling the consuming task
    /// (or dropping the stream): the clone stops at the next callback, a directory it created is
    /// removed, a directory that existed (empty) is emptied again, and the error is `.cancelled`.
    public static func clone(_ url: GitURL, into directory: String, options: Options = Options()) -> CloneOperation {
        let (stream, continuation) = AsyncThrowingStream<CloneEvent, Error>.makeStream()
        let context = CloneContext(continuation: continuation, credentials: options.credentials, url: url.url)
        return CloneOperation.start(
            name: "nakedblog-clone", session: context, cancelOnTermination: true,
            continuation: continuation, events: stream
        ) {
            // Leftovers are removed before an error is delivered.
            .finished(try run(url, into: directory, options: options, context: context))
        }
    }

    /// The blocking clone, on the worker thread. Reads libgit2's errors on this thread.
    static func run(_ url: GitURL, into directory: String, options: Options, context: CloneContext) throws
        -> CloneResult
    {
        GitLibrary.initialize()
        if url.transport == .ssh { SSHCommand.install(environment: options.environment) }
        if let file = options.certificateFile { _ = nb_set_ssl_cert_locations(file, nil) }
        let target = URL(fileURLWithPath: directory).standardizedFileURL.path
        if url.transport == .file { try checkLocalSource(url, target: target) }
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
            let error = GitError.fromLastError(code: status, operation: "git_clone")
            removeLeftovers(target: target, created: created)
            throw context.refine(error, transport: url, environment: options.environment)
        }
        let repo = Repository(taking: repository!)
        context.approveOffered()
        return CloneResult(
            path: target, branch: try repo.currentBranch(), head: try repo.headCommitID(), remoteURL: url.redacted)
    }

    /// A local source must exist and must not be the target: libgit2 creates the target first,
    /// so `clone nothere` (default target `nothere`) would clone the new empty folder into itself.
    static func checkLocalSource(_ url: GitURL, target: String) throws(GitError) {
        let source = URL(fileURLWithPath: String(url.url.dropFirst("file://".count))).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GitError(
                kind: .notFound, operation: "clone", message: "\(source) does not exist or is not a directory")
        }
        let resolved = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        if resolved(source) == resolved(target) {
            throw GitError(
                kind: .unsupportedState, operation: "clone",
                message: "\(source) is the folder to clone into; choose another folder")
        }
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

/// A running clone: its events, a way to cancel it and to wait until it has fully stopped
/// (leftover files removed).
public typealias CloneOperation = GitOperation<CloneEvent>
