import Blog
import ChildProcesses
import Foundation
import Harness
import TestSupport
import XCTest

@testable import Workflows

/// Pictures drawn for the terminal by the image helper (libvips decodes, libchafa draws), read
/// back as the escape sequences each protocol uses; hostile pictures refused; the helper held
/// in its sandbox and under its memory ceiling.
final class PictureDrawingTests: XCTestCase {
    private var work: TemporaryDirectory!
    private var photo = Data()

    override func setUpWithError() throws {
        try requireProgram("vips")
        // Built with every build (`swift build`): missing is a failure, never a skip.
        _ = try XCTUnwrap(ImageHelper.program, "the image helper is built beside the tests' products")
        work = try TemporaryDirectory(prefix: "nb-draw")
        // A gradient: red grows to the right, green downwards.
        for step in [
            ["xyz", "xy.v", "640", "400"], ["bandjoin_const", "xy.v", "xyz.v", "128"],
            ["linear", "xyz.v", "xyzl.v", "0.4 0.6 1", "0 0 0"], ["cast", "xyzl.v", "photo.jpg", "uchar"],
        ] {
            try Shell.check(["vips"] + step, in: work.path)
        }
        photo = try Data(contentsOf: URL(fileURLWithPath: work.appending("photo.jpg")))
    }

    override func tearDown() { work?.remove() }

    private func canvas(_ format: PictureFormat) -> PictureCanvas {
        PictureCanvas(format: format, colours: .trueColor, columns: 40, rows: 12, cellWidth: 10, cellHeight: 20)
    }

    func testEachFormatIsItsProtocolsSequence() throws {
        var timings: [String] = []
        for format in PictureFormat.allCases {
            let start = Date()
            let drawn = try PictureDrawing.draw(photo, fileExtension: "jpg", on: canvas(format))
            timings.append("\(format) \(Int(Date().timeIntervalSince(start) * 1000)) ms")
            XCTAssertEqual([drawn.width, drawn.height], [640, 400])
            XCTAssertLessThanOrEqual(drawn.columns, 40)
            XCTAssertLessThanOrEqual(drawn.rows, 12)
            let text = String(decoding: drawn.sequences.joined(), as: UTF8.self)
            switch format {
            case .kitty:
                // The pixels sent once under an id, quietly; then a placement of a few bytes.
                let transfer = String(decoding: drawn.transfer, as: UTF8.self)
                XCTAssertTrue(
                    transfer.hasPrefix("\u{1B}_Ga=t,i=\(drawn.kittyID),q=2,f=32,"), String(transfer.prefix(60)))
                XCTAssertTrue(transfer.hasSuffix("\u{1B}\\"))
                XCTAssertEqual(
                    text, "\u{1B}_Ga=p,i=\(drawn.kittyID),c=\(drawn.columns),r=\(drawn.rows),C=1,q=2\u{1B}\\")
            case .sixel:
                XCTAssertTrue(text.hasPrefix("\u{1B}P"), String(text.prefix(20)))
                XCTAssertTrue(text.prefix(12).contains("q"), "the sixel introducer")
                XCTAssertTrue(text.hasSuffix("\u{1B}\\"))
            case .iterm:
                XCTAssertTrue(text.hasPrefix("\u{1B}]1337;File=inline=1;"), String(text.prefix(40)))
                XCTAssertTrue(text.contains(";width=\(drawn.columns);height=\(drawn.rows);"), "sized in cells")
                XCTAssertTrue(text.contains(";preserveAspectRatio=1:/9j/"), "a JPEG, not chafa's raw TIFF")
                XCTAssertTrue(text.hasSuffix("\u{07}"))
            case .symbols:
                XCTAssertEqual(drawn.sequences.count, drawn.rows, "one sequence a row")
                // 640×400 in 40×12 cells of 10×20: as tall as allowed, its shape kept (38.4 columns,
                // rounded down by chafa 1.12 and up by 1.14).
                XCTAssertEqual(drawn.rows, 12)
                XCTAssertTrue((38...39).contains(drawn.columns), "\(drawn.columns) columns")
                for row in drawn.sequences {
                    let line = String(decoding: row, as: UTF8.self)
                    XCTAssertTrue(line.contains("\u{1B}[38;2;") || line.contains("\u{1B}[48;2;"), "true colour")
                    XCTAssertTrue(line.hasSuffix("\u{1B}[0m"), "each row leaves no colour set")
                    XCTAssertFalse(line.contains("\n"))
                }
            }
        }
        print(
            "preview picture drawn (640×400 JPEG, 40×12 cells, one helper process each): "
                + timings.joined(separator: ", "))
    }

    func testPixelFormatsDoNotEnlargeASmallPicture() throws {
        try Shell.check(["vips", "black", "tiny.png", "32", "20"], in: work.path)
        let tiny = try Data(contentsOf: URL(fileURLWithPath: work.appending("tiny.png")))
        let drawn = try PictureDrawing.draw(tiny, fileExtension: "png", on: canvas(.sixel))
        XCTAssertEqual(drawn.rows, 1, "32×20 px is one row of 20 px cells, not 12")
        XCTAssertLessThanOrEqual(drawn.columns, 4)
    }

    func testHostilePicturesAreRefused() throws {
        XCTAssertThrowsError(
            try PictureDrawing.draw(photo.prefix(photo.count / 2), fileExtension: "jpg", on: canvas(.symbols)))
        try Shell.check(["vips", "black", "bomb.png", "12000", "12000"], in: work.path)
        let bomb = try Data(contentsOf: URL(fileURLWithPath: work.appending("bomb.png")))
        XCTAssertThrowsError(try PictureDrawing.draw(bomb, fileExtension: "png", on: canvas(.kitty))) { error in
            XCTAssertTrue("\(error)".contains("more than the limit of 100 megapixels"), "\(error)")
        }
        XCTAssertThrowsError(try PictureDrawing.draw(Data("<svg".utf8), fileExtension: "png", on: canvas(.symbols)))
    }

    /// The helper sees only the system and its scratch folder, and has a memory ceiling.
    func testTheHelperRunsConfined() throws {
        try requireSandbox()
        let folder = try TemporaryDirectory(prefix: "nb-confined")
        defer { folder.remove() }
        let secret = work.appending("photo.jpg")
        let invocation = BuildSandbox.confined(
            program: "/bin/sh", arguments: ["-c", "ulimit -v; cat \(secret) >/dev/null && echo READ || echo UNSEEN"],
            folder: folder.path, memoryMiB: 512, environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertTrue(invocation.program.hasSuffix("bwrap"), invocation.program)
        let outcome = try XCTUnwrap(
            OwnedProcess.run(invocation.program, invocation.arguments, environment: invocation.environment, timeout: 20)
        )
        let said = String(decoding: outcome.output, as: UTF8.self)
        XCTAssertTrue(said.contains("524288"), said)
        XCTAssertTrue(said.contains("UNSEEN"), "a file outside its folder is not there: \(said)")
        let environment = BuildSandbox.confined(
            program: "/usr/bin/env", arguments: [], folder: folder.path, memoryMiB: 512,
            environment: ["PATH": "/usr/bin:/bin", "VIPSHOME": "/nonexistent", "SECRET_TOKEN": "x"])
        let seen = try XCTUnwrap(
            OwnedProcess.run(
                environment.program, environment.arguments, environment: environment.environment, timeout: 20))
        XCTAssertTrue(
            String(decoding: seen.output, as: UTF8.self).contains("VIPSHOME=/nonexistent"), "the helper's settings pass"
        )
    }

    /// Issue 57.9: the confinement tested through `ImageHelper.run` itself, the path every picture
    /// takes: the real helper, asked to read a picture outside its scratch folder, finds nothing
    /// there; and whatever runs in the helper's place is under the memory ceiling.
    func testImageHelperRunKeepsTheHelperInItsFolder() throws {
        try requireSandbox()
        XCTAssertThrowsError(
            try ImageHelper.run(input: photo, inputExtension: "jpg", outputExtension: "jpg", timeout: 30) { _, output in
                ["fit", self.work.appending("photo.jpg"), output, "100", "80", "100000000"]
            }, "with bubblewrap the photo outside the helper's folder is not there"
        ) { error in
            XCTAssertTrue("\(error)".lowercased().contains("photo.jpg"), "\(error)")
        }
    }

    func testImageHelperRunPutsTheHelperUnderItsCeiling() throws {
        let limits = try ImageHelper.run(
            input: photo, inputExtension: "jpg", outputExtension: "txt", timeout: 30, program: "/bin/sh"
        ) { _, _ in ["-c", "ulimit -v"] }
        XCTAssertEqual(
            limits.printed.trimmingCharacters(in: .whitespacesAndNewlines), "\(ImageHelper.memoryMiB * 1024)",
            "the address-space ceiling in KiB")
    }
}
