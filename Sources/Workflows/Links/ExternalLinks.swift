import Blog
import ChildProcesses
import Foundation
import Preview
import Synchronization

/// External links checked by asking their servers, through the system's `curl` (a HEAD, then a
/// GET when the server refuses HEAD), a few at a time with a time limit each. Never in
/// restricted mode: the app does not call it, and only `nakedblog check --links --external` does.
public enum ExternalLinks {
    /// The answer for one URL: its HTTP status, or why there was none.
    public struct Answer: Sendable, Equatable {
        public let url: String
        public let status: Int?
        public let problem: String?

        /// 2xx and 3xx (redirects followed) are fine; 429 (rate limited) is not a broken link.
        public var isBroken: Bool { status.map { !(200..<400).contains($0) && $0 != 429 } ?? true }
    }

    /// Whether `curl` can be run.
    public static var available: Bool { path != nil }

    static var path: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { $0 + "/curl" }.first { access($0, X_OK) == 0 }
    }

    /// The external links (`http://`, `https://`) of markdown `text`, with their lines.
    public static func links(in text: String) -> [(url: String, line: Int, column: Int)] {
        MarkdownLinks.links(in: text, skippingLines: FrontMatterLines.count(in: text)).filter {
            $0.destination.hasPrefix("http://") || $0.destination.hasPrefix("https://")
        }.map { ($0.destination, $0.line + 1, $0.column + 1) }
    }

    /// Asks each URL once (`parallel` at a time, `timeout` seconds each).
    public static func check(_ urls: [String], timeout: Double = 10, parallel: Int = 4) -> [Answer] {
        guard let curl = path else {
            return urls.map { Answer(url: $0, status: nil, problem: "curl is not installed") }
        }
        let unique = Array(Set(urls)).sorted()
        let answers = Mutex([Answer?](repeating: nil, count: unique.count))
        let next = Atomic<Int>(0)
        // `parallel` threads (waiting on the network, not on the CPU) take the next URL until
        // none is left.
        let done = DispatchGroup()
        for _ in 0..<min(max(1, parallel), max(1, unique.count)) {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < unique.count else { return }
                    let answer = ask(unique[index], curl: curl, timeout: timeout)
                    answers.withLock { $0[index] = answer }
                }
            }
        }
        done.wait()
        return answers.withLock { $0.compactMap { $0 } }
    }

    static func ask(_ url: String, curl: String, timeout: Double) -> Answer {
        func status(_ method: [String]) -> (Int?, String?) {
            // No config file, no cookies; the URL after `--` (never read as an option).
            let arguments =
                [
                    "-q", "--silent", "--show-error", "--location", "--max-redirs", "5", "--max-time",
                    "\(Int(timeout))",
                    "--output", "/dev/null", "--write-out", "%{http_code}", "--user-agent", "nakedblog-link-check",
                ]
                + method + ["--", url]
            guard
                let outcome = OwnedProcess.run(
                    curl, arguments, environment: ["PATH": "/usr/bin:/bin"], timeout: timeout + 2)
            else { return (nil, "curl could not be started") }
            let text = String(decoding: outcome.output, as: UTF8.self)
            let code = Int(text.suffix(3))
            // 28: curl's own time limit.
            if outcome.timedOut || outcome.status == 28 { return (nil, "no answer in \(Int(timeout)) s") }
            if let code, code > 0 { return (code, nil) }
            let reason = text.split(separator: "\n").first { $0.hasPrefix("curl:") }.map(String.init)
            return (nil, reason ?? "no answer")
        }
        var (code, problem) = status(["--head"])
        // Servers that refuse or mishandle HEAD are asked with a GET.
        if code == nil || [400, 403, 404, 405, 501].contains(code!) { (code, problem) = status([]) }
        return Answer(url: url, status: code, problem: code == nil ? problem : nil)
    }

    /// The external links of `posts` (site-relative) that do not answer, each URL asked once.
    public static func problems(_ site: Site, posts: [String], timeout: Double = 10) -> [LinkProblem] {
        var places: [(path: String, url: String, line: Int, column: Int)] = []
        for post in posts {
            guard SiteContainment.isInside(site.absolute(post), site: site.root),
                let text = try? String(contentsOfFile: site.absolute(post), encoding: .utf8)
            else { continue }
            for link in links(in: text) { places.append((post, link.url, link.line, link.column)) }
        }
        let answers = Dictionary(
            check(places.map(\.url), timeout: timeout).map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        return places.compactMap { place in
            guard let answer = answers[place.url], answer.isBroken else { return nil }
            let why = answer.status.map { "HTTP \($0)" } ?? answer.problem ?? "no answer"
            return LinkProblem(
                path: place.path, line: place.line, column: place.column, link: place.url + " (\(why))",
                kind: .external, suggestion: nil)
        }
    }
}
