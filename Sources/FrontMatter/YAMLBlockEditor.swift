import Foundation

/// Line-level edits of a YAML front matter block.
package struct YAMLBlockEditor: LineFieldEditor {
    /// A top-level field: its key and the lines it spans.
    package struct Field: LineField {
        package let key: String
        package let lines: Range<Int>
        package var isEditable: Bool { true }
    }

    package let text: BlockLines
    package init(text: BlockLines) { self.text = text }

    package func fields() -> [Field] {
        var result: [Field] = []
        var index = 0
        while index < lines.count {
            guard let (key, _) = Self.keyLine(Self.content(lines[index])) else { index += 1; continue }
            var end = index + 1
            var probe = end
            while probe < lines.count {
                let line = Self.content(lines[probe])
                if line.first == " " || line.first == "\t" || line.hasPrefix("-") && !line.hasPrefix("---") {
                    probe += 1
                    end = probe
                } else if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") {
                    probe += 1  // part of the field only if a continuation line follows
                } else {
                    break
                }
            }
            result.append(Field(key: key, lines: index..<end))
            index = end
        }
        return result
    }

    package func setting(_ key: String, to value: FrontMatterValue) throws(ContentError) -> String {
        replacingOrInserting(key, with: value)
    }

    /// After `date` or `title` if present, else at the end.
    package func insertionIndex() -> Int {
        let all = fields()
        for anchor in InsertionAnchor.after.reversed() {
            if let field = all.first(where: { $0.key.lowercased() == anchor }) { return field.lines.upperBound }
        }
        return lines.count
    }

    /// The lines for `key: value`, in the style of the field being replaced (or of the file).
    package func renderLines(key: String, value: FrontMatterValue, replacing field: Field?) -> [String] {
        var prefix = key + ": "
        var ending = lineEnding
        var oldText = ""
        var comment = ""
        if let field {
            let line = lines[field.lines.lowerBound]
            ending = line.utf8.suffix(2).elementsEqual([0x0D, 0x0A]) ? "\r\n" : "\n"
            let content = Self.content(line)
            if let (_, valueStart) = Self.keyLine(content) {
                prefix = String(content[..<valueStart])
                (oldText, comment) = Self.splitComment(content[valueStart...])
            }
        }
        let glue = prefix.hasSuffix(" ") || prefix.hasSuffix("\t") ? "" : " "
        if case .list(let items) = value,
            let block = blockListStyle(field) ?? (field == nil ? fileBlockListStyle() : nil)
        {
            let head = String(prefix.trimmingTrailingSpaces())
            if items.isEmpty { return [head + " []" + comment + ending] }
            let oldItems = field.map { blockItems($0) } ?? []
            let rendered = ListItemReuse.render(items, old: oldItems.map(\.raw)) {
                YAMLScalarWriter.write($0, style: block.quote)
            }
            // An item kept is its old line; an item in the place of one that went (a rename)
            // takes that line with the new value in the old one's place, so its indent and
            // comment stay; any other is a new line.
            let kept = Set(rendered)
            return [head + comment + ending]
                + rendered.enumerated().map { position, raw in
                    if let same = oldItems.first(where: { $0.raw == raw })?.line { return same }
                    if position < oldItems.count, !kept.contains(oldItems[position].raw) {
                        let line = oldItems[position].line
                        if let marker = line.range(of: "- "),
                            let range = line.range(of: oldItems[position].raw, range: marker.upperBound..<line.endIndex)
                        {
                            return line.replacingCharacters(in: range, with: raw)
                        }
                    }
                    return block.indent + "- " + raw + ending
                }
        }
        if case .list(let items) = value, let old = ListItemReuse.flowItems(oldText) {
            let itemStyle = old.items.first.map { QuoteStyle.of(Substring($0)) } ?? fileQuoteStyle()
            let rendered = ListItemReuse.render(items, old: old.items) { YAMLScalarWriter.write($0, style: itemStyle) }
            return [prefix + glue + "[" + rendered.joined(separator: old.separator) + "]" + comment + ending]
        }
        let style: QuoteStyle
        if case .list = value {
            style = listItemStyle(oldText) ?? fileQuoteStyle()
        } else if let field, field.lines.count == 1, !oldText.isEmpty {
            style = QuoteStyle.of(oldText[...])
        } else if case .date = value {
            style = .plain  // a new date is a timestamp, whatever the file quotes its strings with
        } else {
            style = fileQuoteStyle()
        }
        return [prefix + glue + YAMLScalarWriter.write(value, style: style) + comment + ending]
    }

    /// The item lines of a block list field: each raw item and its whole line.
    private func blockItems(_ field: Field) -> [(raw: String, line: String)] {
        field.lines.dropFirst().compactMap { index in
            let content = Self.content(lines[index])
            let rest = content.drop { $0 == " " }
            guard rest.hasPrefix("- ") else { return nil }
            return (Self.splitComment(rest.dropFirst(2)).0, lines[index])
        }
    }

    /// The block-list layout of `field` (items on their own lines), if it has one.
    private func blockListStyle(_ field: Field?) -> (indent: String, quote: QuoteStyle)? {
        guard let field, field.lines.count > 1 else { return nil }
        for index in field.lines.dropFirst() {
            let line = Self.content(lines[index])
            let indent = String(line.prefix { $0 == " " })
            let rest = line.dropFirst(indent.count)
            if rest.hasPrefix("- ") { return (indent, QuoteStyle.of(rest.dropFirst(2))) }
        }
        return nil
    }

    /// The file's list layout for a new list field: block if its lists are block lists.
    private func fileBlockListStyle() -> (indent: String, quote: QuoteStyle)? {
        for field in fields() { if let style = blockListStyle(field) { return style } }
        return nil
    }

    private func listItemStyle(_ text: String) -> QuoteStyle? {
        guard text.hasPrefix("["), let first = text.dropFirst().drop(while: { $0 == " " }).first, first != "]" else {
            return nil
        }
        return first == "\"" ? .double : first == "'" ? .single : .plain
    }

    /// The quote style of the file's `title` (or its first string value); double quotes by default.
    private func fileQuoteStyle() -> QuoteStyle {
        let all = fields()
        let ordered = all.filter { $0.key.lowercased() == "title" } + all
        for field in ordered where field.lines.count == 1 {
            let content = Self.content(lines[field.lines.lowerBound])
            guard let (_, valueStart) = Self.keyLine(content) else { continue }
            let value = Self.splitComment(content[valueStart...]).0
            guard let first = value.first else { continue }
            if first == "\"" { return .double }
            if first == "'" { return .single }
            if YAMLScalar.resolve(plain: value) == .string(value) { return .plain }
        }
        return .double
    }

    /// `key:` at the start of a line; returns the key and where the value starts.
    package static func keyLine(_ line: String) -> (String, String.Index)? {
        guard let first = line.first, first != " ", first != "\t", first != "#", first != "-", first != "\r",
            first != "\n"
        else { return nil }
        var key = ""
        var index = line.startIndex
        if first == "\"" || first == "'" {
            guard let close = line[line.index(after: index)...].firstIndex(of: first) else { return nil }
            key = String(line[line.index(after: index)..<close])
            index = line.index(after: close)
        } else {
            while index < line.endIndex, line[index] != ":", line[index] != "\n", line[index] != "#" {
                index = line.index(after: index)
            }
            key = line[..<index].trimmingCharacters(in: .whitespaces)
        }
        while index < line.endIndex, line[index] == " " { index = line.index(after: index) }
        guard index < line.endIndex, line[index] == ":" else { return nil }
        index = line.index(after: index)
        guard
            index == line.endIndex || line[index] == " " || line[index] == "\t" || line[index] == "\r"
                || line[index] == "\n"
        else { return nil }
        while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index) }
        return (key, index)
    }

    /// A line without its ending (`\n` or `\r\n`; note `"\r\n"` is one Character in Swift).
    package static func content(_ line: String) -> String {
        var utf8 = Substring(line).utf8
        if utf8.last == 0x0A { utf8 = utf8.dropLast() }
        if utf8.last == 0x0D { utf8 = utf8.dropLast() }
        return String(Substring(utf8))
    }

    /// Whether `line` ends with a line break.
    package static func endsWithNewline(_ line: String) -> Bool { line.utf8.last == 0x0A }

    /// Splits `value # comment` (outside quotes) into the value and the comment with its spacing.
    package static func splitComment<S: StringProtocol>(_ raw: S) -> (String, String) {
        let text = String(raw)
        var quote: Character?
        var previous: Character = " "
        for index in text.indices {
            let c = text[index]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'", previous == " " || index == text.startIndex {
                quote = c
            } else if c == "#", previous == " " || previous == "\t" {
                var start = index
                while start > text.startIndex,
                    text[text.index(before: start)] == " " || text[text.index(before: start)] == "\t"
                {
                    start = text.index(before: start)
                }
                return (String(text[..<start]), String(text[start...]))
            }
            previous = c
        }
        let value = text.trimmingTrailingSpaces()
        return (String(value), String(text[value.endIndex...]))
    }
}
