import Foundation

/// Signs commits the way git does when `commit.gpgsign` is set: with `gpg` (OpenPGP, the default),
/// or with `ssh-keygen -Y sign` when `gpg.format` is `ssh`. Never silently skipped: a failure
/// refuses the commit.
struct CommitSigner {
    enum Format: String { case openpgp, ssh, x509 }

    let format: Format
    /// `user.signingkey`: a key id (OpenPGP), a public key file or `key::<literal>` (ssh).
    let key: String?
    /// `gpg.program` / `gpg.ssh.program`.
    let program: String
    let environment: [String: String]

    /// The signer the repository's configuration asks for; nil when `commit.gpgsign` is not true.
    static func configured(in repository: Repository, environment: [String: String]) throws(GitError) -> CommitSigner? {
        guard repository.configBool("commit.gpgsign") == true else { return nil }
        let formatName = repository.configString("gpg.format") ?? "openpgp"
        guard let format = Format(rawValue: formatName) else {
            throw GitError(
                kind: .signingFailed, operation: "sign",
                message:
                    "gpg.format is \"\(formatName)\", which nakedblog does not know; use openpgp or ssh, or unset commit.gpgsign"
            )
        }
        let program: String
        switch format {
        case .ssh: program = repository.configString("gpg.ssh.program") ?? "ssh-keygen"
        case .openpgp:
            program = repository.configString("gpg.openpgp.program") ?? repository.configString("gpg.program") ?? "gpg"
        case .x509: program = repository.configString("gpg.x509.program") ?? "gpgsm"
        }
        return CommitSigner(
            format: format, key: repository.configString("user.signingkey"), program: program,
            environment: environment)
    }

    /// The armored signature of `content` (a commit object's text). `committer` is the
    /// "Name <email>" used as the OpenPGP key when `user.signingkey` is unset.
    func sign(_ content: String, committer: String) throws(GitError) -> String {
        var arguments: [String]
        var temporaryKey: String?
        defer { if let temporaryKey { try? FileManager.default.removeItem(atPath: temporaryKey) } }
        switch format {
        case .ssh:
            guard var key, !key.isEmpty else {
                throw refusal(
                    "commit.gpgsign is set with gpg.format=ssh but user.signingkey is empty; set it to your public key file (git config user.signingkey ~/.ssh/id_ed25519.pub)"
                )
            }
            if key.hasPrefix("key::") || key.hasPrefix("ssh-") {
                let literal = key.hasPrefix("key::") ? String(key.dropFirst(5)) : key
                let file = NSTemporaryDirectory() + "nakedblog-signing-\(UUID().uuidString).pub"
                guard FileManager.default.createFile(atPath: file, contents: Data((literal + "\n").utf8)) else {
                    throw refusal("cannot write a temporary key file for ssh signing")
                }
                temporaryKey = file
                key = file
            } else if key.hasPrefix("~/") {
                key = userHome + key.dropFirst(1)
            }
            arguments = [program, "-Y", "sign", "-n", "git", "-f", key]
        case .openpgp, .x509:
            arguments = [program, "--status-fd=2", "-bsau", key ?? committer]
        }
        let result: ExternalCommand.Result
        do {
            result = try ExternalCommand.run(arguments, input: Data(content.utf8), environment: environment)
        } catch {
            throw refusal(
                "\(program) could not be started (\(error)); install it, or unset commit.gpgsign to commit unsigned")
        }
        let signature = String(decoding: result.output, as: UTF8.self)
        guard result.status == 0, signature.contains("-----BEGIN") else {
            let detail = String(decoding: result.errorOutput, as: UTF8.self)
                .split(separator: "\n").filter { !$0.hasPrefix("[GNUPG:]") }.joined(separator: "\n")
            throw refusal(
                "\(program) failed to sign the commit\(detail.isEmpty ? "" : ": " + detail); nothing was committed")
        }
        return signature
    }

    private func refusal(_ message: String) -> GitError {
        GitError(kind: .signingFailed, operation: "sign", message: message)
    }
}
