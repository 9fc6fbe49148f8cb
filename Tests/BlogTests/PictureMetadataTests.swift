import Blog
import Foundation
import XCTest

/// Issue 57: the metadata a picture carries, read from its structure, and the rewriting of the
/// formats that are not re-encoded — on files built byte by byte, so each block is known.
/// (`ImagePrivacyTests` checks real pictures against exiftool.)
final class PictureMetadataTests: XCTestCase {
    private func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private func be32(_ value: Int) -> [UInt8] { [0, 0] + be16(value) }
    private func le32(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), 0, 0] }
    private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func jpegSegment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(body.count + 2) + body
    }

    func testAJPEGsSegmentsAreNamed() {
        let jpeg =
            [0xFF, 0xD8] + jpegSegment(0xE0, ascii("JFIF\0") + [1, 1, 0, 0, 1, 0, 1, 0, 0])
            + jpegSegment(0xE2, ascii("ICC_PROFILE\0") + [1, 1])
            + jpegSegment(0xE1, ascii("Exif\0\0") + [0x4D, 0x4D, 0, 0x2A])
            + jpegSegment(0xE1, ascii("http://ns.adobe.com/xap/1.0/\0<x/>"))
            + jpegSegment(0xED, ascii("Photoshop 3.0\0")) + jpegSegment(0xFE, ascii("taken at home"))
            + jpegSegment(0xDA, [1, 2, 3]) + [0x12, 0x34, 0xFF, 0xD9]
        XCTAssertEqual(
            PictureMetadata.found(in: Data(jpeg), format: .jpeg), ["EXIF", "XMP", "IPTC", "comment"])
        let clean = [0xFF, 0xD8] + jpegSegment(0xE0, ascii("JFIF\0")) + jpegSegment(0xDA, [1]) + [0xFF, 0xD9]
        XCTAssertEqual(PictureMetadata.found(in: Data(clean), format: .jpeg), [])
        XCTAssertEqual(
            PictureMetadata.found(in: Data([0xFF, 0xD8, 0xFF, 0xE1, 0x40, 0x00]), format: .jpeg),
            ["an unreadable structure"], "a segment longer than the file")
    }

    private func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(data.count) + ascii(type) + data + [0, 0, 0, 0]
    }

    func testAPNGsTextAndExifChunksAreNamed() {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let png =
            signature + pngChunk("IHDR", Array(repeating: 0, count: 13)) + pngChunk("eXIf", [1, 2])
            + pngChunk("iTXt", ascii("XML:com.adobe.xmp")) + pngChunk("IDAT", [0]) + pngChunk("IEND", [])
        XCTAssertEqual(PictureMetadata.found(in: Data(png), format: .png), ["EXIF", "text"])
    }

    private func riff(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = ascii("WEBP") + chunks.flatMap { $0 }
        return ascii("RIFF") + le32(body.count) + body
    }

    private func webpChunk(_ tag: String, _ data: [UInt8]) -> [UInt8] {
        ascii(tag) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    /// libvips 8.14 writes EXIF and XMP into WebP whatever `strip` says: the chunks go, and
    /// VP8X no longer announces them.
    func testAWebPsExifAndXMPChunksAreDropped() throws {
        let vp8x = webpChunk("VP8X", [0x0C | 0x20, 0, 0, 0, 63, 0, 0, 47, 0, 0])
        let webp = riff([
            vp8x, webpChunk("ICCP", [1, 2, 3]), webpChunk("VP8 ", [9, 9, 9, 9]), webpChunk("EXIF", [1, 2, 3]),
            webpChunk("XMP ", ascii("<x/>")),
        ])
        XCTAssertEqual(PictureMetadata.found(in: Data(webp), format: .webp), ["EXIF", "XMP"])
        let stripped = try XCTUnwrap(PictureMetadata.stripped(Data(webp), format: .webp))
        XCTAssertEqual(PictureMetadata.found(in: stripped, format: .webp), [])
        let expected = riff([
            webpChunk("VP8X", [0x20, 0, 0, 0, 63, 0, 0, 47, 0, 0]), webpChunk("ICCP", [1, 2, 3]),
            webpChunk("VP8 ", [9, 9, 9, 9]),
        ])
        XCTAssertEqual([UInt8](stripped), expected, "the colour profile and the picture stay; the size is right")
        XCTAssertEqual(ImageSource.format(of: stripped), .webp)
    }

    /// A GIF keeps its frames and its looping; its comments and XMP go.
    func testAGIFsCommentAndXMPGoItsAnimationStays() throws {
        let header = ascii("GIF89a") + [2, 0, 2, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        let loop = [0x21, 0xFF, 11] + ascii("NETSCAPE2.0") + [3, 1, 0, 0, 0]
        let comment = [0x21, 0xFE, 5] + ascii("hello") + [0]
        let xmp = [0x21, 0xFF, 11] + ascii("XMP DataXMP") + [4] + ascii("<x/>") + [0]
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0, 2, 2, 0x44, 0x01, 0]
        let gif = header + loop + comment + xmp + frame + frame + [0x3B]
        XCTAssertEqual(PictureMetadata.found(in: Data(gif), format: .gif), ["comment", "XMP"])
        let stripped = try XCTUnwrap(PictureMetadata.stripped(Data(gif), format: .gif))
        XCTAssertEqual([UInt8](stripped), header + loop + frame + frame + [0x3B])
    }

    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count + 8) + ascii(type) + body }

    func testAnAVIFsExifAndXMPItemsAreNamed() {
        func infe(_ id: Int, _ type: String) -> [UInt8] {
            box("infe", [2, 0, 0, 0] + be16(id) + [0, 0] + ascii(type) + [0])
        }
        let iinf = box("iinf", [0, 0, 0, 0] + be16(3) + infe(1, "av01") + infe(2, "Exif") + infe(3, "mime"))
        let avif =
            box("ftyp", ascii("avif") + [0, 0, 0, 0] + ascii("mif1")) + box("meta", [0, 0, 0, 0] + iinf)
            + box("mdat", [1, 2, 3])
        XCTAssertEqual(ImageSource.format(of: Data(avif)), .avif)
        XCTAssertEqual(PictureMetadata.found(in: Data(avif), format: .avif), ["EXIF", "XMP"])
        let clean =
            box("ftyp", ascii("avif"))
            + box("meta", [0, 0, 0, 0] + box("iinf", [0, 0, 0, 0] + be16(1) + infe(1, "av01")))
        XCTAssertEqual(PictureMetadata.found(in: Data(clean), format: .avif), [])
    }

    func testAnSVGsMetadataElementGoes() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'><metadata><rdf:RDF>GPS</rdf:RDF></metadata><rect/></svg>"
        XCTAssertEqual(PictureMetadata.found(in: Data(svg.utf8), format: .svg), ["metadata"])
        let stripped = try XCTUnwrap(PictureMetadata.stripped(Data(svg.utf8), format: .svg))
        XCTAssertEqual(
            String(decoding: stripped, as: UTF8.self), "<svg xmlns='http://www.w3.org/2000/svg'><rect/></svg>")
    }

    /// A phone's HEIC (brand `heic`, or `mif1` without AVIF among its brands) and TIFF are read.
    func testPhonesFormatsAreRecognised() {
        XCTAssertEqual(ImageSource.format(of: Data(box("ftyp", ascii("heic") + [0, 0, 0, 0] + ascii("mif1")))), .heic)
        XCTAssertEqual(ImageSource.format(of: Data(box("ftyp", ascii("mif1") + [0, 0, 0, 0] + ascii("heic")))), .heic)
        XCTAssertEqual(ImageSource.format(of: Data(box("ftyp", ascii("mif1") + [0, 0, 0, 0] + ascii("avif")))), .avif)
        XCTAssertEqual(ImageSource.format(of: Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])), .tiff)
        XCTAssertEqual(ImageSource.format(of: Data([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8])), .tiff)
    }
}

/// Issue 57.4: a picture of a format not read here says which it is and what to do.
final class UnsupportedPictureTests: XCTestCase {
    func testAFormatNotReadHereIsNamed() throws {
        let folder = NSTemporaryDirectory() + "nb-unsupported-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (bytes, name) in [
            ([0xFF, 0x0A, 1, 2] as [UInt8], "JPEG XL"), (Array("BM".utf8) + Array(repeating: 0, count: 20), "BMP"),
            (Array("8BPS".utf8) + [0, 1], "Photoshop (PSD)"),
        ] {
            FileManager.default.createFile(atPath: folder + "/picture", contents: Data(bytes))
            guard
                case .failure(let refusal) = ImageSource.read(folder + "/picture", siteRoot: folder, restricted: false)
            else { return XCTFail(name) }
            XCTAssertEqual(refusal, .unsupported(name))
            XCTAssertTrue(refusal.description.contains("export it as JPEG"), refusal.description)
        }
    }
}
