import Blog
import Foundation
import TestSupport
import XCTest

@testable import Workflows

/// Issue 57.8: Tab in Ctrl-R's path box completes folders and pictures, offers the newest
/// pictures where they arrive when nothing is typed, and on a shared server lists nothing
/// outside the site and the author's upload folder.
final class PicturePathsTests: XCTestCase {
    func testTabCompletesFoldersAndPicturesAndOffersTheNewest() throws {
        let home = try TestHome()
        defer { home.remove() }
        try PackageRoot.copyDemo(to: home.path + "/site")
        let site = try Site.open(containing: home.path + "/site")
        let downloads = home.path + "/Downloads"
        try FileManager.default.createDirectory(atPath: downloads + "/trip", withIntermediateDirectories: true)
        for (name, age) in [("older.jpg", 100.0), ("newest.png", 0.0), ("notes.txt", 0.0), ("IMG_1.HEIC", 50.0)] {
            FileManager.default.createFile(atPath: downloads + "/" + name, contents: Data([1]))
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: downloads + "/" + name)
        }
        let environment = home.environment
        func candidates(_ typed: String, restricted: Bool = false) -> [String] {
            PicturePaths.candidates(for: typed, site: site, restricted: restricted, environment: environment)
        }
        XCTAssertEqual(
            Array(candidates("").prefix(3)),
            ["~/Downloads/newest.png", "~/Downloads/IMG_1.HEIC", "~/Downloads/older.jpg"])
        XCTAssertEqual(candidates("~/Down"), ["~/Downloads/"])
        XCTAssertEqual(
            candidates("~/Downloads/"),
            ["~/Downloads/IMG_1.HEIC", "~/Downloads/newest.png", "~/Downloads/older.jpg", "~/Downloads/trip/"])
        XCTAssertEqual(candidates("~/Downloads/n"), ["~/Downloads/newest.png"])
        XCTAssertEqual(PicturePaths.commonStart(["~/Downloads/a1.jpg", "~/Downloads/a2.jpg"]), "~/Downloads/a")
        // A shared server: nothing outside the site (and the author's upload folder) is listed.
        XCTAssertEqual(candidates("~/Downloads/", restricted: true), [])
        XCTAssertEqual(candidates("/etc/", restricted: true), [])
        XCTAssertFalse(candidates("", restricted: true).contains { $0.contains("Downloads") })
        try FileManager.default.createDirectory(atPath: site.root + "/static", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/static/out", withDestinationPath: downloads)
        XCTAssertEqual(candidates("static/out/", restricted: true), [], "a link out of the site is not followed")
        XCTAssertEqual(candidates("static/ou", restricted: true), ["static/out/"])
    }
}
