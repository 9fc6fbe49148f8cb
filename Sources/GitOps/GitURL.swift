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
    }

    /// Parses `https://`, `http://`, `ssh://user@host:port/path`, scp-like `user@host:path` and
    /// `alias:path`, `git://`, `file://` and local paths (relative to `directory`).
    public init(_ input: String, relativeTo directory: String = FileManager.default.currentDirectoryPath) throws(Invalid) {
        let text = input.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw Invalid(description: "the URL is empty") }
        guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw Invalid(description: "the URL contains a line break")
        }
        if let schemeEnd = text.range(of: "://") {
            let scheme = text[..<schemeEnd.lowerBound].lowercased()
            let rest = text[schemeEnd.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            switch scheme {
            case "https", "http", "git":
                guard !authority.isEmpty, !authority.hasPrefix(":"), !authority.hasPrefix("@") else {
                    throw Invalid(description: "`\(text)` has no host name")
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
                sshDestination = port == nil ? String(authority) : String(authority.prefix { $0 != ":" || authority.hasPrefix("[") })
            case "file":
                guard rest.hasPrefix("/") else { throw Invalid(description: "`\(text)` needs an absolute path: file:///path/to/repo") }
                url = text
                transport = .file
                sshDestination = nil
                port = nil
            default:
                throw Invalid(description: "`\(scheme)://` is not a git transport nakedblog knows; use https://, ssh://, git:// or a path")
            }
            return
        }
        // scp-like [user@]host:path — a colon before any slash, and not a local path.
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"), !FileManager.default.fileExists(atPath: text) {
            let host = text[..<colon]
            guard !host.isEmpty, text.index(after: colon) < text.endIndex else {
                throw Invalid(description: "`\(text)` needs a host and a path, e.g. git@example.com:me/blog.git")
            }
            url = text
            transport = .ssh
            sshDestination = String(host)
            port = nil
            return
        }
        let absolute = text.hasPrefix("/") ? text : URL(fileURLWithPath: directory).appendingPathComponent(text).standardizedFileURL.path
        url = "file://" + absolute
        transport = .file
        sshDestination = nil
        port = nil
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

    /// The directory `git clone` would create: the last path component without `.git`.
    public var defaultDirectoryName: String {
        var path = url
        while path.hasSuffix("/") { path.removeLast() }
        if transport == .ssh, !url.contains("://"), let colon = path.firstIndex(of: ":") {
            path = String(path[path.index(after: colon)...])
        }
        var name = path.split(separator: "/").last.map(String.init) ?? "blog"
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name.isEmpty ? "blog" : name
    }

    /// The URL with any password removed, for messages and logs.
    public var redacted: String {
        guard let schemeEnd = url.range(of: "://"), let at = url[schemeEnd.upperBound...].firstIndex(of: "@") else { return url }
        let userInfo = url[schemeEnd.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return url.replacingCharacters(in: colon..<at, with: ":***")
    }
}
