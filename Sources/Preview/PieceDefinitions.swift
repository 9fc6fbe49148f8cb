import Blog
import CCmark

#if canImport(Glibc)
    import Glibc
#endif
/// Link reference definitions (`[label]: url`) count for the whole document, wherever they
/// stand, so pieces of a long document that are parsed apart must still see each other's.
///
/// Each piece is parsed with a probe before it: one paragraph `[label]` per label that may be
/// defined anywhere (found in the text), which cmark turns into a link exactly when the piece
/// itself defines that label — so the probe tells, with cmark's own reading, which definitions
/// each piece really has (not ones inside code or HTML) and their URLs. The first piece to define
/// a label wins, as in the whole document. A piece that may refer to a label whose winning
/// definition it lacks (or defines differently) is parsed again with that definition written
/// before it, where it beats the piece's own. Labels this cannot reason about exactly (non-ASCII
/// case folding, characters that inline syntax reads) make the caller parse the whole instead.
enum PieceDefinitions {
    /// Most labels probed; a document with more is parsed whole.
    static let maximumLabels = 200

    /// The labels that may be defined in `text`, normalized as cmark matches them (lowercase,
    /// blanks collapsed); empty when there is no `]:`; nil when a label is one this does not handle.
    static func candidateLabels(_ text: String) -> [String]? {
        candidateLabels(text[...])
    }

    /// `candidateLabels` of a slice (a piece of a text).
    static func candidateLabels(_ text: Substring) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var labels: [String] = []
            var seen = Set<String>()
            var index = 1
            while index < bytes.count {
                // To the next `:` (found with memchr, not byte by byte).
                guard let base = bytes.baseAddress, let hit = memchr(base + index, 0x3A, bytes.count - index) else {
                    break
                }
                index = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                defer { index += 1 }
                guard bytes[index - 1] == 0x5D, !escaped(bytes, index - 1) else { continue }
                // Back from `]` to its `[`: a label has no unescaped brackets and no blank line.
                var start = index - 2
                var previousNewline = false
                while start >= 0 {
                    let byte = bytes[start]
                    if byte == 0x5B, !escaped(bytes, start) { break }
                    if byte == 0x5D, !escaped(bytes, start) { start = -1; break }
                    if byte == 0x0A {
                        if previousNewline { start = -1; break }; previousNewline = true
                    } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
                        previousNewline = false
                    }
                    if index - start > 1000 { start = -1; break }
                    start -= 1
                }
                guard start >= 0 else { continue }  // not a definition's label
                let label = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])
                guard label.allSatisfy(isPlainLabelByte) else { return nil }
                let normalized = normalize(label)
                guard !normalized.isEmpty else { continue }
                if seen.insert(normalized).inserted {
                    labels.append(normalized)
                    if labels.count > maximumLabels { return nil }
                }
            }
            return labels
        }
    }

    /// The labels of consecutive pieces' `candidateLabels`, in order, each once; nil when one
    /// piece's are nil or there are too many (a label never spans a cut: it holds no blank line).
    static func candidateLabels(merging pieces: [[String]?]) -> [String]? {
        var labels: [String] = []
        var seen = Set<String>()
        for piece in pieces {
            guard let piece else { return nil }
            for label in piece where seen.insert(label).inserted {
                labels.append(label)
                if labels.count > maximumLabels { return nil }
            }
        }
        return labels
    }

    /// The probe for `labels`, to write before a piece: one paragraph a label, then a blank
    /// line. A piece starts at a top-level paragraph after a blank line, so after the probe it
    /// is read as in the whole document; and its end stays the end of what is parsed.
    static func probe(_ labels: [String]) -> String {
        labels.map { "[" + $0 + "]" }.joined(separator: "\n\n") + "\n\n"
    }

    /// Lines the probe for `count` labels takes before the piece.
    static func probeLines(_ count: Int) -> Int { 2 * count }

    /// Reads the probe back from `probe + piece` (parsed): label → URL for every label the
    /// piece defines; nil if the probe did not come back as its own paragraphs (then the whole
    /// is parsed instead). The piece's own blocks follow the probe's `labels.count`.
    static func readProbe(_ document: MarkdownDocument, labels: [String]) -> [String: String]? {
        var definitions: [String: String] = [:]
        var block = document.firstBlock
        for (k, label) in labels.enumerated() {
            guard let paragraph = block, paragraph.type == CMARK_NODE_PARAGRAPH, paragraph.line == 2 * k + 1 else {
                return nil
            }
            if let link = paragraph.firstChild, link.type == CMARK_NODE_LINK, link.next == nil {
                definitions[label] = link.url
            }
            block = paragraph.next
        }
        if let first = block, first.line <= probeLines(labels.count) { return nil }
        return definitions
    }

    /// The definition that wins for each label: the first piece's to define it (`own`: each
    /// piece's definitions, in order).
    static func winners(_ own: [[String: String]]) -> [String: String] {
        var winner: [String: String] = [:]
        for definitions in own {
            for (label, url) in definitions where winner[label] == nil { winner[label] = url }
        }
        return winner
    }

    /// The definitions to write before `piece` (which defines `own`) so that it reads every
    /// label as the whole document does; empty when none are needed.
    static func missing(in piece: Substring, own: [String: String], winners: [String: String], labels: [String]) -> [(
        label: String, url: String
    )] {
        let lacking = labels.filter { label in winners[label].map { own[label] != $0 } ?? false }
        guard !lacking.isEmpty else { return [] }
        let used = bracketedWords(in: piece, among: Set(lacking.map { String($0.prefix { $0 != " " }) }))
        return lacking.compactMap { label in
            used.contains(String(label.prefix { $0 != " " })) ? (label, winners[label]!) : nil
        }
    }

    /// Definition lines that cmark reads back as exactly `url` (entities are decoded before
    /// backslash escapes there, so `&` is written as an entity), and a blank line after them.
    static func preamble(_ definitions: [(label: String, url: String)]) -> String {
        var text = ""
        for definition in definitions {
            var url = ""
            for character in definition.url.unicodeScalars {
                switch character {
                case "&": url += "&#38;"
                case "\\", "<", ">": url += "\\" + String(character)
                default: url.unicodeScalars.append(character)
                }
            }
            text += "[" + definition.label + "]: <" + url + ">\n"
        }
        return text + "\n"
    }

    /// Which of `candidates` (lowercase words) is the first word after some `[` (and any
    /// blanks), lowercased: a piece can use a label only if its first word is among them (more
    /// than the references there are — never fewer). The `[`s found with memchr; no string made
    /// a bracket.
    static func bracketedWords(in text: Substring, among candidates: Set<String>) -> Set<String> {
        guard !candidates.isEmpty else { return [] }
        let wanted = candidates.map { Array($0.utf8) }
        var text = text
        return text.withUTF8 { bytes in
            var found = Set<String>()
            guard let base = bytes.baseAddress else { return found }
            var index = 0
            while index < bytes.count, found.count < wanted.count,
                let hit = memchr(base + index, 0x5B, bytes.count - index)
            {
                index = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
                var start = index
                while start < bytes.count, isBlank(bytes[start]) { start += 1 }
                var end = start
                while end < bytes.count, end - start < 1000, !isBlank(bytes[end]), bytes[end] != 0x5D { end += 1 }
                for word in wanted
                where word.count == end - start
                    && zip(word, bytes[start..<end]).allSatisfy({ $0 == lower($1) })
                {
                    found.insert(String(decoding: word, as: UTF8.self))
                }
            }
            return found
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Letters, digits, blanks and punctuation that inline syntax does not read inside `[…]`.
    private static func isPlainLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20, 0x09, 0x0A, 0x0D: return true
        default: return Array("-.:/#^+,'\"()?!=%@;~$".utf8).contains(byte)
        }
    }

    private static func normalize(_ label: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        var blank = false
        for byte in label {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { blank = !out.isEmpty; continue }
            if blank { out.append(0x20); blank = false }
            out.append(lower(byte))
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// Whether the byte at `index` is escaped by an odd run of backslashes before it.
    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        var count = 0
        var at = index - 1
        while at >= 0, bytes[at] == 0x5C { count += 1; at -= 1 }
        return count % 2 == 1
    }

}
