import Blog
import Foundation

/// Rewrites what CommonMark does not know into what it does, keeping every line where it was
/// (so preview lines map back to source lines): Hugo shortcodes, GFM pipe tables, escaped
/// shortcode examples.
struct MarkdownSource {
    /// A pipe table found in the source. Its body rows are kept as lines and split into cells
    /// when it is laid out (on the core that lays it out, not in the serial rewrite).
    struct Table: Equatable {
        let header: [String]
        let alignments: [TableAlignment]
        let rowLines: [Substring]

        /// Each body row's cells, as many as the header has (missing ones empty, extra ones dropped).
        var rows: [[String]] {
            rowLines.map { line in
                var row = MarkdownSource.cells(line)
                if row.count < header.count { row += Array(repeating: "", count: header.count - row.count) }
                return Array(row.prefix(header.count))
            }
        }
    }

    enum TableAlignment: Equatable { case left, center, right }

    static let noteShortcodes: Set<String> = [
        "notice", "note", "tip", "warning", "info", "admonition", "alert", "hint",
        "callout", "caution", "important", "danger",
    ]
    static let notePrefix = "\u{E000}NOTE:"
    static let highlightFence = "\u{E003}highlight"
    static let escapedOpen = "\u{E001}", escapedClose = "\u{E002}"

    private(set) var text = ""
    /// What the placeholders stand for (pipe tables, over-long lines), by the 0-based line of the
    /// whole text they are on (a placeholder names that line: the same whether the text is
    /// rewritten whole or in pieces).
    private(set) var placeholders: [Int: Placeholder] = [:]

    /// What a placeholder line (`<!--nakedblog-table:N-->`, `<!--nakedblog-literal:N-->`) stands for.
    enum Placeholder: Equatable {
        /// A pipe table, laid out by `TableRenderer`.
        case table(Table)
        /// The lines of a paragraph over `literalRunLimit` bytes outside code (from the one its
        /// placeholder stands on), shown as the text they are.
        case literal(Substring)
    }

    /// Paragraphs longer than this (bytes, outside fences) are not given to CommonMark's inline
    /// parser: libcmark 0.30 takes about 200 bytes a bracket or emphasis mark and quadratic time
    /// on some runs of them (a 10 MB line of `[`: 8.6 s and 1.9 GB in cmark itself), and no
    /// paragraph of prose is this long. The preview shows their lines as literal text, wrapped.
    static let literalRunLimit = 64 * 1024
    /// The last line that closes each shortcode name.
    private var lastClosing: [String: Int] = [:]
    /// Whether the text ends outside any fence and note: as it starts (so text that follows is
    /// rewritten alike on its own).
    private(set) var endsOutsideBlocks = true
    /// Names of note and highlight shortcodes opened without a closing after them in this text
    /// (a closing in text that follows would have paired them).
    private(set) var unpairedOpenings: Set<String> = []
    /// Names of the shortcodes this text closes.
    var closedNames: Dictionary<String, Int>.Keys { lastClosing.keys }

    /// What one pass over the bytes tells about a line, so ordinary lines are passed over
    /// without looking at them again.
    private struct LineFacts {
        /// The line's bounds in the markdown's UTF-8 (without its line feed).
        var start = 0
        var end = 0
        /// The first byte that is not a space or tab (0 for a blank line), and the byte after it
        /// (0 at the line's end).
        var first: UInt8 = 0
        var second: UInt8 = 0
        var hasBrace = false
        var hasPipe = false
    }

    /// The runs of lines shown as their literal text, as the line each starts on → the line after
    /// its last: a run that CommonMark would parse as one paragraph (lines up to a blank line, a
    /// new list item, a heading, a fence or a table — a quote's lines stay in the run) once it is
    /// over `literalRunLimit` bytes, from its first line. Inline parsing is per paragraph, and its
    /// cost grows with the paragraph, not the line: a hundred lines of 6 KB of `![[]()` take
    /// libcmark 0.30 ten seconds. One placeholder a run (not a line): 800,000 lines of link
    /// definitions are one block to parse, not 800,000.
    private static func literalRuns(_ facts: [LineFacts]) -> [Int: Int] {
        var runs: [Int: Int] = [:]
        var open: Int?  // the start of the literal run the current line extends
        var runStart = 0, runBytes = 0
        for (index, fact) in facts.enumerated() {
            let length = fact.end - fact.start
            let startsBlock: Bool
            switch fact.first {
            case 0: startsBlock = true
            // - * +
            case 0x2D, 0x2A, 0x2B: startsBlock = fact.second == 0x20 || fact.second == 0x09 || fact.second == 0
            case 0x30...0x39: startsBlock = fact.second == 0x2E || fact.second == 0x29  // 1. 1)
            case 0x23, 0x60, 0x7E, 0x7C: startsBlock = true  // # ` ~ |
            case 0x3E: startsBlock = length <= 4  // an empty quote line ends the quote's paragraph
            default: startsBlock = false
            }
            if startsBlock { runStart = index; runBytes = 0; open = nil }
            if fact.first == 0 { runStart = index + 1; continue }
            runBytes += length + 1
            guard runBytes > literalRunLimit else { continue }
            if let start = open { runs[start] = index + 1 } else { runs[runStart] = index + 1; open = runStart }
        }
        return runs
    }

    private static func facts(_ markdown: String) -> [LineFacts] {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [LineFacts()] }
            var all: [LineFacts] = []
            all.reserveCapacity(bytes.count / 32 + 1)
            var start = 0
            // Lines found with memchr (vectorized), not byte by byte.
            while true {
                let end = bytes.lineEnd(from: start)
                var current = LineFacts(start: start, end: end)
                var first = start
                while first < end, base[first] == 0x20 || base[first] == 0x09 { first += 1 }
                if first < end { current.first = base[first] }
                if first + 1 < end { current.second = base[first + 1] }
                all.append(current)
                guard end < bytes.count else { break }
                start = end + 1
            }
            // Braces and pipes are rare: each found across the whole text with memchr, and its
            // line marked (lines and hits both in order), not looked for line by line.
            for byte: UInt8 in [0x7B, 0x7D, 0x7C] {
                var line = 0, offset = 0
                while offset < bytes.count, let hit = memchr(base + offset, Int32(byte), bytes.count - offset) {
                    let position = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
                    while all[line].end < position { line += 1 }
                    if byte == 0x7C { all[line].hasPipe = true } else { all[line].hasBrace = true }
                    // The rest of this line says nothing more.
                    offset = all[line].end + 1
                }
            }
            return all
        }
    }

    /// `firstLine`: the 0-based line of the whole text that `markdown` starts at.
    init(_ markdown: String, firstLine: Int = 0) {
        // Lines are slices of the markdown, made when looked at; only lines that are rewritten
        // become new strings.
        let facts = Self.facts(markdown)
        var lines = SourceLines(markdown, bounds: facts.map { $0.start..<$0.end })
        var changed = false
        // Escaped examples `{{</* x */>}}` become literal text after everything else is done.
        for i in lines.indices
        where facts[i].hasBrace && lines[i].containsText("/*")
            && (lines[i].containsText("{{") || lines[i].containsText("}}"))
        {
            lines[i] = Substring(
                String(lines[i]).replacingText("{{</*", with: Self.escapedOpen + "<")
                    .replacingText("*/>}}", with: ">" + Self.escapedClose)
                    .replacingText("{{%/*", with: Self.escapedOpen + "%")
                    .replacingText("*/%}}", with: "%" + Self.escapedClose))
            changed = true
        }
        // Where each shortcode is closed, so "is this one paired?" is a lookup, not a scan.
        for i in lines.indices where facts[i].first == 0x7B && lines[i].containsText("{{") {
            let line = lines[i]
            if let shortcode = Shortcode(line: line.trimmingBlanks()), shortcode.isClosing {
                lastClosing[shortcode.name] = i
            }
        }
        let literalRuns = Self.literalRuns(facts)
        var fence: String?
        var noteDepth: [String] = []
        var index = 0
        while index < lines.count {
            let fact = facts[index]
            if fence == nil, let end = literalRuns[index] {
                // Kept in its first line's quotes (a note's, the line's own `>`s); everything else
                // of the run is shown as text; its other lines become blank.
                let quotes =
                    lines[index].utf8.prefix { $0 == 0x3E || $0 == 0x20 || $0 == 0x09 }.count { $0 == 0x3E }
                    + noteDepth.count.signum()
                let utf8 = markdown.utf8
                placeholders[firstLine + index] = .literal(
                    Substring(
                        utf8[
                            utf8.index(
                                utf8.startIndex, offsetBy: facts[index].start)..<utf8.index(
                                    utf8.startIndex, offsetBy: facts[end - 1].end)]))
                lines[index] = Substring(
                    String(repeating: "> ", count: quotes) + PreviewPlaceholder.literal(line: firstLine + index).text)
                for blank in (index + 1)..<end { lines[blank] = "" }
                changed = true
                index = end
                continue
            }
            // An ordinary line outside fences and notes: nothing to rewrite.
            if fence == nil, noteDepth.isEmpty, !fact.hasBrace, !fact.hasPipe, fact.first != 0x60, fact.first != 0x7E {
                index += 1
                continue
            }
            if let open = fence, open != Self.highlightFence, noteDepth.isEmpty, fact.first != open.utf8.first {
                index += 1
                continue
            }
            changed = true
            let line = lines[index]
            let trimmed = line.trimmingBlanks()
            if let open = fence {
                if open == Self.highlightFence {
                    // Inside a highlight shortcode: only its closing shortcode ends the block.
                    if let shortcode = Shortcode(line: trimmed), shortcode.isClosing, shortcode.name == "highlight" {
                        lines[index] = noteDepth.isEmpty ? "``````" : "> ``````"
                        fence = nil
                    } else if !noteDepth.isEmpty {
                        lines[index] = Substring("> " + line)
                    }
                    index += 1
                    continue
                }
                if trimmed.startsWithText(open) { fence = nil }
                if !noteDepth.isEmpty { lines[index] = Substring("> " + line) }
                index += 1
                continue
            }
            if trimmed.startsWithText("```") || trimmed.startsWithText("~~~") {
                fence = String(trimmed.prefix(3))
                if !noteDepth.isEmpty { lines[index] = Substring("> " + line) }
                index += 1
                continue
            }
            if fact.first == 0x7B, trimmed.startsWithText("{{"), let shortcode = Shortcode(line: trimmed) {
                lines[index] = Substring(rewrite(shortcode, at: index, notes: &noteDepth, fence: &fence))
                index += 1
                continue
            }
            if noteDepth.isEmpty, fact.hasPipe, let (table, count) = Self.table(lines, at: index) {
                placeholders[firstLine + index] = .table(table)
                lines[index] = Substring(PreviewPlaceholder.table(line: firstLine + index).text)
                for k in (index + 1)..<(index + count) { lines[k] = "" }
                index += count
                continue
            }
            if !noteDepth.isEmpty { lines[index] = Substring("> " + line) }
            if fact.hasBrace, lines[index].containsText("{{") {
                lines[index] = Substring(Self.inlineShortcodes(String(lines[index])))
            }
            index += 1
        }
        text = changed ? lines.joined() : markdown
        endsOutsideBlocks = fence == nil && noteDepth.isEmpty
    }

    /// The replacement for a line that is a whole shortcode.
    private mutating func rewrite(
        _ shortcode: Shortcode, at index: Int, notes: inout [String],
        fence: inout String?
    ) -> String {
        let quote = notes.isEmpty ? "" : "> "
        if shortcode.isClosing {
            if shortcode.name == "highlight" { return quote + "```" }
            if Self.noteShortcodes.contains(shortcode.name), !notes.isEmpty {
                notes.removeLast()
                return notes.isEmpty ? "" : "> "
            }
            return quote + PreviewPlaceholder.shortcode(label: "/" + shortcode.name).text
        }
        switch shortcode.name {
        case "highlight":
            let language =
                shortcode.arguments.split(separator: " ").first.map { String($0).trimming(bytes: [0x22]) } ?? ""
            if hasClosing(shortcode.name, after: index) {
                fence = Self.highlightFence
                // Backticks inside the code must not end the fence early: use a long fence.
                return quote + "``````" + language
            }
        case "figure":
            let src = shortcode.attribute("src") ?? ""
            let alt = shortcode.attribute("alt") ?? shortcode.attribute("caption") ?? shortcode.attribute("title") ?? ""
            return quote + "![\(alt)](\(src.replacingText(" ", with: "%20")))"
        case let name where Self.noteShortcodes.contains(name) && hasClosing(name, after: index):
            notes.append(name)
            let label = shortcode.arguments.isEmpty ? name : name + " " + shortcode.arguments
            return "> " + Self.notePrefix + label.trimming(bytes: [0x22, 0x20])
        default:
            break
        }
        let label = shortcode.arguments.isEmpty ? shortcode.name : shortcode.name + " " + shortcode.arguments
        return quote + PreviewPlaceholder.shortcode(label: label).text
    }

    private mutating func hasClosing(_ name: String, after index: Int) -> Bool {
        let closed = (lastClosing[name] ?? -1) > index
        if !closed { unpairedOpenings.insert(name) }
        return closed
    }

    /// `{{< ref "x" >}}` / `relref` inside a line become `ref:x` link targets (scanned by hand:
    /// a regular expression per line cost more than the rest of the preview).
    static func inlineShortcodes(_ line: String) -> String {
        guard line.containsText("{{") else { return line }
        var result = ""
        var rest = Substring(line)
        while let open = rest.rangeOfText("{{") {
            result += rest[..<open.lowerBound]
            let after = rest[open.lowerBound...]
            guard after.dropFirst(2).first == "<" || after.dropFirst(2).first == "%",
                let close = after.rangeOfText("}}"),
                let shortcode = Shortcode(line: Substring(after[..<close.upperBound])),
                !shortcode.isClosing, shortcode.name == "ref" || shortcode.name == "relref"
            else {
                result += "{{"
                rest = after.dropFirst(2)
                continue
            }
            let target =
                shortcode.arguments.split(separator: " ").first.map { String($0).trimming(bytes: [0x22]) } ?? ""
            result += "ref:" + target
            rest = after[close.upperBound...]
        }
        return result + rest
    }

    /// The pipe table starting at `index` (header, delimiter, rows) and its number of lines, or nil.
    static func table<Lines: RandomAccessCollection<Substring>>(_ lines: Lines, at index: Int) -> (Table, Int)?
    where Lines.Index == Int {
        guard index + 1 < lines.count, lines[index].containsByte(0x7C), isDelimiterRow(lines[index + 1]) else {
            return nil
        }
        let header = cells(lines[index])
        let delimiters = cells(lines[index + 1])
        guard header.count == delimiters.count else { return nil }
        var end = index + 2
        while end < lines.count, lines[end].containsByte(0x7C), !lines[end].trimmingBlanks().isEmpty { end += 1 }
        let alignments = delimiters.map { cell -> TableAlignment in
            let c = cell.trimmingBlanks()
            if c.hasPrefix(":") && c.hasSuffix(":") { return .center }
            if c.hasSuffix(":") { return .right }
            return .left
        }
        return (Table(header: header, alignments: alignments, rowLines: Array(lines[(index + 2)..<end])), end - index)
    }

    static func isDelimiterRow(_ line: Substring) -> Bool {
        // Only `|`, `-`, `:` and blanks: checked on bytes before splitting into cells.
        guard line.utf8.allSatisfy({ $0 == 0x7C || $0 == 0x2D || $0 == 0x3A || $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
        else { return false }
        let cells = cells(line)
        return !cells.isEmpty
            && cells.allSatisfy { cell in
                let c = cell.trimmingBlanks()
                return c.utf8.count >= 1 && c.utf8.contains(0x2D) && c.utf8.allSatisfy { $0 == 0x2D || $0 == 0x3A }
            }
    }

    /// Cells of a row: split on unescaped `|` outside code spans, outer pipes dropped, trimmed.
    static func cells(_ line: Substring) -> [String] {
        var row = line.trimmingBlanks()
        return row.withUTF8 { all in
            var bytes = all[...]
            if bytes.first == 0x7C { bytes = bytes.dropFirst() }
            if bytes.last == 0x7C && !(bytes.count >= 2 && bytes[bytes.endIndex - 2] == 0x5C) {
                bytes = bytes.dropLast()
            }
            var cells: [String] = []
            var current: [UInt8] = []
            var start = bytes.startIndex
            var escapes = false
            var inCode = false
            var index = bytes.startIndex
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            // Safe to copy unchecked: the row is valid UTF-8 and cells are cut, trimmed and
            // unescaped at ASCII bytes only.
            func finish(_ end: Int) {
                if escapes {
                    var cell = current[...]
                    while let first = cell.first, isBlank(first) { cell = cell.dropFirst() }
                    while let last = cell.last, isBlank(last) { cell = cell.dropLast() }
                    cells.append(String(copying: unsafe UTF8Span(unchecked: cell.span)))
                } else {
                    var low = start, high = end
                    while low < high, isBlank(all[low]) { low += 1 }
                    while high > low, isBlank(all[high - 1]) { high -= 1 }
                    cells.append(
                        String(copying: unsafe UTF8Span(unchecked: UnsafeBufferPointer(rebasing: all[low..<high]).span))
                    )
                }
                current.removeAll(keepingCapacity: true)
                escapes = false
            }
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == 0x5C {
                    // A backslash escapes the next byte: from here on, the cell is copied.
                    if !escapes { current = Array(all[start..<index]); escapes = true }
                    if index + 1 < bytes.endIndex { current.append(bytes[index + 1]) }
                    index += 2
                    continue
                }
                if byte == 0x60 { inCode.toggle() }
                if byte == 0x7C && !inCode {
                    finish(index)
                    start = index + 1
                } else if escapes {
                    current.append(byte)
                }
                index += 1
            }
            finish(bytes.endIndex)
            return cells
        }
    }

    /// Puts escaped shortcode examples back as the literal text Hugo shows.
    static func unescape(_ text: String) -> String {
        text.replacingText(escapedOpen, with: "{{").replacingText(escapedClose, with: "}}")
    }
}

/// A line that is exactly one shortcode: `{{< name args >}}`, `{{% name %}}`, `{{< /name >}}`.
struct Shortcode {
    let name: String
    let arguments: String
    let isClosing: Bool

    init?(line: Substring) {
        // Checked on the line's own bytes: most lines that start with `{{` are not whole shortcodes.
        var line = line
        guard let parsed = line.withUTF8(Self.parse) else { return nil }
        (name, arguments, isClosing) = parsed
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (
        name: String, arguments: String, isClosing: Bool
    )? {
        let count = bytes.count
        guard count >= 6, bytes[0] == 0x7B, bytes[1] == 0x7B, bytes[2] == 0x3C || bytes[2] == 0x25,
            bytes[count - 1] == 0x7D, bytes[count - 2] == 0x7D, bytes[count - 3] == 0x3E || bytes[count - 3] == 0x25
        else { return nil }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var start = 3, end = count - 3
        func trim() {
            while start < end, isBlank(bytes[start]) { start += 1 }
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        }
        trim()
        if end > start, bytes[end - 1] == 0x2F { end -= 1; trim() }
        let isClosing = end > start && bytes[start] == 0x2F
        if isClosing { start += 1; trim() }
        guard start < end else { return nil }
        let first = bytes[start]
        let isLetter =
            (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) || first == 0x5F
            || (first >= 0x80
                && String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).first?.isLetter
                    == true)
        guard isLetter else { return nil }
        var nameEnd = start
        while nameEnd < end, !isBlank(bytes[nameEnd]), !(0x0A...0x0D).contains(bytes[nameEnd]) {
            if bytes[nameEnd] == 0x7B || bytes[nameEnd] == 0x7D { return nil }
            nameEnd += 1
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<nameEnd]), as: UTF8.self)
        var argumentsStart = nameEnd
        while argumentsStart < end, isBlank(bytes[argumentsStart]) || (0x0A...0x0D).contains(bytes[argumentsStart]) {
            argumentsStart += 1
        }
        return (
            name, String(decoding: UnsafeBufferPointer(rebasing: bytes[argumentsStart..<end]), as: UTF8.self), isClosing
        )
    }

    /// `key="value"` from the arguments.
    func attribute(_ key: String) -> String? {
        var rest = Substring(arguments)
        while let range = rest.rangeOfText(key) {
            let before = rest[..<range.lowerBound].last
            var after = rest[range.upperBound...].drop { $0 == " " }
            rest = rest[range.upperBound...]
            guard before == nil || before == " ", after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            guard after.first == "\"", let end = after.dropFirst().firstIndex(of: "\"") else { continue }
            return String(after[after.index(after: after.startIndex)..<end])
        }
        return nil
    }
}

/// The lines of a markdown text (split on `\n`): each a slice of the text, made when it is
/// read, unless it was rewritten. Joined again from the text's bytes and the rewritten lines.
struct SourceLines: RandomAccessCollection {
    private let markdown: String
    private let bounds: [Range<Int>]
    /// For each line, where its new text is in `replacements` (-1: not rewritten).
    private var slots: [Int32]
    private var replacements: [Substring] = []

    /// `bounds`: each line's range in `markdown`'s UTF-8, without its line feed.
    init(_ markdown: String, bounds: [Range<Int>]) {
        self.markdown = markdown
        self.bounds = bounds
        slots = Array(repeating: -1, count: bounds.count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { bounds.count }

    subscript(index: Int) -> Substring {
        get {
            if slots[index] >= 0 { return replacements[Int(slots[index])] }
            let utf8 = markdown.utf8
            // Sliced through the UTF-8 view: line bounds are character boundaries, nothing to check.
            return Substring(
                utf8[
                    utf8.index(
                        utf8.startIndex, offsetBy: bounds[index].lowerBound)..<utf8.index(
                            utf8.startIndex, offsetBy: bounds[index].upperBound)])
        }
        set {
            if slots[index] >= 0 {
                replacements[Int(slots[index])] = newValue
            } else {
                slots[index] = Int32(replacements.count)
                replacements.append(newValue)
            }
        }
    }

    /// The lines joined with `\n`: each run of lines that were not rewritten (with the line
    /// feeds between them) appended in one copy, as a slice of the original — valid UTF-8
    /// already, so nothing is checked again.
    func joined() -> String {
        var total = markdown.utf8.count
        for index in bounds.indices where slots[index] >= 0 {
            total += replacements[Int(slots[index])].utf8.count - bounds[index].count
        }
        var result = ""
        result.reserveCapacity(total)
        let utf8 = markdown.utf8
        var index = 0
        while index < bounds.count {
            if index > 0 { result.append("\n") }
            if slots[index] >= 0 {
                result.append(contentsOf: replacements[Int(slots[index])])
                index += 1
                continue
            }
            var last = index
            while last + 1 < bounds.count, slots[last + 1] < 0 { last += 1 }
            let start = utf8.index(utf8.startIndex, offsetBy: bounds[index].lowerBound)
            let end = utf8.index(utf8.startIndex, offsetBy: bounds[last].upperBound)
            result.append(contentsOf: markdown[start..<end])
            index = last + 1
        }
        return result
    }
}
