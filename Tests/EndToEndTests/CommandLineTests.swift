import Foundation
import TestSupport
import XCTest

/// The real `nakedblog` binary: version, help, usage errors and logging.
final class CommandLineTests: XCTestCase {
    private var home: TestHome!

    override func setUpWithError() throws { home = try TestHome() }
    override func tearDown() { home.remove() }

    private func nakedblog(_ arguments: [String]) throws -> ProcessResult {
        try Shell.run([try Products.path("nakedblog")] + arguments, environment: home.environment, timeout: 20)
    }

    func testVersionNamesTheLinkedLibraries() throws {
        let result = try nakedblog(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(
            result.stdout.range(
                of: #"^\d+\.\d+\.\d+ \(libgit2 1\.\d+\.\d+, libcmark 0\.\d+\.\d+\)\n$"#,
                options: .regularExpression) != nil, result.stdout)
    }

    func testHelpDocumentsExitCodesAndLogFile() throws {
        let result = try nakedblog(["--help"])
        XCTAssertEqual(result.status, 0)
        for text in [
            "USAGE: nakedblog", "--verbose", "--version", "3    conflict", "4    authentication",
            "5    remote unreachable", "7    spell", "127  a library", "130  interrupted",
            home.path + "/.local/state/nakedblog/nakedblog.log",
        ] {
            XCTAssertTrue(result.stdout.contains(text), "help should mention \(text):\n\(result.stdout)")
        }
    }

    func testTheFullScreenAppRefusesQuicklyWithoutATerminal() throws {
        let started = Date()
        let result = try nakedblog([PackageRoot.appending("demo")])
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.0, "refuses at once, never spins")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("needs a terminal"), result.stderr)
        let missing = try nakedblog(["/no/such/site"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file or directory"), missing.stderr)
    }

    func testABadConfigFileIsExplainedBeforeAnythingStarts() throws {
        let directory = home.path + "/.config/nakedblog"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "[keys.browse]\npublsh = \"p\"\n".write(
            toFile: directory + "/config.toml", atomically: true, encoding: .utf8)
        let result = try nakedblog([PackageRoot.appending("demo")])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("config.toml: [keys.browse] `publsh` is not an action"), result.stderr)
    }

    func testUnknownOptionIsAUsageErrorWithExitCode2() throws {
        let result = try nakedblog(["--no-such-option"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("Unknown option '--no-such-option'"), result.stderr)
        XCTAssertEqual(result.stdout, "", "errors go to stderr")
    }

    func testLogsGoToTheStateDirectoryNotTheScreen() throws {
        let result = try nakedblog(["list", PackageRoot.appending("demo"), "--verbose"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("nakedblog started") || result.stderr.contains("nakedblog started"))
        let log = try String(contentsOfFile: home.path + "/.local/state/nakedblog/nakedblog.log", encoding: .utf8)
        XCTAssertTrue(log.contains("nakedblog started"), log)
        XCTAssertTrue(log.contains("libgit2"), log)
        let mode =
            try FileManager.default.attributesOfItem(atPath: home.path + "/.local/state/nakedblog/nakedblog.log")[
                .posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "the log is private to the user")
    }
}
