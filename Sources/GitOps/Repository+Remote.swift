import CGit2
import CGitSSH
import Foundation

extension Repository {
    /// The URL of `remote` (for messages and transport set-up).
    public func remoteURL(_ remote: String) -> String? {
        var handle: OpaquePointer?
        guard git_remote_lookup(&handle, self.handle, remote) == 0 else { git_error_clear(); return nil }
        defer { git_remote_free(handle) }
        return git_remote_url(handle).map { String(cString: $0) }
    }

    /// The URL of the remote HEAD's branch publishes to; nil without a remote.
    public func publishRemoteURL() -> String? {
        guard let head = try? headState(), let name = remoteName(for: head) else { return nil }
        return remoteURL(name)
    }

    /// Prepares the transports for `url` (ssh command, extra CA file). A remote URL with a
    /// (percent-encoded) control character or an option-like host or path is refused before
    /// anything connects or any credential helper is asked: `.config` may come from anyone.
    func prepareTransport(_ url: String, options: RemoteOptions) throws(GitError) -> GitURL? {
        let parsed: GitURL?
        do {
            parsed = try GitURL(url, relativeTo: workingDirectory ?? "/")
        } catch {
            if url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                || URLRedaction.hasEncodedControl(url)
                || error.description.contains("starts with `-`")
            {
                throw GitError(
                    kind: .unsupportedState, operation: "remote",
                    message: "the remote's URL cannot be used: \(error.description)")
            }
            parsed = nil
        }
        if parsed?.transport == .ssh { SSHCommand.install(environment: options.environment) }
        if let file = options.certificateFile { _ = nb_set_ssl_cert_locations(file, nil) }
        return parsed
    }

    /// Fetches `remote`'s branches (updating `refs/remotes/<remote>/*`), reporting through `session`.
    func fetch(remote name: String, session: PushSession, options: RemoteOptions) throws(GitError) {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, handle, name), "git_remote_lookup")
        defer { git_remote_free(remote) }
        let url = try prepareTransport(git_remote_url(remote).map { String(cString: $0) } ?? "", options: options)
        var fetchOptions = git_fetch_options()
        try check(git_fetch_options_init(&fetchOptions, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
        session.beginAttempt()
        let status: Int32 = withExtendedLifetime(session) {
            session.install(on: &fetchOptions.callbacks, payload: Unmanaged.passUnretained(session).toOpaque())
            return git_remote_fetch(remote, nil, &fetchOptions, "fetch")
        }
        session.flushSideband()
        if status < 0 {
            throw session.refine(
                GitError.fromLastError(code: status, operation: "git_remote_fetch"),
                transport: url, environment: options.environment)
        }
        session.approveOffered()
    }

    /// Pushes `branch` to `mergeRef` on `remote` (never forced). A refusal by the remote (reported
    /// only through `push_update_reference`) is thrown with its reason and the remote's output;
    /// a non-fast-forward throws `.nonFastForward`. Over ssh the objects are found and sent the
    /// way git does (`thinPush`); libgit2's push does everything else.
    func push(
        branch: String, to mergeRef: String, remote name: String, session: PushSession,
        options: RemoteOptions
    ) throws(GitError) {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, handle, name), "git_remote_lookup")
        defer { git_remote_free(remote) }
        let urlText = (git_remote_pushurl(remote) ?? git_remote_url(remote)).map { String(cString: $0) } ?? ""
        let url = try prepareTransport(urlText, options: options)
        session.beginAttempt()
        session.sendsPack = url?.transport != .file
        if url?.transport == .ssh || (url?.transport == .file && Self.hasGit(options.environment)),
            Self.thinPushEnabled(options.environment)
        {
            let outcome: ThinPushOutcome
            do {
                outcome = try thinPush(branch: branch, to: mergeRef, remote: name, url: urlText, session: session)
            } catch {
                var error = session.refine(error, transport: url, environment: options.environment)
                error.remoteMessages = session.remoteLines
                throw error
            }
            session.thinPushOutcome = outcome
            if case .fellBack = outcome {
                session.beginAttempt()
            } else {
                try throwIfRefused(session)
                rememberUpstream(branch: branch, remote: name, mergeRef: mergeRef)
                return
            }
        }
        var pushOptions = git_push_options()
        try check(git_push_options_init(&pushOptions, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
        let refspec = "refs/heads/\(branch):\(mergeRef)"
        let status: Int32 = withExtendedLifetime(session) {
            session.install(on: &pushOptions.callbacks, payload: Unmanaged.passUnretained(session).toOpaque())
            return withPathspec([refspec]) { specs in
                var specs = specs!
                return git_remote_push(remote, &specs, &pushOptions)
            }
        }
        session.flushSideband()
        if status < 0 {
            var error = session.refine(
                GitError.fromLastError(code: status, operation: "git_remote_push"),
                transport: url, environment: options.environment)
            error.remoteMessages = session.remoteLines
            throw error
        }
        try throwIfRefused(session)
        session.approveOffered()
        rememberUpstream(branch: branch, remote: name, mergeRef: mergeRef)
    }

    /// Whether publishing from this repository pushes thin (its branch's remote is reached over ssh).
    func pushesThin(environment: [String: String]) -> Bool {
        guard Self.thinPushEnabled(environment), let head = try? headState(), let name = remoteName(for: head) else {
            return false
        }
        var remote: OpaquePointer?
        guard git_remote_lookup(&remote, handle, name) == 0 else { git_error_clear(); return false }
        defer { git_remote_free(remote) }
        guard let url = (git_remote_pushurl(remote) ?? git_remote_url(remote)).map({ String(cString: $0) }) else {
            return false
        }
        // ssh, and repositories on this machine (through git's receive-pack, which refuses a
        // branch that moved since it was advertised).
        let transport = (try? GitURL(url, relativeTo: workingDirectory ?? "/"))?.transport
        return transport == .ssh || (transport == .file && Self.hasGit(environment))
    }

    /// Whether `git` is on PATH (a local push runs its receive-pack).
    static func hasGit(_ environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/git")
        }
    }

    /// `NAKEDBLOG_THIN_PUSH=0` pushes with libgit2 only (for comparison and diagnosis).
    static func thinPushEnabled(_ environment: [String: String]) -> Bool { environment["NAKEDBLOG_THIN_PUSH"] != "0" }

    /// Throws the first ref the remote refused: `.nonFastForward` when fetching and replaying
    /// may help, `.rejectedByRemote` (with the remote's own words) otherwise.
    private func throwIfRefused(_ session: PushSession) throws(GitError) {
        guard let rejection = session.rejections.first else { return }
        let reason = rejection.reason
        let lower = reason.lowercased()
        let retryable =
            lower.contains("non-fast-forward") || lower.contains("fetch first") || lower.contains("stale")
            || lower.contains("lock") || lower.contains("failed to update ref")
        var error = GitError(
            kind: retryable ? .nonFastForward : .rejectedByRemote, operation: "push",
            message: "the remote refused \(rejection.ref): \(reason)")
        error.remoteMessages = session.remoteLines
        throw error
    }

    /// Sets `branch.<name>.remote/merge` after a first push (like `git push -u`), if unset.
    private func rememberUpstream(branch: String, remote: String, mergeRef: String) {
        guard configString("branch.\(branch).merge") == nil else { return }
        var config: OpaquePointer?
        guard git_repository_config(&config, handle) == 0 else { git_error_clear(); return }
        defer { git_config_free(config) }
        if git_config_set_string(config, "branch.\(branch).remote", remote) < 0 { git_error_clear() }
        if git_config_set_string(config, "branch.\(branch).merge", mergeRef) < 0 { git_error_clear() }
    }

    /// Whether `path` exists on the remote-tracking branch of HEAD (the post was published before).
    public func existsOnRemote(path: String) -> Bool {
        guard let head = try? headState(), let remote = remoteName(for: head),
            let ref = upstreamTrackingRef(remote: remote, head: head), var oid = try? resolve(ref)
        else { return false }
        var commit: OpaquePointer?
        guard git_commit_lookup(&commit, handle, &oid) == 0 else { git_error_clear(); return false }
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        guard git_commit_tree(&tree, commit) == 0 else { git_error_clear(); return false }
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        guard git_tree_entry_bypath(&entry, tree, Self.normalized(path)) == 0 else { git_error_clear(); return false }
        git_tree_entry_free(entry)
        return true
    }
}

/// Network settings for fetch and push.
public struct RemoteOptions: Sendable {
    /// HTTP(S) credentials; nil: none are offered.
    public var credentials: CredentialProvider?
    /// Extra CA certificates (PEM) to trust for HTTPS.
    public var certificateFile: String?
    /// The environment the SSH command is taken from (GIT_SSH_COMMAND, GIT_SSH), and signing runs in.
    public var environment: [String: String]
    /// Who commits (replayed commits, too) when the repository has no `user.name`/`user.email`
    /// (a shared server's author: `--restricted --author`); nil: such a commit is refused.
    public var committerFallback: CommitAuthor?

    public init(
        credentials: CredentialProvider? = nil, certificateFile: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.credentials = credentials
        self.certificateFile = certificateFile ?? environment["GIT_SSL_CAINFO"]
        self.environment = environment
    }
}
