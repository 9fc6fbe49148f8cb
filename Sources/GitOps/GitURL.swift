import Foundation

/// A remote location as the user typed it, normalised to a URL libgit2 understands.
public struct GitURL: Sendable, Equatable {
    public enum Transport: String, Sendable { case https, http, ssh, git, file }

    /// The URL passed to libgit2 (plain paths become `file://` so progress is reported).
    public let url: String
    public let transport: Transport
    /// For SSH: the `[user@]host` part, and the port when given.
    public let sshDestination: String?
    public let port: Int?

    /// A URL that cannot be used: what is wrong with it.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public let description: String
        /// What is wrong; a password in a URL quoted there is replaced by `***`.
        public init(description: String) { self.description = URLRedaction.redact(description) }

        /// The one sentence every caller shows for a URL that cannot be cloned from:
        /// "cannot clone `URL`: why" (the URL redacted).
        public func refusing(_ url: String) -> String {
            "cannot clone `\(URLRedaction.redact(url))`: \(description)"
        }
    }

    /// Parses `https://`, `http://`, `ssh://user@host:port/path`, scp-like `user@host:path` and
    /// `alias:path`, `git://`, `file://` and local paths (relative to `directory`).
    public init(_ input: String, relativeTo directory: String = FileManager.default.currentDirectoryPath)
        throws(Invalid)
    {
        let text = input.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw Invalid(description: "the URL is empty") }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw Invalid(description: "the URL contains a line break or another control character")
        }
        if let schemeEnd = text.range(of: "://") {
            let scheme = text[..<schemeEnd.lowerBound].lowercased()
            let rest = text[schemeEnd.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            switch scheme {
            case "https", "http", "git":
                guard !authority.isEmpty, !authority.hasPrefix(":"), !authority.hasPrefix("@") else {
                    throw Invalid(description: "`\(URLRedaction.redact(text))` has no host name")
                }
                // Percent-encoded, they would reach `git credential` as extra lines (git refuses them too).
                guard !URLRedaction.hasEncodedControl(text) else {
                    throw Invalid(
                        description: "the URL contains an encoded line break or control character (%0a, %0d, %00 …)")
                }
                url = text
                transport = Transport(rawValue: scheme)!
                sshDestination = nil
                port = GitURL.port(in: authority)
            case "ssh", "ssh+git", "git+ssh":
                guard !authority.isEmpty, rest.dropFirst(authority.count).count > 1 else {
                    throw Invalid(description: "`\(text)` needs a host and a path, e.g. ssh://git@example.com/blog.git")
                }
                url = text
                transport = .ssh
                port = GitURL.port(in: authority)
                sshDestination =
                    port == nil ? String(authority) : String(authority.prefix { $0 != ":" || authority.hasPrefix("[") })
                try GitURL.refuseOptionLike(
                    host: sshDestination!, path: String(rest.dropFirst(authority.count + 1)), text)
            case "file":
                guard rest.hasPrefix("/") else {
                    throw Invalid(description: "`\(text)` needs an absolute path: file:///path/to/repo")
                }
                url = text
                transport = .file
                sshDestination = nil
                port = nil
            default:
                throw Invalid(
                    description:
                        "`\(scheme)://` is not a git transport nakedblog knows; use https://, ssh://, git:// or a path")
            }
            return
        }
        // scp-like [user@]host:path — a colon before any slash, and not a local path.
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"),
            !FileManager.default.fileExists(atPath: text)
        {
            let host = text[..<colon]
            guard !host.isEmpty, text.index(after: colon) < text.endIndex else {
                throw Invalid(description: "`\(text)` needs a host and a path, e.g. git@example.com:me/blog.git")
            }
            try GitURL.refuseOptionLike(host: String(host), path: String(text[text.index(after: colon)...]), text)
            url = text
            transport = .ssh
            sshDestination = String(host)
            port = nil
            return
        }
        let absolute =
            text.hasPrefix("/")
            ? text : URL(fileURLWithPath: directory).appendingPathComponent(text).standardizedFileURL.path
        url = "file://" + absolute
        transport = .file
        sshDestination = nil
        port = nil
    }

    /// A host or path that starts with `-` would reach `ssh` or the server's `git-upload-pack` as
    /// an option (`-oProxyCommand=…`): refused, as git refuses them.
    private static func refuseOptionLike(host: String, path: String, _ text: String) throws(Invalid) {
        let hostName = host.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? host
        if host.hasPrefix("-") || hostName.hasPrefix("-") {
            throw Invalid(
                description: "`\(text)` has a host name that starts with `-`, which ssh would read as an option")
        }
        if path.hasPrefix("-") {
            throw Invalid(
                description: "`\(text)` has a path that starts with `-`, which the server's git would read as an option"
            )
        }
    }

    private static func port(in authority: Substring) -> Int? {
        let hostPort = authority.split(separator: "@").last ?? authority
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
            let after = hostPort[hostPort.index(after: close)...]
            return after.hasPrefix(":") ? Int(after.dropFirst()) : nil
        }
        guard let colon = hostPort.lastIndex(of: ":") else { return nil }
        return Int(hostPort[hostPort.index(after: colon)...])
    }

    /// The directory `git clone` would create: the last path component without one `.git`
    /// (`user.github.io.git` → `user.github.io`, `repo.git/` → `repo`, `a/b/.git` → `b`,
    /// `x.git.git` → `x.git`); `blog` when that leaves no usable name.
    public var defaultDirectoryName: String {
        var path = url
        if transport != .file, let schemeEnd = path.range(of: "://") {
            // The authority is not part of the name (`https://host` alone has none).
            let rest = path[schemeEnd.upperBound...]
            path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? ""
        } else if transport == .ssh, let colon = path.firstIndex(of: ":") {
            path = String(path[path.index(after: colon)...])
        }
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix("/.git") { path.removeLast(5) }
        while path.hasSuffix("/") { path.removeLast() }
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if name.hasSuffix(".git") { name.removeLast(4) }
        name = name.removingPercentEncoding ?? name
        if name.isEmpty || name == "." || name == ".." || name.hasPrefix("-") || name.contains("/") { return "blog" }
        return name
    }

    /// The URL with any password replaced by `***`, for messages and logs.
    public var redacted: String { URLRedaction.redact(url) }
}
