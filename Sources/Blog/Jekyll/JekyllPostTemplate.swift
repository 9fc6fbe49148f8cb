import Synchronization

/// A post permalink pattern read once into text and placeholders, so a listing of 20,000 posts
/// does not cut the same pattern into strings and match each name against every placeholder
/// 20,000 times. Reads `:name` exactly as `JekyllURL.fill` does.
struct JekyllPostTemplate: Sendable {
    /// The placeholders of a post (`Drops::UrlDrop`).
    enum Placeholder: String, CaseIterable, Sendable {
        case collection, path, name, title, slug, categories, slugified_categories, year, month, day, hour, minute, second
        case i_day, i_month, short_month, long_month, short_year, w_year, week, w_day, short_day, long_day, y_day, output_ext
    }

    enum Piece: Sendable {
        case text([UInt8])
        case value(Placeholder)
    }

    let pieces: [Piece]

    /// Jekyll matches the longest `[a-z_]+` after a colon; `name_` falls back to `name` and keeps
    /// its `_`; an unknown name stays as written.
    init(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        var pieces: [Piece] = []
        var text: [UInt8] = []
        func flush() { if !text.isEmpty { pieces.append(.text(text)); text = [] } }
        func isNameByte(_ byte: UInt8) -> Bool { (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x3A else { text.append(byte); continue }
            var end = index
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            if let placeholder = Placeholder(rawValue: name) {
                flush()
                pieces.append(.value(placeholder))
            } else if name.hasSuffix("_"), let placeholder = Placeholder(rawValue: String(name.dropLast())) {
                flush()
                pieces.append(.value(placeholder))
                text.append(0x5F)
            } else {
                text.append(0x3A)
                continue
            }
            index = end
        }
        flush()
        self.pieces = pieces
    }

    /// The template of `pattern`, read once per pattern (a site has one or a few).
    static func of(_ pattern: String) -> JekyllPostTemplate {
        if let known = cache.withLock({ $0[pattern] }) { return known }
        let template = JekyllPostTemplate(pattern)
        cache.withLock { $0[pattern] = template }
        return template
    }

    private static let cache = Mutex<[String: JekyllPostTemplate]>([:])

    /// The filled-in pattern, each value escaped as a URL path (`value` is asked once per use).
    func fill(_ value: (Placeholder) -> String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(96)
        for piece in pieces {
            switch piece {
            case .text(let bytes): out += bytes
            case .value(let placeholder): out += JekyllURL.escapePath(value(placeholder)).utf8
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
