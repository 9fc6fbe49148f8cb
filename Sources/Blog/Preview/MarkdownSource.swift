import Foundation

/// Rewrites what CommonMark does not know into what it does, keeping every line where it was
/// (so preview lines map back to source lines): Hugo shortcodes, GFM pipe tables, escaped
/// shortcode examples.
struct MarkdownSource {
    /// A pipe table found in the source.
    struct Table: Equatable {
        let header: [String]
        let alignments: [TableAlignment]
        let rows: [[String]]
    }

    enum TableAlignment: Equatable { case left, center, right }

    static let noteShortcodes: Set<String> = ["notice", "note", "tip", "warning", "info", "admonition", "alert", "hint",
                                              "callout", "caution", "important", "danger"]
    static let notePrefix = "\u{E000}NOTE:"
    static let highlightFence = "\u{E003}highlight"
    static let escapedOpen = "\u{E001}", escapedClose = "\u{E002}"

    private(set) var text = ""
    private(set) var tables: [Table] = []
    /// The last line that closes each shortcode name.
    private var lastClosing: [String: Int] = [:]

    init(_ markdown: String) {
        var lines = markdown.splitLines()
        // Escaped examples `{{</* x */>}}` become literal text after everything else is done.
        for i in lines.indices where lines[i].containsText("/*") {
            lines[i] = lines[i].replacingOccurrences(of: "{{</*", with: Self.escapedOpen + "<")
                .replacingOccurrences(of: "*/>}}", with: ">" + Self.escapedClose)
                .replacingOccurrences(of: "{{%/*", with: Self.escapedOpen + "%")
                .replacingOccurrences(of: "*/%}}", with: "%" + Self.escapedClose)
        }
        // Where each shortcode is closed, so "is this one paired?" is a lookup, not a scan.
        for (i, line) in lines.enumerated() where line.containsText("{{") {
            if let shortcode = Shortcode(line: line.trimmingBlanks()), shortcode.isClosing {
                lastClosing[shortcode.name] = i
            }
        }
        var fence: String?
        var noteDepth: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingBlanks()
            if let open = fence {
                if open == Self.highlightFence {
                    // Inside a highlight shortcode: only its closing shortcode ends the block.
                    if let shortcode = Shortcode(line: trimmed), shortcode.isClosing, shortcode.name == "highlight" {
                        lines[index] = (noteDepth.isEmpty ? "" : "> ") + "``````"
                        fence = nil
                    } else if !noteDepth.isEmpty {
                        lines[index] = "> " + line
                    }
                    index += 1
                    continue
                }
                if trimmed.hasPrefix(open) { fence = nil }
                if !noteDepth.isEmpty { lines[index] = "> " + line }
                index += 1
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                if !noteDepth.isEmpty { lines[index] = "> " + line }
                index += 1
                continue
            }
            if trimmed.hasPrefix("{{"), let shortcode = Shortcode(line: trimmed) {
                lines[index] = rewrite(shortcode, at: index, notes: &noteDepth, fence: &fence)
                index += 1
                continue
            }
            if noteDepth.isEmpty, let count = tableLength(lines, at: index) {
                tables.append(Self.parseTable(Array(lines[index..<(index + count)])))
                lines[index] = "<!--nakedblog-table:\(tables.count - 1)-->"
                for k in (index + 1)..<(index + count) { lines[k] = "" }
                index += count
                continue
            }
            if !noteDepth.isEmpty { lines[index] = "> " + line }
            lines[index] = Self.inlineShortcodes(lines[index])
            index += 1
        }
        text = lines.joined(separator: "\n")
    }

    /// The replacement for a line that is a whole shortcode.
    private func rewrite(_ shortcode: Shortcode, at index: Int, notes: inout [String],
                         fence: inout String?) -> String {
        let quote = notes.isEmpty ? "" : "> "
        if shortcode.isClosing {
            if shortcode.name == "highlight" { return quote + "```" }
            if Self.noteShortcodes.contains(shortcode.name), !notes.isEmpty {
                notes.removeLast()
                return notes.isEmpty ? "" : "> "
            }
            return quote + "<!--nakedblog-shortcode:/\(shortcode.name)-->"
        }
        switch shortcode.name {
        case "highlight":
            let language = shortcode.arguments.split(separator: " ").first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? ""
            if hasClosing(shortcode.name, after: index) {
                fence = Self.highlightFence
                // Backticks inside the code must not end the fence early: use a long fence.
                return quote + "``````" + language
            }
        case "figure":
            let src = shortcode.attribute("src") ?? ""
            let alt = shortcode.attribute("alt") ?? shortcode.attribute("caption") ?? shortcode.attribute("title") ?? ""
            return quote + "![\(alt)](\(src.replacingOccurrences(of: " ", with: "%20")))"
        case let name where Self.noteShortcodes.contains(name) && hasClosing(name, after: index):
            notes.append(name)
            let label = shortcode.arguments.isEmpty ? name : name + " " + shortcode.arguments
            return "> " + Self.notePrefix + label.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        default:
            break
        }
        let label = shortcode.arguments.isEmpty ? shortcode.name : shortcode.name + " " + shortcode.arguments
        return quote + "<!--nakedblog-shortcode:\(label.replacingOccurrences(of: "-->", with: "—>"))-->"
    }

    private func hasClosing(_ name: String, after index: Int) -> Bool {
        (lastClosing[name] ?? -1) > index
    }

    /// `{{< ref "x" >}}` / `relref` inside a line become `ref:x` link targets (scanned by hand:
    /// a regular expression per line cost more than the rest of the preview).
    static func inlineShortcodes(_ line: String) -> String {
        guard line.containsText("{{") else { return line }
        var result = ""
        var rest = Substring(line)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            let after = rest[open.lowerBound...]
            guard after.dropFirst(2).first == "<" || after.dropFirst(2).first == "%",
                  let close = after.range(of: "}}"), let shortcode = Shortcode(line: String(after[..<close.upperBound])),
                  !shortcode.isClosing, shortcode.name == "ref" || shortcode.name == "relref" else {
                result += "{{"
                rest = after.dropFirst(2)
                continue
            }
            let target = shortcode.arguments.split(separator: " ").first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? ""
            result += "ref:" + target
            rest = after[close.upperBound...]
        }
        return result + rest
    }

    /// The number of lines of a pipe table starting at `index` (header, delimiter, rows), or nil.
    private func tableLength(_ lines: [String], at index: Int) -> Int? {
        guard index + 1 < lines.count, lines[index].utf8.contains(0x7C), Self.isDelimiterRow(lines[index + 1]) else { return nil }
        let headerCells = Self.cells(lines[index]).count
        guard headerCells == Self.cells(lines[index + 1]).count else { return nil }
        var end = index + 2
        while end < lines.count, lines[end].utf8.contains(0x7C), !lines[end].trimmingBlanks().isEmpty { end += 1 }
        return end - index
    }

    static func isDelimiterRow(_ line: String) -> Bool {
        let cells = cells(line)
        return !cells.isEmpty && cells.allSatisfy { cell in
            let c = cell.trimmingBlanks()
            return c.count >= 1 && c.contains("-") && c.allSatisfy { $0 == "-" || $0 == ":" }
        }
    }

    /// Cells of a row: split on unescaped `|`, outer pipes dropped, trimmed.
    static func cells(_ line: String) -> [String] {
        var trimmed = line.trimmingBlanks()
        if trimmed.hasPrefix("|") { trimmed.removeFirst() }
        if trimmed.hasSuffix("|") && !trimmed.hasSuffix("\\|") { trimmed.removeLast() }
        var cells: [String] = []
        var current = ""
        var escaped = false
        var inCode = false
        for c in trimmed {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "`" { inCode.toggle() }
            if c == "|" && !inCode { cells.append(current.trimmingBlanks()); current = ""; continue }
            current.append(c)
        }
        cells.append(current.trimmingBlanks())
        return cells
    }

    static func parseTable(_ lines: [String]) -> Table {
        let header = cells(lines[0])
        let alignments = cells(lines[1]).map { cell -> TableAlignment in
            let c = cell.trimmingBlanks()
            if c.hasPrefix(":") && c.hasSuffix(":") { return .center }
            if c.hasSuffix(":") { return .right }
            return .left
        }
        let rows = lines.dropFirst(2).map { line -> [String] in
            var row = cells(line)
            if row.count < header.count { row += Array(repeating: "", count: header.count - row.count) }
            return Array(row.prefix(header.count))
        }
        return Table(header: header, alignments: alignments, rows: rows)
    }

    /// Puts escaped shortcode examples back as the literal text Hugo shows.
    static func unescape(_ text: String) -> String {
        guard text.containsText(escapedOpen) || text.containsText(escapedClose) else { return text }
        return text.replacingOccurrences(of: escapedOpen, with: "{{").replacingOccurrences(of: escapedClose, with: "}}")
    }
}

/// A line that is exactly one shortcode: `{{< name args >}}`, `{{% name %}}`, `{{< /name >}}`.
struct Shortcode {
    let name: String
    let arguments: String
    let isClosing: Bool

    init?(line: String) {
        guard line.hasPrefix("{{<") || line.hasPrefix("{{%"), line.hasSuffix(">}}") || line.hasSuffix("%}}"), line.count >= 6 else { return nil }
        var inner = String(line.dropFirst(3).dropLast(3)).trimmingBlanks()
        if inner.hasSuffix("/") { inner = String(inner.dropLast()).trimmingBlanks() }
        isClosing = inner.hasPrefix("/")
        if isClosing { inner = String(inner.dropFirst()).trimmingBlanks() }
        guard let first = inner.first, first.isLetter || first == "_" else { return nil }
        let name = inner.prefix { !$0.isWhitespace }
        guard !name.contains("{") && !name.contains("}") else { return nil }
        self.name = String(name)
        arguments = String(inner.dropFirst(name.count)).trimmingBlanks()
    }

    /// `key="value"` from the arguments.
    func attribute(_ key: String) -> String? {
        var rest = Substring(arguments)
        while let range = rest.range(of: key) {
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
