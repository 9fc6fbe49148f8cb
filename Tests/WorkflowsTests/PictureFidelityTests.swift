import Blog
import Foundation
import TestSupport
import XCTest

@testable import Workflows

/// Issue 57.5 and 57.6: a damaged photo is refused with the decoder's words; the preview's
/// pictures keep their colours and their shape in every pixel format.
final class PictureFidelityTests: XCTestCase {
    private var work: TemporaryDirectory!

    override func setUpWithError() throws {
        try requireProgram("vips")
        // Built with every build (`swift build`): missing is a failure, never a skip.
        _ = try XCTUnwrap(ImageHelper.program, "the image helper is built beside the tests' products")
        work = try TemporaryDirectory(prefix: "nb-fidelity")
    }

    override func tearDown() { work?.remove() }

    /// A picture made by `vips` from a PPM of `pixels` (r, g, b for each of `width` × `height`).
    private func picture(width: Int, height: Int, as ext: String, _ pixel: (Int, Int) -> [UInt8]) throws -> Data {
        var ppm = Data("P6 \(width) \(height) 255\n".utf8)
        for y in 0..<height { for x in 0..<width { ppm.append(contentsOf: pixel(x, y)) } }
        try ppm.write(to: URL(fileURLWithPath: work.appending("in.ppm")))
        try Shell.check(["vips", "copy", work.appending("in.ppm"), work.appending("out." + ext)])
        return try Data(contentsOf: URL(fileURLWithPath: work.appending("out." + ext)))
    }

    /// A JPEG whose frame header claims 9999×9999 over a few hundred bytes of data: libjpeg warns
    /// ("premature end of data segment") and libvips used to fill the rest with grey.
    func testADamagedJPEGIsRefusedWithTheDecodersWords() throws {
        var jpeg = [UInt8](try picture(width: 64, height: 48, as: "jpg") { x, y in [UInt8(x * 3), UInt8(y * 4), 90] })
        let frame = try XCTUnwrap((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange((frame + 5)..<(frame + 9), with: [0x27, 0x0F, 0x27, 0x0F])
        XCTAssertThrowsError(try ImageFitting.fit(Data(jpeg), format: .jpeg)) { error in
            XCTAssertTrue("\(error)".contains("Corrupt JPEG data"), "\(error)")
        }
    }

    /// Sixel with chafa's palette made for the picture, whatever colours the terminal said: two
    /// colours off the xterm cube come out near themselves (the fixed 240 gave cube colours).
    func testSixelKeepsAPicturesOwnColours() throws {
        let colours: [[UInt8]] = [[13, 117, 201], [201, 40, 97]]
        let png = try picture(width: 80, height: 40, as: "png") { x, _ in colours[x < 40 ? 0 : 1] }
        for depth in [PictureColours.trueColor, .palette256] {
            let drawn = try PictureDrawing.draw(
                png, fileExtension: "png",
                on: PictureCanvas(format: .sixel, colours: depth, columns: 8, rows: 2, cellWidth: 10, cellHeight: 20))
            let text = String(decoding: drawn.sequences.joined(), as: UTF8.self)
            // Sixel colour registers: `#n;2;r;g;b`, each channel in percent.
            let registers = text.split(separator: "#").compactMap { part -> [Double]? in
                let fields = part.prefix { $0.isNumber || $0 == ";" }.split(separator: ";").compactMap { Double($0) }
                return fields.count == 5 && fields[1] == 2 ? Array(fields[2...]) : nil
            }
            for colour in colours {
                let wanted = colour.map { Double($0) * 100 / 255 }
                let nearest = registers.map { zip($0, wanted).map { abs($0 - $1) }.max() ?? 100 }.min() ?? 100
                XCTAssertLessThan(nearest, 3, "\(depth): \(colour) drawn as a colour \(nearest)% away")
            }
        }
    }

    /// Kitty's pixels for a 49×500 picture in cells of 10×20: the picture keeps its shape inside
    /// its cells (a transparent box around it), where it was stretched by 23 % to whole cells.
    func testAPixelPictureKeepsItsShape() throws {
        let png = try picture(width: 49, height: 500, as: "png") { _, y in [200, UInt8(y / 2), 40] }
        let drawn = try PictureDrawing.draw(
            png, fileExtension: "png",
            on: PictureCanvas(format: .kitty, colours: .trueColor, columns: 40, rows: 10, cellWidth: 10, cellHeight: 20)
        )
        let transfer = String(decoding: drawn.transfer, as: UTF8.self)
        func number(_ key: String) -> Int? {
            transfer.range(of: key + "=").flatMap { Int(transfer[$0.upperBound...].prefix { $0.isNumber }) }
        }
        let (width, height) = try (XCTUnwrap(number("s")), XCTUnwrap(number("v")))
        // The payload of every chunk (each its own base64), joined.
        var pixels: [UInt8] = []
        for chunk in transfer.components(separatedBy: "\u{1B}_G") {
            guard let semicolon = chunk.firstIndex(of: ";") else { continue }
            let text = String(chunk[chunk.index(after: semicolon)...].prefix { $0 != "\u{1B}" })
            pixels += try XCTUnwrap(Data(base64Encoded: text), String(text.prefix(40)))
        }
        XCTAssertEqual(pixels.count, width * height * 4)
        var right = 0, bottom = 0
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] > 0 {
                right = max(right, x + 1)
                bottom = max(bottom, y + 1)
            }
        }
        XCTAssertEqual(
            Double(right) / Double(bottom), 49.0 / 500.0, accuracy: 0.012, "\(right)×\(bottom) in \(width)×\(height)")
    }
}
