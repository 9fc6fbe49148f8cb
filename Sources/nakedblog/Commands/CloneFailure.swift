import Foundation
import GitOps

/// Turns clone errors into the user's paragraph and exit code.
enum CloneFailure {
    static func explain(_ error: GitError, url: GitURL, target: String, interactive: Bool) -> UserFacingError {
        if error.kind == .cancelled {
            return UserFacingError(
                "clone interrupted; nothing was left behind in \(target).", exitCode: ExitCodes.interrupted)
        }
        return GitFailure.explain(error, what: "cloning \(url.redacted) failed", url: url, interactive: interactive)
    }
}

/// Asking the user about an unknown SSH host key.
enum HostKeyPrompt {
    /// True when the key may be trusted: automatically, or because the user said yes.
    static func accept(_ key: HostKey, url: GitURL, automatically: Bool, interactive: Bool) throws -> Bool {
        if automatically { return true }
        guard interactive else { return false }
        FileHandleOutput.standardError.write(
            """
            The authenticity of host '\(key.knownHostsName)' can't be established.
            \(key.type) key fingerprint is \(key.fingerprint).
            Trust it, add it to ~/.ssh/known_hosts and continue? [y/N] 
            """)
        guard let answer = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(answer.lowercased().trimmingCharacters(in: .whitespaces))
    }
}
