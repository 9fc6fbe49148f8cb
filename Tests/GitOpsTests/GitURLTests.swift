import XCTest
@testable import GitOps

final class GitURLTests: XCTestCase {
    func testForms() throws {
        let cases: [(String, GitURL.Transport, String, String?, Int?)] = [
            ("https://example.com/me/blog.git", .https, "blog", nil, nil),
            ("http://example.com:8080/blog", .http, "blog", nil, 8080),
            ("ssh://git@example.com:2222/srv/blog.git", .ssh, "blog", "git@example.com", 2222),
            ("ssh://example.com/~me/blog.git/", .ssh, "blog", "example.com", nil),
            ("git@example.com:me/blog.git", .ssh, "blog", "git@example.com", nil),
            ("gitbox:repos/blog.git", .ssh, "blog", "gitbox", nil),
            ("git://127.0.0.1:9418/blog.git", .git, "blog", nil, 9418),
            ("file:///srv/git/blog.git", .file, "blog", nil, nil),
        ]
        for (input, transport, name, destination, port) in cases {
            let url = try GitURL(input)
            XCTAssertEqual(url.transport, transport, input)
            XCTAssertEqual(url.defaultDirectoryName, name, input)
            XCTAssertEqual(url.sshDestination, destination, input)
            XCTAssertEqual(url.port, port, input)
        }
        XCTAssertEqual(try GitURL("../blog.git", relativeTo: "/home/me/src").url, "file:///home/me/blog.git")
        XCTAssertEqual(try GitURL("https://me:secret@example.com/blog.git").redacted, "https://me:***@example.com/blog.git")
    }

    func testMalformed() {
        for bad in ["", "   ", "https://", "ftp://example.com/x", "ssh://host", "file://relative/path", "host:", "a\nb"] {
            XCTAssertThrowsError(try GitURL(bad), bad.debugDescription)
        }
    }

    func testSidebandLines() {
        var lines = SidebandLines()
        XCTAssertEqual(lines.feed("Counting: 1%\rCounting: 50%\r").map(\.0), ["Counting: 1%", "Counting: 50%"])
        XCTAssertEqual(lines.feed("Counting: 100%, done.\r\nCompress").map { "\($0.0)|\($0.1)" }, ["Counting: 100%, done.|true"])
        XCTAssertEqual(lines.feed("ing done\n").map { "\($0.0)|\($0.1)" }, ["Compressing done|false"])
    }
}
