import Blog
import Foundation

/// The `--json` form of posts: keys in a fixed order, RFC 3339 dates or null. Written into a
/// byte buffer by hand (Foundation's JSONEncoder took longer than reading the whole site).
enum PostJSON {
    /// Writes the array to `output` in batches (the whole text of a large site is never held);
    /// each batch is formatted on all cores.
    static func write(_ posts: [Post], now: Date, to output: FileHandleOutput) {
        let batch = 2_048
        output.write(bytes: Array("[".utf8))
        for start in stride(from: 0, to: posts.count, by: batch) {
            let end = min(posts.count, start + batch)
            for part in ParallelMap.shares(end - start, { range in format(posts, (range.lowerBound + start)..<(range.upperBound + start), now: now) }) {
                output.write(bytes: part)
            }
        }
        output.write(bytes: Array((posts.isEmpty ? "]\n" : "\n]\n").utf8))
    }

    /// The objects of `posts[range]`, each preceded by its separator.
    private static func format(_ posts: [Post], _ range: Range<Int>, now: Date) -> [UInt8] {
        var out = JSONBytes()
        out.bytes.reserveCapacity(range.count * 768)
        for index in range {
            let post = posts[index]
            out.raw(index == 0 ? "\n  {" : ",\n  {")
            out.first = true
            out.string(.path, post.path)
            out.string(.title, post.title)
            out.string(.slug, post.slug)
            // lastmod and publishDate usually fall back to the same date: format it once.
            let date = post.date?.rfc3339
            func formatted(_ value: HugoDate?) -> String? { value == post.date ? date : value?.rfc3339 }
            out.string(.date, date)
            out.string(.lastmod, formatted(post.lastmod))
            out.string(.publishDate, formatted(post.publishDate))
            out.string(.expiryDate, formatted(post.expiryDate))
            out.bool(.draft, post.draft)
            out.string(.status, post.status(at: now).rawValue)
            out.string(.lang, post.lang)
            out.string(.section, post.section)
            out.bool(.bundle, post.isBundle)
            out.bool(.headless, post.headless)
            out.strings(.tags, post.tags)
            out.strings(.categories, post.categories)
            out.string(.description, post.description)
            out.key(.wordCount)
            out.raw(String(post.wordCount))
            out.strings(.resources, post.resources)
            out.strings(.translations, post.translations)
            out.string(.format, post.format?.rawValue)
            out.raw("\n  }")
        }
        return out.bytes
    }
}

/// A JSON writer into bytes.
struct JSONBytes {
    var bytes: [UInt8] = []
    var first = true

    mutating func raw(_ text: String) { append(text.utf8) }

    /// Appends through contiguous storage (the generic `append(contentsOf:)` goes byte by byte).
    private mutating func append(_ utf8: String.UTF8View) {
        if utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: utf8) }
    }

    /// The keys of a post object, in the order they are written.
    enum Key: Int, CaseIterable {
        case path, title, slug, date, lastmod, publishDate, expiryDate, draft, status, lang, section, bundle, headless
        case tags, categories, description, wordCount, resources, translations, format
    }

    /// `\n    "name": ` (first key) and `,\n    "name": ` (the others), built once.
    static let firstKeys = Key.allCases.map { Array("\n    \"\($0)\": ".utf8) }
    static let keys = Key.allCases.map { Array(",\n    \"\($0)\": ".utf8) }

    mutating func key(_ key: Key) {
        (first ? Self.firstKeys : Self.keys)[key.rawValue].withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        first = false
    }

    mutating func string(_ name: Key, _ value: String?) {
        key(name)
        if let value { quoted(value) } else { raw("null") }
    }

    mutating func bool(_ name: Key, _ value: Bool) {
        key(name)
        raw(value ? "true" : "false")
    }

    mutating func strings(_ name: Key, _ values: [String]) {
        key(name)
        bytes.append(0x5B)
        for (i, value) in values.enumerated() {
            if i > 0 { raw(", ") }
            quoted(value)
        }
        bytes.append(0x5D)
    }

    mutating func quoted(_ value: String) {
        bytes.append(0x22)
        let plain = value.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            for byte in buffer where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
            return true
        } ?? false
        if plain {
            append(value.utf8)
            bytes.append(0x22)
            return
        }
        for byte in value.utf8 {
            switch byte {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20: raw(String(format: "\\u%04x", byte))
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }
}
