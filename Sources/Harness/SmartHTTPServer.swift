import Foundation

/// Smart HTTP (`git http-backend` behind `scripts/git-http-server.py`) on a free loopback port,
/// with push enabled; optionally with Basic authentication and/or TLS (a self-signed certificate).
public final class SmartHTTPServer: GitServer {
    public let root: String
    public let port: Int
    /// The self-signed certificate (PEM) when started with TLS; clients trust it explicitly.
    public let certificatePath: String?
    private let scheme: String
    private let directory: TemporaryDirectory
    private let process: BackgroundProcess

    /// - Parameters:
    ///   - credentials: `(user, password)` required for every request, or nil for none.
    ///   - tls: serve HTTPS with a fresh self-signed certificate for 127.0.0.1 / localhost.
    public init(credentials: (user: String, password: String)? = nil, tls: Bool = false) throws {
        directory = try TemporaryDirectory(prefix: "nb-http")
        root = directory.path + "/repos"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        port = LoopbackPort.free()
        var arguments = [
            "python3", PackageRoot.appending("scripts/git-http-server.py"),
            "--root", root, "--port", String(port),
        ]
        if let credentials { arguments += ["--auth", "\(credentials.user):\(credentials.password)"] }
        if tls {
            let cert = directory.path + "/cert.pem", key = directory.path + "/key.pem"
            try Shell.check([
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:127.0.0.1,DNS:localhost",
                "-keyout", key, "-out", cert,
            ])
            arguments += ["--tls-cert", cert, "--tls-key", key]
            certificatePath = cert
            scheme = "https"
        } else {
            certificatePath = nil
            scheme = "http"
        }
        process = try BackgroundProcess(arguments, logPath: directory.path + "/server.log")
        guard LoopbackPort.waitUntilAccepting(port) else {
            process.stop()
            throw ServerStartError(server: "smart HTTP server", log: process.log)
        }
    }

    public func url(for name: String) -> String { "\(scheme)://127.0.0.1:\(port)/\(name).git" }
    public func stop() { process.stop() }
    public var log: String { process.log }
    deinit { stop(); directory.remove() }
}
