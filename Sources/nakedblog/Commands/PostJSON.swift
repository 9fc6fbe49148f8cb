import Blog
import Foundation

/// The `--json` form of posts: keys in a fixed order, RFC 3339 dates or null. Written into a
/// byte buffer by hand (Foundation's JSONEncoder took longer than reading the whole site).
enum PostJSON {
    /// Writes the array to `output` in batches (the whole text of a large site is never held);
    /// each batch is formatted on all cores.
    static func write(_ posts: [Post], now: Date, config: SiteConfig, to output: FileHandleOutput) {
        let batch = 2_048
        output.write("[")
        for start in stride(from: 0, to: posts.count, by: batch) {
            let end = min(posts.count, start + batch)
            for part in ParallelMap.shares(
                end - start,
                { range in
                    format(posts, (range.lowerBound + start)..<(range.upperBound + start), now: now, config: config)
                })
            {
                output.write(bytes: part)
            }
        }
        output.write(posts.isEmpty ? "]\n" : "\n]\n")
    }

    /// The objects of `posts[range]`, each preceded by its separator.
    private static func format(_ posts: [Post], _ range: Range<Int>, now: Date, config: SiteConfig) -> [UInt8] {
        var out = JSONBytes(capacity: range.count * 768)
        // Through pointers: an element read from the array (or its buffer) is a copy, every field retained.
        posts.withUnsafeBufferPointer { posts in
            guard let base = posts.baseAddress else { return }
            for index in range { object(base + index, first: index == 0, now: now, config: config, into: &out) }
        }
        return out.finish()
    }

    /// One post's object, preceded by its separator. Fields are read through the pointer: a copy
    /// of the post retained and released every one of them.
    private static func object(
        _ post: UnsafePointer<Post>, first: Bool, now: Date, config: SiteConfig, into out: inout JSONBytes
    ) {
        out.raw(first ? "\n  {" : ",\n  {")
        out.first = true
        out.string(.path, post.pointee.path)
        out.string(.title, post.pointee.title)
        out.string(.slug, post.pointee.slug)
        // lastmod and publishDate usually fall back to the same date: format it once.
        let date = post.pointee.date?.rfc3339
        out.string(.date, date)
        out.string(.lastmod, post.pointee.lastmod == post.pointee.date ? date : post.pointee.lastmod?.rfc3339)
        out.string(
            .publishDate, post.pointee.publishDate == post.pointee.date ? date : post.pointee.publishDate?.rfc3339)
        out.string(.expiryDate, post.pointee.expiryDate?.rfc3339)
        out.bool(.draft, post.pointee.draft)
        let publish = post.pointee.publishDate?.date ?? post.pointee.date?.date
        out.string(
            .status,
            PostStatus.of(
                draft: post.pointee.draft || post.pointee.unpublished, expiry: post.pointee.expiryDate?.date,
                publish: publish, at: now,
                headless: post.pointee.headless
            ).rawValue)
        out.string(.lang, post.pointee.lang)
        out.string(.section, post.pointee.section)
        out.bool(.bundle, post.pointee.isBundle)
        out.bool(.headless, post.pointee.headless)
        out.strings(.tags, post.pointee.tags)
        out.strings(.categories, post.pointee.categories)
        out.string(.description, post.pointee.description)
        out.key(.wordCount)
        out.raw(String(post.pointee.wordCount))
        out.strings(.resources, post.pointee.resources)
        out.strings(.translations, post.pointee.translations)
        out.string(.format, post.pointee.format?.rawValue)
        out.string(.url, post.pointee.url(config: config))
        out.string(.kind, post.pointee.kind.rawValue)
        if let warning = post.pointee.warning { out.string(.warning, warning) }
        out.raw("\n  }")
    }
}

/// A JSON writer into one growing buffer (appending to an Array checked capacity and uniqueness
/// for each of the ~60 pieces of a post).
struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    var first = true

    init(capacity: Int = 4_096) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written.
    consuming func finish() -> [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, count + extra))
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = max(capacity * 2, count + extra)
    }

    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (base + count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func raw(_ text: String) {
        // Contiguous for native and literal strings alike; copying into a `var` retained each one.
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var copy = text; copy.withUTF8 { append($0) }
        }
    }

    /// The keys of a post object, in the order they are written (the raw value is the name).
    enum Key: String {
        case path, title, slug, date, lastmod, publishDate, expiryDate, draft, status, lang, section, bundle, headless
        case tags, categories, description, wordCount, resources, translations, format, url, kind, warning
    }

    /// `\n    "name": ` (first key) or `,\n    "name": ` (the others), from literals: no table to
    /// look up (a shared table of byte arrays was retained and released for every key).
    mutating func key(_ key: Key) {
        raw(first ? "\n    \"" : ",\n    \"")
        raw(key.rawValue)
        raw("\": ")
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
        append(0x5B)
        for (i, value) in values.enumerated() {
            if i > 0 { raw(", ") }
            quoted(value)
        }
        append(0x5D)
    }

    mutating func quoted(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ quoted(utf8: $0) }) == nil {
            var copy = value; copy.withUTF8 { quoted(utf8: $0) }
        }
    }

    private mutating func quoted(utf8: UnsafeBufferPointer<UInt8>) {
        append(0x22)
        var plainStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            // C1 controls (C2 80 … C2 9F) and DEL are escaped too: many terminals obey a raw U+009B.
            if byte == 0xC2, index < utf8.count, (0x80...0x9F).contains(utf8[index]) {
                append(UnsafeBufferPointer(rebasing: utf8[plainStart..<(index - 1)]))
                raw(String(format: "\\u%04x", utf8[index]))
                index += 1
                plainStart = index
                continue
            }
            // Bidi controls (E2 80 AA–AE, E2 81 A6–A9) escaped: a terminal would reorder the text.
            if byte == 0xE2, index + 1 < utf8.count,
                (utf8[index] == 0x80 && (0xAA...0xAE).contains(utf8[index + 1]))
                    || (utf8[index] == 0x81 && (0xA6...0xA9).contains(utf8[index + 1]))
            {
                append(UnsafeBufferPointer(rebasing: utf8[plainStart..<(index - 1)]))
                raw(String(format: "\\u20%02x", Int(utf8[index] & 0x3F) << 6 | Int(utf8[index + 1] & 0x3F)))
                index += 2
                plainStart = index
                continue
            }
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
            append(UnsafeBufferPointer(rebasing: utf8[plainStart..<(index - 1)]))
            plainStart = index
            switch byte {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            default: raw(String(format: "\\u%04x", byte))
            }
        }
        append(UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        append(0x22)
    }
}
