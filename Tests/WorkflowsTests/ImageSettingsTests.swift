import Blog
import Foundation
import Harness
import TOMLKit
import TestSupport
import XCTest

@testable import Workflows

/// The `[images]` table: fitting by the writer's numbers, WebP or AVIF on request, the notes
/// section, and a restricted author's own upload folder (and nothing else outside the site).
final class ImageSettingsTests: XCTestCase {
    private var home: TestHome!
    private var site: Site!

    override func setUpWithError() throws {
        home = try TestHome()
        try PackageRoot.copyDemo(to: home.path + "/site")
        site = try Site.open(containing: home.path + "/site")
    }

    override func tearDown() { home?.remove() }

    private func configure(_ images: String) throws {
        try FileManager.default.createDirectory(
            atPath: home.path + "/.config/nakedblog", withIntermediateDirectories: true)
        try ("[images]\n" + images).write(
            toFile: home.path + "/.config/nakedblog/config.toml", atomically: true, encoding: .utf8)
    }

    func testTheTableIsReadAndItsMistakesSaid() throws {
        try configure(
            "max_side = 800\nquality = 70\nmax_megapixels = 20\nwarn_kb = 300\nformat = \"webp\"\npreview = \"symbols\"\nnotes_section = \"notes\"\nupload_folder = \"/srv/up/{author}\"\n"
        )
        let settings = ImageSettings.load(environment: home.environment)
        XCTAssertEqual(settings.fitting.maxSide, 800)
        XCTAssertEqual(settings.fitting.quality, 70)
        XCTAssertEqual(settings.fitting.maxPixels, 20_000_000)
        XCTAssertEqual(settings.fitting.warnBytes, 300_000)
        XCTAssertEqual(settings.output, .webp)
        XCTAssertEqual(settings.preview, "symbols")
        XCTAssertEqual(settings.notesSection, "notes")
        XCTAssertEqual(settings.uploadFolder(author: "ann@example.org"), "/srv/up/ann@example.org")
        XCTAssertNil(settings.uploadFolder(author: "../x"), "an author name is never a path")
        for wrong in [
            "quality = 0", "format = \"bmp\"", "upload_folder = \"up\"", "notes_section = \"../x\"", "size = 3",
        ] {
            let table = try TOMLTable(string: "[images]\n" + wrong)
            XCTAssertThrowsError(try ImageSettings.parse(table["images"], file: "c"), wrong)
        }
    }

    func testPicturesAreFittedByTheSettingsAndWrittenAsWebPOnRequest() throws {
        try requireProgram("vips")
        try Shell.check(["vips", "black", "wide.jpg", "1600", "900", "--bands", "3"], in: home.path)
        try configure("max_side = 400\nformat = \"webp\"\n")
        let added = try ImageImport.add(
            home.path + "/wide.jpg", to: "content/posts/cold-brew-ratios/index.md", site: site, restricted: false,
            environment: home.environment)
        XCTAssertEqual(added.name, "wide.webp")
        XCTAssertEqual(added.fitted.map { [$0.after.width, $0.after.height] }, [400, 225])
        let bytes = try Data(
            contentsOf: URL(fileURLWithPath: site.absolute("content/posts/cold-brew-ratios/wide.webp")))
        XCTAssertEqual(ImageSource.format(of: bytes), .webp)
        try configure("format = \"avif\"\n")
        let avif = try ImageImport.add(
            home.path + "/wide.jpg", to: "content/posts/cold-brew-ratios/index.md", site: site, restricted: false,
            environment: home.environment)
        XCTAssertEqual(avif.name, "wide.avif")
        let avifBytes = try Data(
            contentsOf: URL(fileURLWithPath: site.absolute("content/posts/cold-brew-ratios/wide.avif")))
        XCTAssertEqual(ImageSource.format(of: avifBytes), .avif)
    }

    /// Restricted: the site or the author's own upload folder — not another author's, not a link out of it.
    func testARestrictedAuthorAddsFromTheirOwnUploadFolderOnly() throws {
        let uploads = home.path + "/uploads"
        for author in ["ann@example.org", "bob@example.org"] {
            try FileManager.default.createDirectory(atPath: uploads + "/" + author, withIntermediateDirectories: true)
            try SampleImages.png.write(to: URL(fileURLWithPath: uploads + "/" + author + "/cup.png"))
        }
        try SampleImages.png.write(to: URL(fileURLWithPath: home.path + "/elsewhere.png"))
        try FileManager.default.createSymbolicLink(
            atPath: uploads + "/ann@example.org/link.png", withDestinationPath: home.path + "/elsewhere.png")
        try configure("upload_folder = \"\(uploads)/{author}\"\n")
        func add(_ file: String) throws -> ImageImport.Added {
            try ImageImport.add(
                file, to: "content/posts/cold-brew-ratios/index.md", site: site, restricted: true,
                environment: home.environment, author: "ann@example.org")
        }
        XCTAssertEqual(try add(uploads + "/ann@example.org/cup.png").folder, "content/posts/cold-brew-ratios")
        for refused in [
            uploads + "/bob@example.org/cup.png", uploads + "/ann@example.org/link.png", home.path + "/elsewhere.png",
        ] {
            XCTAssertThrowsError(try add(refused), refused) { error in
                XCTAssertFalse("\(error)".contains(home.path), "nothing said of the server's files: \(error)")
            }
        }
    }
}
