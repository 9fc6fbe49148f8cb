import Foundation

/// Line-level edits of a TOML front matter block. Only root-level keys (before the first
/// `[table]` header) are edited; new keys are added there too.
package struct TOMLBlockEditor: LineFieldEditor {
    package struct Field: LineField {
        package let key: String
        package let lines: Range<Int>
        package let dotted: Bool
        package var isEditable: Bool { !dotted }
    }

    package let text: BlockLines
    package init(text: BlockLines) { self.text = text }

    /// Index of the first table header line (end of the root table).
    package var rootEnd: Int { lines.firstIndex(where: TOMLSyntax.isHeader) ?? lines.count }

    package func fields() -> [Field] {
        var result: [Field] = []
        var index = 0
        while index < rootEnd {
            let line = YAMLBlockEditor.content(lines[index])
            guard let key = TOMLSyntax.rootKey(of: line) else { index += 1; continue }
            let keyPart = (line.split(separator: "=", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
            let dotted = ![key, "\"\(key)\"", "'\(key)'"].contains(keyPart)
            var end = index + 1
            var state = ValueScan()
            state.feed(String(valuePart(of: line)))
            while !state.complete, end < rootEnd {
                state.feed("\n" + YAMLBlockEditor.content(lines[end]))
                end += 1
            }
            result.append(Field(key: key, lines: index..<end, dotted: dotted))
            index = end
        }
        return result
    }

    package func setting(_ key: String, to value: FrontMatterValue) throws(ContentError) -> String {
        if let field = field(key), !field.isEditable {
            throw ContentError(
                file: file, line: firstLine + field.lines.lowerBound,
                problem: "`\(key)` is written as a dotted TOML key",
                hint: "Edit it by hand; nakedblog changes only plain `key = value` fields")
        }
        return replacingOrInserting(key, with: value)
    }

    package func renderLines(key: String, value: FrontMatterValue, replacing field: Field?) -> [String] {
        [render(key: field?.key ?? key, value: value, replacing: field)]
    }

    package func insertionIndex() -> Int {
        let all = fields()
        for anchor in InsertionAnchor.after.reversed() {
            if let field = all.first(where: { $0.key.lowercased() == anchor }) { return field.lines.upperBound }
        }
        // End of the root table, before the blank lines and comments that lead into a header.
        var at = rootEnd
        if at < lines.count {
            while at > 0,
                YAMLBlockEditor.content(lines[at - 1]).trimmingCharacters(in: .whitespaces).isEmpty
                    || YAMLBlockEditor.content(lines[at - 1]).trimmingCharacters(in: .whitespaces).hasPrefix("#")
            {
                at -= 1
            }
        }
        return at
    }

    private func render(key: String, value: FrontMatterValue, replacing field: Field?) -> String {
        guard let field else {
            let keyText =
                key.allSatisfy(TOMLSyntax.isBareKeyCharacter) ? key : TOMLValueWriter.string(key, style: .double)
            return keyText + " = " + TOMLValueWriter.write(value, style: fileQuoteStyle(for: value)) + lineEnding
        }
        let first = lines[field.lines.lowerBound]
        let last = lines[field.lines.upperBound - 1]
        let ending =
            last.utf8.suffix(2).elementsEqual([0x0D, 0x0A]) ? "\r\n" : YAMLBlockEditor.endsWithNewline(last) ? "\n" : ""
        let content = YAMLBlockEditor.content(first)
        let equals = content.firstIndex(of: "=")!
        var valueStart = content.index(after: equals)
        while valueStart < content.endIndex, content[valueStart] == " " || content[valueStart] == "\t" {
            valueStart = content.index(after: valueStart)
        }
        let prefix = String(content[..<valueStart])
        let oldValue = content[valueStart...]
        let comment = field.lines.count == 1 ? trailingComment(oldValue) : ""
        var style = QuoteStyle.of(oldValue)
        if oldValue.hasPrefix("[") { style = QuoteStyle.of(oldValue.dropFirst().drop { $0 == " " }) }
        if case .date = value, style == .plain, !oldValue.hasPrefix("[") {
            style = .plain
        } else if style == .plain, !isBareValue(value) {
            style = .double
        }
        if case .list(let items) = value, field.lines.count > 2, String(oldValue).trimmingSpaces() == "[",
            YAMLBlockEditor.content(lines[field.lines.upperBound - 1]).trimmingSpaces() == "]"
        {
            return multiLineArray(items, field: field)
        }
        if case .list(let items) = value, field.lines.count == 1, let old = ListItemReuse.flowItems(String(oldValue)) {
            let itemStyle: QuoteStyle = style == .single ? .single : .double
            let rendered = ListItemReuse.render(items, old: old.items) { TOMLValueWriter.write($0, style: itemStyle) }
            return prefix + "[" + rendered.joined(separator: old.separator) + "]" + comment + ending
        }
        return prefix + TOMLValueWriter.write(value, style: style) + comment + ending
    }

    /// Rewrites a one-item-per-line array, keeping the lines of items that stay.
    private func multiLineArray(_ items: [FrontMatterValue], field: Field) -> String {
        let first = field.lines.lowerBound, last = field.lines.upperBound - 1
        let parsed = lines[(first + 1)..<last].map { line -> (raw: String, hasComma: Bool, line: String) in
            var raw = YAMLBlockEditor.content(line).trimmingSpaces()
            let hasComma = raw.hasSuffix(",")
            if hasComma { raw.removeLast() }
            return (raw.trimmingSpaces(), hasComma, line)
        }
        let sample = parsed.first.map { YAMLBlockEditor.content($0.line) } ?? "    \"x\","
        let indent = String(sample.prefix { $0 == " " || $0 == "\t" })
        let trailingComma = parsed.last?.hasComma ?? true
        let style: QuoteStyle = parsed.first.map { QuoteStyle.of(Substring($0.raw)) } == .single ? .single : .double
        let rendered = ListItemReuse.render(items, old: parsed.map(\.raw)) { TOMLValueWriter.write($0, style: style) }
        var out = lines[first]
        for (position, raw) in rendered.enumerated() {
            let comma = trailingComma || position < rendered.count - 1
            if let old = parsed.first(where: { $0.raw == raw && $0.hasComma == comma }) {
                out += old.line
            } else {
                out += indent + raw + (comma ? "," : "") + lineEnding
            }
        }
        return out + lines[last]
    }

    private func isBareValue(_ value: FrontMatterValue) -> Bool {
        switch value {
        case .int, .double, .bool, .date: return true
        default: return false
        }
    }

    /// The file's string quote style (its title's, else the first string's).
    private func fileQuoteStyle(for value: FrontMatterValue) -> QuoteStyle {
        if case .date = value { return .plain }
        let all = fields()
        for field in all.filter({ $0.key.lowercased() == "title" }) + all where field.lines.count == 1 {
            let value = valuePart(of: YAMLBlockEditor.content(lines[field.lines.lowerBound]))
            if value.hasPrefix("'") { return .single }
            if value.hasPrefix("\"") { return .double }
        }
        return .double
    }

    private func valuePart(of line: String) -> Substring {
        guard let equals = line.firstIndex(of: "=") else { return "" }
        return line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
    }

    private func trailingComment(_ value: Substring) -> String {
        var state = ValueScan()
        for (offset, c) in value.enumerated() {
            if c == "#" && !state.inString {
                var start = value.index(value.startIndex, offsetBy: offset)
                while start > value.startIndex,
                    value[value.index(before: start)] == " " || value[value.index(before: start)] == "\t"
                {
                    start = value.index(before: start)
                }
                return String(value[start...])
            }
            state.feed(String(c))
        }
        return ""
    }
}

/// Tracks whether a TOML value is complete: brackets balanced and strings (incl. multi-line) closed.
package struct ValueScan {
    private var depth = 0
    private var quote: String?
    private var escaped = false
    private var sawValue = false
    private var tail = ""

    package var inString: Bool { quote != nil }
    package var complete: Bool { quote == nil && depth == 0 && sawValue }

    package mutating func feed(_ text: String) {
        for c in text {
            tail = String((tail + String(c)).suffix(3))
            if let q = quote {
                if escaped { escaped = false; continue }
                if c == "\\" && q.first == "\"" { escaped = true; continue }
                if q.count == 3 ? tail == q : String(c) == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'":
                sawValue = true
                quote = String(c)
            case "[", "{": depth += 1; sawValue = true
            case "]", "}": depth -= 1
            case "#": if depth == 0 && sawValue { return }
            case " ", "\t", "\n", "\r": break
            default: sawValue = true
            }
            if quote != nil, tail.count == 3, tail == String(repeating: tail.first!, count: 3) { quote = tail }
        }
    }
}
