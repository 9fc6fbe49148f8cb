import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import Blog

/// Issue 45.6: changes made elsewhere are reported within a second, site-relative; `.git`,
/// links and hidden folders are not watched.
final class ContentWatcherTests: XCTestCase {
    private final class Reports: Sendable {
        let paths = Mutex<[String]>([])
        func wait(for path: String, timeout: Double = 3) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if paths.withLock({ $0.contains(path) }) { return true }
                usleep(20_000)
            }
            return false
        }
    }

    func testNewChangedAndDeletedPagesAreReported() throws {
        let folder = try TemporaryDirectory(prefix: "nb-watch")
        defer { folder.remove() }
        try PackageRoot.copyDemo(to: folder.path)
        let outside = try TemporaryDirectory(prefix: "nb-watch-outside")
        defer { outside.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending("content/elsewhere"), withDestinationPath: outside.path)
        let site = try Site.open(containing: folder.path)
        let reports = Reports()
        let watcher = try XCTUnwrap(ContentWatcher(site: site) { paths in reports.paths.withLock { $0 += paths } })
        defer { watcher.stop() }
        XCTAssertTrue(watcher.waitUntilReady())

        let started = Date()
        try FileManager.default.createDirectory(
            atPath: folder.appending("content/posts/made-elsewhere"), withIntermediateDirectories: true)
        try "---\ntitle: Made elsewhere\n---\n".write(
            toFile: folder.appending("content/posts/made-elsewhere/index.md"), atomically: true, encoding: .utf8)
        XCTAssertTrue(reports.wait(for: "content/posts/made-elsewhere/index.md"), "\(reports.paths.withLock { $0 })")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)

        try "changed\n".write(
            toFile: folder.appending("content/posts/made-elsewhere/index.md"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder.appending("content/posts/tea-in-kyoto"))
        XCTAssertTrue(reports.wait(for: "content/posts/tea-in-kyoto"))

        // Nothing through the link out of the site.
        try "x".write(toFile: outside.appending("secret.md"), atomically: true, encoding: .utf8)
        usleep(400_000)
        XCTAssertFalse(reports.paths.withLock { $0 }.contains { $0.contains("secret") })
    }
}
