import Foundation

/// A username and password for HTTP(S). Never logged, never stored by nakedblog.
public struct HTTPCredential: Sendable {
    public let username: String
    public let password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// Supplies HTTP(S) credentials when a server asks. Called on the git worker thread; may block
/// (e.g. while the user types). Each method is tried once per operation, never in a loop.
public protocol CredentialProvider: Sendable {
    /// Credentials for `url` (with `username` if the URL named one), or nil to give up.
    func credential(for url: String, username: String?) -> HTTPCredential?
    /// The server accepted `credential` (helpers may store it).
    func approve(_ credential: HTTPCredential, for url: String)
    /// The server refused `credential` (helpers may forget it).
    func reject(_ credential: HTTPCredential, for url: String)
    /// Words for the error message: what was tried (e.g. "git credential helpers").
    var description: String { get }
}

/// The user's git credential helpers, through `git credential fill/approve/reject`. With a
/// terminal and `GIT_TERMINAL_PROMPT` not 0, git itself prompts for what the helpers lack.
public struct GitCredentialHelper: CredentialProvider {
    public let allowPrompt: Bool

    public init(allowPrompt: Bool) { self.allowPrompt = allowPrompt }

    public var description: String {
        allowPrompt
            ? "your git credential helpers and a terminal prompt"
            : "your git credential helpers (no terminal to prompt on)"
    }

    public func credential(for url: String, username: String?) -> HTTPCredential? {
        guard var request = Self.describe(url), Self.isSafeValue(username ?? "") else { return nil }
        if let username, !username.isEmpty { request += "username=\(username)\n" }
        guard let output = run("fill", request + "\n") else { return nil }
        var user: String?, password: String?
        for line in output.split(separator: "\n") {
            if line.hasPrefix("username=") { user = String(line.dropFirst(9)) }
            if line.hasPrefix("password=") { password = String(line.dropFirst(9)) }
        }
        guard let user, let password else { return nil }
        return HTTPCredential(username: user, password: password)
    }

    public func approve(_ credential: HTTPCredential, for url: String) {
        guard let request = Self.describe(url, credential) else { return }
        _ = run("approve", request)
    }

    public func reject(_ credential: HTTPCredential, for url: String) {
        guard let request = Self.describe(url, credential) else { return }
        _ = run("reject", request)
    }

    /// The request for approve/reject: the URL's fields and the credential, or nil when any
    /// value could not be written as one line.
    static func describe(_ url: String, _ credential: HTTPCredential) -> String? {
        guard let request = describe(url), isSafeValue(credential.username), isSafeValue(credential.password) else {
            return nil
        }
        return request + "username=\(credential.username)\npassword=\(credential.password)\n\n"
    }

    /// `protocol=…\nhost=…\npath=…\n` for git credential, or nil when a field (percent-decoded)
    /// holds a line break, NUL or other control character: written into the request it would
    /// end its line and add attacker-chosen ones (`host=github.example`), so helpers are never
    /// asked (git refuses such URLs too). Callers check URLs earlier (`GitURL`); this is the last
    /// line of defence, for URLs that come from elsewhere (a remote's configuration).
    static func describe(_ url: String) -> String? {
        guard !URLRedaction.hasEncodedControl(url), isSafeValue(url) else { return nil }
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else {
            return "url=\(url)\n"
        }
        var text = "protocol=\(scheme)\nhost=\(host)"
        if let port = components.port { text += ":\(port)" }
        text += "\n"
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        if !path.isEmpty { text += "path=\(path)\n" }
        for value in [scheme, host, path, components.user ?? "", components.password ?? ""] where !isSafeValue(value) {
            return nil
        }
        return text
    }

    /// Whether `value` can be one line of a credential request (no control character at all).
    static func isSafeValue(_ value: String) -> Bool {
        !value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    private func run(_ action: String, _ input: String) -> String? {
        var environment = ProcessInfo.processInfo.environment
        if !allowPrompt {
            environment["GIT_TERMINAL_PROMPT"] = "0"; environment["GIT_ASKPASS"] = ""; environment["SSH_ASKPASS"] = ""
        }
        guard
            let result = try? ExternalCommand.run(
                ["git", "credential", action], input: Data(input.utf8), environment: environment),
            result.status == 0
        else { return nil }
        return String(decoding: result.output, as: UTF8.self)
    }
}
