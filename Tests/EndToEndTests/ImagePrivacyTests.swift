import Foundation
import TestSupport
import XCTest

/// Issue 57: pictures from a phone, private by construction. `nakedblog image add` of a GPS-tagged
/// picture in every format a writer has (made by `vips`, tagged by `exiftool`: GPS, camera make,
/// an XMP creator) writes a picture that `exiftool` — the oracle — finds none of that in; phones'
/// HEIC and TIFF become JPEG; without its helper nothing is added.
final class ImagePrivacyTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!

    override func setUpWithError() throws {
        for program in ["vips", "exiftool"] { try requireProgram(program) }
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-image-privacy")
        try PackageRoot.copyDemo(to: work.appending("site"))
    }

    override func tearDown() {
        home?.remove()
        work?.remove()
    }

    /// A 64×48 picture of `format` carrying GPS, a camera make and an XMP creator.
    private func taggedPicture(_ format: String) throws -> String {
        let plain = work.appending("plain.v"), file = work.appending("phone.\(format)")
        try Shell.check(["vips", "black", plain, "64", "48", "--bands", "3"], environment: home.environment)
        try Shell.check(["vips", "linear", plain, file, "1", "90"], environment: home.environment)
        try Shell.check(
            [
                "exiftool", "-q", "-q", "-overwrite_original", "-GPSLatitude=35.6", "-GPSLatitudeRef=N",
                "-GPSLongitude=139.7", "-GPSLongitudeRef=E", "-Make=NIKON", "-XMP:Creator=Someone", file,
            ], environment: home.environment)
        let before = try exif(file)
        XCTAssertTrue(before.contains("GPS") && before.contains("Someone"), "\(format) was tagged: \(before)")
        return file
    }

    /// Every tag exiftool finds in `file`, one per line (`group:name=value`).
    private func exif(_ file: String) throws -> String {
        try Shell.check(["exiftool", "-a", "-G1", "-s", "-n", file], environment: home.environment)
    }

    private func add(_ file: String, binary: String? = nil) throws -> ProcessResult {
        try Shell.run(
            [try binary ?? Products.path("nakedblog"), "image", "add", "content/posts/tea-in-kyoto", file],
            in: work.appending("site"), environment: home.environment, timeout: 120)
    }

    func testEveryFormatComesOutWithoutMetadata() throws {
        for (format, written) in [
            ("jpg", "jpg"), ("png", "png"), ("webp", "webp"), ("gif", "gif"), ("avif", "avif"), ("heic", "jpg"),
            ("tif", "jpg"),
        ] {
            let file = try taggedPicture(format)
            let result = try add(file)
            XCTAssertEqual(result.status, 0, "\(format): \(result.stderr)")
            let folder = work.appending("site/content/posts/tea-in-kyoto")
            let made = folder + "/phone.\(written)"
            XCTAssertTrue(FileManager.default.fileExists(atPath: made), "\(format): \(result.stderr)")
            let after = try exif(made)
            for leak in ["GPS", "NIKON", "Someone", "Make"] {
                XCTAssertFalse(after.contains(leak), "\(format) → \(written) still carries \(leak):\n\(after)")
            }
            XCTAssertTrue(result.stdout.contains("(phone.\(written))"), result.stdout)
            try FileManager.default.removeItem(atPath: made)
        }
    }

    /// `[images] format = "webp"`: libvips 8.14 keeps EXIF and XMP in WebP whatever `strip` says;
    /// the chunks are dropped and the file read back.
    func testWebPOutputCarriesNoMetadata() throws {
        try FileManager.default.createDirectory(
            atPath: home.path + "/.config/nakedblog", withIntermediateDirectories: true)
        try "[images]\nformat = \"webp\"\n".write(
            toFile: home.path + "/.config/nakedblog/config.toml", atomically: true, encoding: .utf8)
        let file = try taggedPicture("jpg")
        let result = try add(file)
        XCTAssertEqual(result.status, 0, result.stderr)
        let after = try exif(work.appending("site/content/posts/tea-in-kyoto/phone.webp"))
        XCTAssertFalse(after.contains("GPS") || after.contains("NIKON") || after.contains("Someone"), after)
    }

    /// A binary installed without its helper never copies a picture with its GPS: it refuses and
    /// says how to install the helper.
    func testWithoutTheHelperNothingIsAdded() throws {
        let alone = work.appending("bin")
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try Products.path("nakedblog"), toPath: alone + "/nakedblog")
        let file = try taggedPicture("jpg")
        let result = try add(file, binary: alone + "/nakedblog")
        XCTAssertNotEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stderr.contains("image helper (nakedblog-image) is not installed"), result.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appending("site/content/posts/tea-in-kyoto/phone.jpg")))
    }

    /// Issue 57.7: Ctrl-C or SIGTERM while the helper decodes left its scratch folder — a copy of
    /// the photo, GPS and all — and SIGTERM exited 143. Now the helper is stopped, the folder
    /// removed, nothing added, exit 130.
    func testAnInterruptedAddLeavesNothingBehind() throws {
        let scratch = work.appending("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        var environment = home.environment
        environment["TMPDIR"] = scratch
        // Big enough to take a while to decode (a PNG is not shrunk while it loads).
        let big = work.appending("big.png")
        try Shell.check(
            ["vips", "gaussnoise", work.appending("noise.v"), "6000", "6000"], environment: home.environment)
        try Shell.check(["vips", "cast", work.appending("noise.v"), big, "uchar"], environment: home.environment)
        for signal in [SIGTERM, SIGINT] {
            let log = work.appending("add-\(signal).log")
            let child = try ChildProcess(
                [try Products.path("nakedblog"), "image", "add", "content/posts/tea-in-kyoto", big],
                environment: environment, directory: work.appending("site"), standardOutput: log, standardError: log)
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline,
                ((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []).isEmpty
            {
                usleep(5_000)
            }
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty, "the helper started")
            kill(child.pid, signal)
            let status = child.wait(timeout: 30)
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            XCTAssertEqual(status, 130, output)
            XCTAssertTrue(output.contains("interrupted: nothing was added"), output)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "no scratch copy left")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: work.appending("site/content/posts/tea-in-kyoto/big.png")))
        }
    }
}
