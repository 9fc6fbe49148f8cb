import Blog
import Foundation
import TestSupport
import XCTest

@testable import NakedblogApp

/// Ctrl-S pressed again before the first save's result reached the editor: the second save
/// carries the stamp the file had before the first, and must not call our own write a change
/// on disk (the app bench met that dialog after a save followed at once by a keystroke).
final class SaveRaceTests: XCTestCase {
    func testASecondSaveBeforeTheFirstIsReportedIsNotAConflictButAnOutsideChangeStillIs() throws {
        let scratch = try TemporaryDirectory(prefix: "nb-save-race")
        defer { scratch.remove() }
        let root = scratch.path
        let path = "content/posts/a.md"
        try FileManager.default.createDirectory(atPath: root + "/content/posts", withIntermediateDirectories: true)
        try "---\ntitle: A\n---\none\n".write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        let opened = try XCTUnwrap(FileStamp.of(root + "/" + path))
        let log = MessageLog()
        let runner = EffectRunner(environment: ["HOME": root, "XDG_STATE_HOME": root + "/state"]) { log.append($0) }

        // Two saves, both expecting the file as it was opened.
        runner.run(.save(path: path, text: "---\ntitle: A\n---\ntwo\n", revision: 1, expected: opened), siteRoot: root)
        runner.run(
            .save(path: path, text: "---\ntitle: A\n---\nthree!\n", revision: 2, expected: opened), siteRoot: root)
        XCTAssertTrue(
            log.wait {
                if case .saved(_, _, 2) = $0 { return true }; return false
            }, "\(log.all)")
        XCTAssertFalse(
            log.contains {
                if case .saveConflict = $0 { return true }; return false
            }, "\(log.all)")
        XCTAssertEqual(try String(contentsOfFile: root + "/" + path, encoding: .utf8), "---\ntitle: A\n---\nthree!\n")

        // Another program writes the post: a save still expecting an older stamp is a conflict.
        usleep(20_000)
        try "---\ntitle: A\n---\ntheirs, longer\n".write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        let count = log.count
        runner.run(.save(path: path, text: "---\ntitle: A\n---\nmine\n", revision: 3, expected: opened), siteRoot: root)
        XCTAssertTrue(
            log.wait(after: count) {
                if case .saveConflict = $0 { return true }; return false
            }, "\(log.all)")
        XCTAssertEqual(
            try String(contentsOfFile: root + "/" + path, encoding: .utf8), "---\ntitle: A\n---\ntheirs, longer\n")
    }
}
