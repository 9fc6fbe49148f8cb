import CGitSSH

#if canImport(Glibc)
    import Glibc
#endif

/// A git service (e.g. `git-receive-pack`) run on an ssh remote through the system ssh, with
/// the transport's command and environment, whose pipes are read and written directly.
/// Stopped by a cancel like every connection of the ssh transport. One thread uses it.
final class SSHServiceProcess {
    private var process = nb_ssh_process()
    private var finished = false
    /// What ssh wrote on stderr, kept when it finished.
    private var finalErrorText: String?

    /// Starts `service` for the repository at the ssh `url`.
    init(url: String, service: String) throws(GitError) {
        let status = nb_ssh_process_start(url, service, &process)
        if status < 0 { throw GitError.fromLastError(code: status, operation: "ssh") }
    }

    /// Starts `service` as git's own (`git receive-pack PATH`) for a repository on this machine.
    init(localPath: String, service: String) throws(GitError) {
        let status = nb_local_process_start(localPath, service, &process)
        if status < 0 { throw GitError.fromLastError(code: status, operation: "push") }
    }

    /// The next bytes the service wrote: empty at the end of its output, nil on a read error.
    func read(upTo count: Int = 65536) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(process.from_child, $0.baseAddress, count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            buffer.removeLast(count - n)
            return buffer
        }
    }

    /// Writes all of `bytes`; false when the service is gone.
    func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(process.to_child, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    /// What ssh (or the remote shell) wrote on stderr, trimmed.
    var errorText: String {
        if let finalErrorText { return finalErrorText }
        var buffer = [CChar](repeating: 0, count: 2048)
        let length = nb_ssh_process_stderr(&process, &buffer, buffer.count)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: [" ", "\n", "\r", "\r\n"])
    }

    /// Closes the pipes and waits for ssh (keeping what it wrote on stderr); returns its exit
    /// status. Later calls return 0.
    @discardableResult
    func finish() -> Int32 {
        guard !finished else { return 0 }
        let status = nb_ssh_process_finish(&process)
        finalErrorText = errorText
        nb_ssh_process_close_stderr(&process)
        finished = true
        return status
    }

    deinit { finish() }
}

private extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
