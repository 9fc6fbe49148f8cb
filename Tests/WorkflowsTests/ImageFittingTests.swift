import Blog
import Foundation
import Harness
import TestSupport
import XCTest

@testable import Workflows

/// Pictures fit to publish (issue 49), on real images made here with libvips' own tools and
/// read back with exiftool: upright, at most 2000 px, no GPS or EXIF; a truncated file, a
/// decompression bomb and a text file are refused and nothing is written.
final class ImageFittingTests: XCTestCase {
    private var work: TemporaryDirectory!

    override func setUpWithError() throws {
        try requireProgram("vips")
        try requireProgram("exiftool")
        work = try TemporaryDirectory(prefix: "nb-fit")
    }

    override func tearDown() { work?.remove() }

    private func make(_ arguments: [String]) throws { try Shell.check(["vips"] + arguments, in: work.path) }

    private func exif(_ file: String, _ tags: [String]) throws -> String {
        try Shell.check(["exiftool", "-s", "-s", "-s"] + tags + [file])
    }

    func testAPhoneLikePhotoComesOutUprightSmallAndWithoutItsPlace() throws {
        try make(["black", "black.v", "4000", "3000", "--bands", "3"])
        try make(["linear", "black.v", "photo.jpg", "1", "128"])
        try Shell.check(
            [
                "exiftool", "-q", "-overwrite_original", "-GPSLatitude=48.85", "-GPSLatitudeRef=N",
                "-GPSLongitude=2.35",
                "-GPSLongitudeRef=E", "-Orientation=6", "-Make=Phone", "-n", work.appending("photo.jpg"),
            ])
        XCTAssertEqual(try exif(work.appending("photo.jpg"), ["-GPSLatitudeRef", "-Orientation", "-n"]), "N\n6")
        let source = try Data(contentsOf: URL(fileURLWithPath: work.appending("photo.jpg")))
        let (bytes, report) = try ImageFitting.fit(source, format: .jpeg)
        try bytes.write(to: URL(fileURLWithPath: work.appending("out.jpg")))
        XCTAssertEqual([report.after.width, report.after.height], [1500, 2000], "turned upright, long side 2000")
        XCTAssertEqual(try exif(work.appending("out.jpg"), ["-ImageSize"]), "1500x2000")
        XCTAssertEqual(try exif(work.appending("out.jpg"), ["-GPS:all", "-EXIF:all", "-XMP:all", "-IPTC:all"]), "")
        XCTAssertLessThan(bytes.count, source.count)
        print("photo: \(report)")
    }

    /// The helper's own promise, apart from the app's read-back: a phone's photo saved as WebP
    /// (whose libvips 8.14 saver ignores `strip` and rebuilds EXIF from the fields it keeps)
    /// carries no place, camera or author. libvips still writes a minimal EXIF block there
    /// (orientation, resolution): the app drops that chunk (`ImagePrivacyTests`).
    func testTheHelperWritesAWebPWithoutMetadata() throws {
        try make(["black", "black.v", "800", "600", "--bands", "3"])
        try make(["linear", "black.v", "photo.jpg", "1", "90"])
        try Shell.check(
            [
                "exiftool", "-q", "-overwrite_original", "-GPSLatitude=48.85", "-GPSLatitudeRef=N", "-Make=Phone",
                "-XMP-dc:Creator=Someone", work.appending("photo.jpg"),
            ])
        let source = try Data(contentsOf: URL(fileURLWithPath: work.appending("photo.jpg")))
        let (bytes, _) = try ImageFitting.fit(source, format: .jpeg, writing: .webp)
        try bytes.write(to: URL(fileURLWithPath: work.appending("out.webp")))
        XCTAssertEqual(try exif(work.appending("out.webp"), ["-GPS:all", "-Make", "-XMP:all"]), "")
    }

    func testA16BitPNGStaysAPNGAndASmallPictureIsNotEnlarged() throws {
        try make(["black", "small.v", "300", "200", "--bands", "3"])
        try make(["cast", "small.v", "deep.png", "ushort"])
        let source = try Data(contentsOf: URL(fileURLWithPath: work.appending("deep.png")))
        let (bytes, report) = try ImageFitting.fit(source, format: .png)
        XCTAssertEqual(ImageSource.format(of: bytes), .png)
        XCTAssertEqual([report.after.width, report.after.height], [300, 200], "never enlarged")
        print("16-bit PNG: \(report)")
    }

    func testTruncatedBombsAndTextAreRefused() throws {
        try make(["black", "black.v", "800", "600", "--bands", "3"])
        try make(["linear", "black.v", "whole.jpg", "1", "100"])
        let whole = try Data(contentsOf: URL(fileURLWithPath: work.appending("whole.jpg")))
        XCTAssertThrowsError(try ImageFitting.fit(whole.prefix(whole.count / 2), format: .jpeg)) { error in
            XCTAssertTrue("\(error)".contains("not a picture that can be published"), "\(error)")
        }
        try make(["black", "bomb.png", "12000", "12000"])
        let bomb = try Data(contentsOf: URL(fileURLWithPath: work.appending("bomb.png")))
        XCTAssertLessThan(bomb.count, 1_000_000, "a small file…")
        XCTAssertThrowsError(try ImageFitting.fit(bomb, format: .png)) { error in
            XCTAssertTrue(
                "\(error)".contains("12000×12000 pixels is more than the limit of 100 megapixels"), "\(error)")
        }
        XCTAssertThrowsError(try ImageFitting.fit(Data("not a picture".utf8), format: .png))
    }
}
