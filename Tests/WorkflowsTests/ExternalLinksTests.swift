import Blog
import Foundation
import Harness
import TestSupport
import XCTest

@testable import Workflows

/// External links asked through curl against a server on 127.0.0.1: HEAD, GET when HEAD is
/// refused, redirects followed, a time limit.
final class ExternalLinksTests: XCTestCase {
    private static let server = """
        import http.server, sys, time
        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self, body):
                if self.path == "/ok": self.send_response(200)
                elif self.path == "/nohead": self.send_response(405 if self.command == "HEAD" else 200)
                elif self.path == "/moved": self.send_response(301); self.send_header("Location", "/ok")
                elif self.path == "/slow": time.sleep(5); self.send_response(200)
                else: self.send_response(404)
                self.send_header("Content-Length", "0"); self.end_headers()
            def do_HEAD(self): self.answer(False)
            def do_GET(self): self.answer(True)
            def log_message(self, *args): pass
        http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
        """

    func testAnswersFromALocalServer() throws {
        try requireProgram("curl")
        try requireProgram("python3")
        let work = try TemporaryDirectory(prefix: "nb-external")
        defer { work.remove() }
        try Self.server.write(toFile: work.appending("server.py"), atomically: true, encoding: .utf8)
        let port = LoopbackPort.free()
        let server = try BackgroundProcess(
            ["python3", work.appending("server.py"), "\(port)"], logPath: work.appending("log"))
        defer { server.stop() }
        XCTAssertTrue(LoopbackPort.waitUntilAccepting(port))
        let base = "http://127.0.0.1:\(port)"
        try FileManager.default.createDirectory(atPath: work.appending("_posts"), withIntermediateDirectories: true)
        try """
        ---
        title: Out
        ---
        [a](\(base)/ok) [b](\(base)/nohead) [c](\(base)/moved)
        [d](\(base)/gone) [e](\(base)/slow) `[f](\(base)/gone)` [g](/local/)
        """.write(toFile: work.appending("_posts/2020-01-01-out.md"), atomically: true, encoding: .utf8)
        let site = try Site.open(containing: work.path)
        let problems = ExternalLinks.problems(site, posts: ["_posts/2020-01-01-out.md"], timeout: 1)
        XCTAssertEqual(
            problems.map(\.description),
            [
                "_posts/2020-01-01-out.md:5:5: does not answer: \(base)/gone (HTTP 404)",
                "_posts/2020-01-01-out.md:5:\(base.count + 16): does not answer: \(base)/slow (no answer in 1 s)",
            ])
    }
}
