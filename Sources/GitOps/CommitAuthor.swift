import CGit2
import Foundation

/// The author of the commits a session publishes (`--author "Name <email>"`); the committer stays
/// the repository's own identity.
public struct CommitAuthor: Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let email: String

    /// Reads `Name <email>`; nil when it is not one (no control characters, no `<` or `>` in the
    /// name, one `@` and no spaces in the address).
    public init?(_ text: String) {
        guard
            !text.unicodeScalars.contains(where: {
                $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
            }),
            text.hasSuffix(">"), let open = text.lastIndex(of: "<")
        else { return nil }
        let name = text[..<open].trimmingCharacters(in: .whitespaces)
        let email = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        guard !name.isEmpty, name.count <= 200, !name.contains("<"), !name.contains(">"),
            email.count <= 254, email.filter({ $0 == "@" }).count == 1, !email.hasPrefix("@"), !email.hasSuffix("@"),
            !email.contains(where: { $0 == " " || $0 == "<" || $0 == ">" })
        else { return nil }
        self.name = name
        self.email = email
    }

    public var description: String { "\(name) <\(email)>" }

    /// A libgit2 signature for now (the caller frees it).
    func signature() throws(GitError) -> UnsafeMutablePointer<git_signature>? {
        var signature: UnsafeMutablePointer<git_signature>?
        guard git_signature_now(&signature, name, email) == 0 else {
            git_error_clear()
            throw GitError(
                kind: .other, operation: "commit", message: "the author \(description) is not a valid git identity")
        }
        return signature
    }
}

extension Repository {
    /// The author of commit `id` (40 hex digits), or nil when it cannot be read.
    public func commitAuthor(_ id: String) -> CommitAuthor? {
        var oid = git_oid()
        var commit: OpaquePointer?
        guard git_oid_fromstr(&oid, id) == 0, git_commit_lookup(&commit, handle, &oid) == 0 else {
            git_error_clear()
            return nil
        }
        defer { git_commit_free(commit) }
        guard let signature = git_commit_author(commit) else { return nil }
        let name = String(cString: signature.pointee.name), email = String(cString: signature.pointee.email)
        return CommitAuthor("\(name) <\(email)>")
    }
}
