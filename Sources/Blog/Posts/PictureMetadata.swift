import Foundation

/// What a picture file carries besides its pixels, read from its structure: the check made on
/// every picture before it is placed in a site (whatever library wrote it: libvips 8.14 keeps
/// EXIF and XMP in WebP whatever `strip` says), and the rewriting of the formats that are not
/// re-encoded (GIF, SVG) or whose encoder kept them (WebP).
///
/// Found: EXIF (GPS, camera, time, maker notes, its thumbnail), XMP, IPTC, comments, text chunks,
/// embedded pictures (MPF). Kept, as not about the writer: colour profiles, a GIF's looping.
public enum PictureMetadata {
    /// The kinds of metadata in `bytes` of `format` ("EXIF", "XMP", "IPTC", "comment", "text",
    /// "embedded picture", …), or ["an unreadable structure"] when the file cannot be walked.
    public static func found(in bytes: Data, format: ImageSource.Format) -> [String] {
        let data = [UInt8](bytes)
        let kinds: [String]?
        switch format {
        case .jpeg: kinds = jpeg(data)
        case .png: kinds = png(data)
        case .webp: kinds = webpChunks(data).map { chunks in chunks.compactMap { webpKinds[$0.tag] } }
        case .gif: kinds = gifBlocks(data).map { blocks in blocks.compactMap(\.kind) }
        case .avif, .heic: kinds = isoItems(data)
        case .svg: kinds = svg(String(decoding: data, as: UTF8.self))
        case .tiff: kinds = nil  // never written: TIFF is made JPEG
        }
        guard let kinds else { return ["an unreadable structure"] }
        var unique: [String] = []
        for kind in kinds where !unique.contains(kind) { unique.append(kind) }
        return unique
    }

    /// `bytes` without their metadata blocks, for the formats rewritten in place (GIF, SVG, WebP:
    /// chunks dropped, nothing decoded); nil when the structure cannot be walked.
    public static func stripped(_ bytes: Data, format: ImageSource.Format) -> Data? {
        let data = [UInt8](bytes)
        switch format {
        case .webp: return webpStripped(data).map { Data($0) }
        case .gif:
            guard let blocks = gifBlocks(data) else { return nil }
            return Data(blocks.filter { $0.kind == nil }.flatMap { data[$0.range] })
        case .svg:
            guard var text = String(bytes: data, encoding: .utf8) else { return nil }
            for (open, close) in [("<metadata", "</metadata>"), ("<?xpacket", "?>")] {
                while let start = text.range(of: open, options: .caseInsensitive) {
                    let rest = text[start.upperBound...]
                    let end =
                        rest.range(of: close, options: .caseInsensitive)?.upperBound
                        ?? (open == "<metadata" ? rest.range(of: "/>")?.upperBound : nil)
                    guard let end else { return nil }
                    text.removeSubrange(start.lowerBound..<end)
                }
            }
            return Data(text.utf8)
        default: return bytes
        }
    }

    // MARK: JPEG: segments up to the first scan.

    private static func jpeg(_ d: [UInt8]) -> [String]? {
        guard d.count >= 4, d[0] == 0xFF, d[1] == 0xD8 else { return nil }
        var kinds: [String] = []
        var i = 2
        while i + 4 <= d.count {
            guard d[i] == 0xFF else { return nil }
            let marker = d[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xD9 || marker == 0xDA { return kinds }  // end, or the scan: no more metadata segments
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(d[i + 2]) << 8 | Int(d[i + 3])
            guard length >= 2, i + 2 + length <= d.count else { return nil }
            let body = d[(i + 4)..<(i + 2 + length)]
            func starts(_ text: String) -> Bool { body.starts(with: Array(text.utf8)) }
            switch marker {
            case 0xE1:
                kinds.append(starts("Exif") ? "EXIF" : starts("http://ns.adobe.com/") ? "XMP" : "APP1 data")
            case 0xED: kinds.append("IPTC")
            case 0xFE: kinds.append("comment")
            case 0xE2: if !starts("ICC_PROFILE") { kinds.append(starts("MPF") ? "embedded picture" : "APP2 data") }
            case 0xE3...0xEC, 0xEF: kinds.append("APP\(marker - 0xE0) data")
            default: break  // APP0 (JFIF), APP14 (Adobe colour), tables, frame headers
            }
            i += 2 + length
        }
        return nil
    }

    // MARK: PNG: chunks.

    private static func png(_ d: [UInt8]) -> [String]? {
        guard d.count >= 8 else { return nil }
        var kinds: [String] = []
        var i = 8
        while i + 12 <= d.count {
            let length = Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3])
            let type = String(decoding: d[(i + 4)..<(i + 8)], as: UTF8.self)
            guard length >= 0, i + 12 + length <= d.count else { return nil }
            switch type {
            case "eXIf": kinds.append("EXIF")
            case "tEXt", "zTXt", "iTXt": kinds.append("text")
            case "IEND": return kinds
            default: break
            }
            i += 12 + length
        }
        return nil
    }

    // MARK: WebP: RIFF chunks.

    private static let webpKinds = ["EXIF": "EXIF", "XMP ": "XMP"]

    private struct Chunk {
        let tag: String
        let range: Range<Int>  // the whole chunk, header and padding included
    }

    private static func webpChunks(_ d: [UInt8]) -> [Chunk]? {
        guard d.count >= 12 else { return nil }
        var chunks: [Chunk] = []
        var i = 12
        while i + 8 <= d.count {
            let size = Int(d[i + 4]) | Int(d[i + 5]) << 8 | Int(d[i + 6]) << 16 | Int(d[i + 7]) << 24
            let end = i + 8 + size + (size & 1)
            guard end <= d.count || i + 8 + size == d.count else { return nil }
            chunks.append(Chunk(tag: String(decoding: d[i..<(i + 4)], as: UTF8.self), range: i..<min(end, d.count)))
            i = min(end, d.count)
        }
        return i == d.count ? chunks : nil
    }

    private static func webpStripped(_ d: [UInt8]) -> [UInt8]? {
        guard let chunks = webpChunks(d) else { return nil }
        var body: [UInt8] = Array("WEBP".utf8)
        for chunk in chunks where webpKinds[chunk.tag] == nil {
            var bytes = Array(d[chunk.range])
            // VP8X says which chunks follow: EXIF (bit 3) and XMP (bit 2) no longer do.
            if chunk.tag == "VP8X", bytes.count > 8 { bytes[8] &= ~UInt8(0x0C) }
            body += bytes
        }
        let size = UInt32(body.count)
        return Array("RIFF".utf8) + [
            UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
        ]
            + body
    }

    // MARK: GIF: blocks.

    private struct Block {
        let range: Range<Int>
        /// The metadata it is, or nil for what the picture needs.
        let kind: String?
    }

    private static func gifBlocks(_ d: [UInt8]) -> [Block]? {
        guard d.count >= 13 else { return nil }
        var blocks: [Block] = []
        var i = 13
        if d[10] & 0x80 != 0 { i += 3 << (Int(d[10] & 0x07) + 1) }  // the global colour table
        guard i <= d.count else { return nil }
        blocks.append(Block(range: 0..<i, kind: nil))
        /// Past the sub-blocks starting at `j`; nil past the end.
        func skipSubBlocks(_ j: Int) -> Int? {
            var j = j
            while j < d.count {
                let size = Int(d[j])
                j += 1
                if size == 0 { return j }
                j += size
            }
            return nil
        }
        while i < d.count {
            let start = i
            switch d[i] {
            case 0x3B:
                blocks.append(Block(range: i..<(i + 1), kind: nil))
                return blocks
            case 0x2C:  // an image: descriptor, local colour table, LZW size, data
                guard i + 10 <= d.count else { return nil }
                var j = i + 10
                if d[i + 9] & 0x80 != 0 { j += 3 << (Int(d[i + 9] & 0x07) + 1) }
                guard j < d.count, let end = skipSubBlocks(j + 1) else { return nil }
                i = end
                blocks.append(Block(range: start..<i, kind: nil))
            case 0x21:
                guard i + 2 <= d.count, let end = skipSubBlocks(i + 2) else { return nil }
                var kind: String?
                if d[i + 1] == 0xFE { kind = "comment" }
                if d[i + 1] == 0xFF {
                    let id = i + 3 + 11 <= d.count ? String(decoding: d[(i + 3)..<(i + 14)], as: UTF8.self) : ""
                    if id != "NETSCAPE2.0" && id != "ANIMEXTS1.0" {
                        kind = id.hasPrefix("XMP Data") ? "XMP" : "application data"
                    }
                }
                i = end
                blocks.append(Block(range: start..<i, kind: kind))
            default:
                return nil
            }
        }
        return nil
    }

    // MARK: AVIF and HEIF: the items of the `meta` box.

    private static func isoItems(_ d: [UInt8]) -> [String]? {
        func u32(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
        /// The boxes in `range`: (type, body range).
        func boxes(_ range: Range<Int>) -> [(String, Range<Int>)]? {
            var result: [(String, Range<Int>)] = []
            var i = range.lowerBound
            while i + 8 <= range.upperBound {
                var size = u32(i), header = 8
                if size == 1 {
                    guard i + 16 <= range.upperBound, u32(i + 8) == 0 else { return nil }
                    size = u32(i + 12)
                    header = 16
                } else if size == 0 {
                    size = range.upperBound - i
                }
                guard size >= header, i + size <= range.upperBound else { return nil }
                result.append((String(decoding: d[(i + 4)..<(i + 8)], as: UTF8.self), (i + header)..<(i + size)))
                i += size
            }
            return i == range.upperBound ? result : nil
        }
        guard let top = boxes(0..<d.count) else { return nil }
        var kinds: [String] = []
        for (type, body) in top where type == "meta" {
            guard body.count >= 4, let inside = boxes((body.lowerBound + 4)..<body.upperBound) else { return nil }
            for (inner, info) in inside where inner == "iinf" {
                guard info.count >= 6 else { return nil }
                let version = d[info.lowerBound]
                let first = info.lowerBound + 4 + (version == 0 ? 2 : 4)
                guard first <= info.upperBound, let entries = boxes(first..<info.upperBound) else { return nil }
                for (entryType, entry) in entries where entryType == "infe" {
                    guard entry.count >= 4 else { return nil }
                    let entryVersion = d[entry.lowerBound]
                    guard entryVersion >= 2 else { kinds.append("an old item list"); continue }
                    let typeAt = entry.lowerBound + 4 + (entryVersion == 2 ? 2 : 4) + 2
                    guard typeAt + 4 <= entry.upperBound else { return nil }
                    let itemType = String(decoding: d[typeAt..<(typeAt + 4)], as: UTF8.self)
                    if itemType == "Exif" { kinds.append("EXIF") }
                    if itemType == "mime" { kinds.append("XMP") }
                }
            }
        }
        return kinds
    }

    // MARK: SVG: metadata elements.

    private static func svg(_ text: String) -> [String] {
        let lower = text.lowercased()
        var kinds: [String] = []
        if lower.contains("<metadata") { kinds.append("metadata") }
        if lower.contains("<?xpacket") || lower.contains("x:xmpmeta") { kinds.append("XMP") }
        return kinds
    }
}
