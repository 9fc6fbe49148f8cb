/// Reads front matter quickly for listing: a byte-level line scanner that understands the
/// simple YAML and TOML nearly every post uses, and hands anything else to the full parsers
/// (Yams, TOMLKit), so the answer is always the full parser's answer (tests compare the two).
package enum FastFrontMatter {
    package static func fields(of page: PageText, file: String) throws(ContentError) -> FrontMatterFields {
        guard let block = page.frontMatter else { return FrontMatterFields() }
        if let fields = Array(block.content.utf8).withUnsafeBufferPointer({
            simpleFields($0[...], format: block.format)
        }) {
            return fields
        }
        return try FrontMatterReader.fields(of: block, file: file)
    }

    /// The fields of a block's content in `format`, read by the line scanner; nil when the block
    /// needs the full parser (JSON always does).
    package static func simpleFields(_ content: Bytes, format: FrontMatterFormat) -> FrontMatterFields? {
        switch format {
        case .yaml: SimpleYAML.parse(content)
        case .toml: SimpleTOML.parse(content)
        case .json: nil
        }
    }
}

/// Bytes being read: a view into a buffer that stays valid for the whole read (an `ArraySlice`
/// retained and released its array at every slicing, a third of the reader's time).
package typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

package enum ASCII {
    package static let space: UInt8 = 0x20, tab: UInt8 = 0x09, newline: UInt8 = 0x0A, cr: UInt8 = 0x0D
    package static let hash: UInt8 = 0x23, dash: UInt8 = 0x2D, colon: UInt8 = 0x3A, comma: UInt8 = 0x2C
    package static let quote: UInt8 = 0x22, apostrophe: UInt8 = 0x27, backslash: UInt8 = 0x5C
    package static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D, equals: UInt8 = 0x3D

    package static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }

    package static func isKeyByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == dash
    }

    /// Lines without their `\n` / `\r\n`, one at a time (no array of lines is made).
    package struct Lines: Sequence, IteratorProtocol {
        var rest: Bytes

        package mutating func next() -> Bytes? {
            guard !rest.isEmpty else { return nil }
            let newlineAt = rest.firstIndex(of: ASCII.newline)
            var end = newlineAt ?? rest.endIndex
            let line = rest[..<end]
            rest = newlineAt.map { rest[($0 + 1)...] } ?? rest[rest.endIndex...]
            if end > line.startIndex, line[end - 1] == ASCII.cr { end -= 1 }
            return line[..<end]
        }
    }

    package static func lines(_ bytes: Bytes) -> Lines { Lines(rest: bytes) }

    package static func dropBlanks(_ s: Bytes) -> Bytes { s.drop(while: isBlank) }

    package static func trimTrailingBlanks(_ s: Bytes) -> Bytes {
        var s = s
        while let last = s.last, isBlank(last) { s = s.dropLast() }
        return s
    }

    package static func string(_ s: Bytes) -> String { String(decoding: s, as: UTF8.self) }

    package static func contains(_ s: Bytes, _ a: UInt8, _ b: UInt8) -> Bool {
        var previous: UInt8 = 0
        for byte in s {
            if previous == a && byte == b { return true }
            previous = byte
        }
        return false
    }
}

/// YAML limited to top-level `key: scalar`, one-line flow lists and block lists of scalars.
/// Returns nil for anything else (nested maps, block scalars, anchors, tags, duplicates…).
package enum SimpleYAML {
    package static func parse(_ bytes: Bytes) -> FrontMatterFields? {
        var fields: [FrontMatterField] = []
        fields.reserveCapacity(8)
        // The block list being read: its field and items, stored when the list ends (appending
        // to the field's value in place would copy the list at every item: quadratic).
        var openList: Int?
        var openItems: [FrontMatterValue] = []
        // Keys seen, hashed once there are more than a few (a linear scan is quadratic for
        // thousands of keys).
        var keys = Set<String>()
        func closeList() {
            if let index = openList, !openItems.isEmpty { fields[index].value = .list(openItems) }
            openList = nil
            openItems = []
        }
        for line in ASCII.lines(bytes) {
            let trimmed = ASCII.dropBlanks(line)
            guard let first = trimmed.first, first != ASCII.hash else { continue }
            if first == ASCII.dash {
                let afterDash = trimmed.dropFirst()
                guard openList != nil, afterDash.isEmpty || afterDash.first == ASCII.space,
                    let item = scalar(ASCII.dropBlanks(afterDash))
                else { return nil }
                openItems.append(item)
                continue
            }
            guard let head = line.first, !ASCII.isBlank(head), let colon = keyEnd(line) else { return nil }
            let key = ASCII.string(line[line.startIndex..<colon])
            // Duplicate keys are an error for the full parser: let it report them. (A few keys:
            // a linear scan beats hashing.)
            if fields.count < 16 {
                guard !fields.contains(where: { $0.key == key }) else { return nil }
                if fields.count == 15 { keys = Set(fields.map(\.key)); keys.insert(key) }
            } else {
                guard keys.insert(key).inserted else { return nil }
            }
            closeList()
            let rest = ASCII.dropBlanks(line[(colon + 1)...])
            if rest.isEmpty || rest.first == ASCII.hash {
                fields.append(FrontMatterField(key: key, value: .null))
                openList = fields.count - 1
                continue
            }
            guard let value = rest.first == ASCII.openBracket ? flowList(rest) : scalar(rest) else { return nil }
            fields.append(FrontMatterField(key: key, value: value))
        }
        closeList()
        return FrontMatterFields(fields)
    }

    /// Index of the `:` ending a simple key, if followed by a space or the end of the line.
    private static func keyEnd(_ line: Bytes) -> Int? {
        var index = line.startIndex
        while index < line.endIndex, ASCII.isKeyByte(line[index]) { index += 1 }
        guard index > line.startIndex, index < line.endIndex, line[index] == ASCII.colon else { return nil }
        return index + 1 == line.endIndex || line[index + 1] == ASCII.space ? index : nil
    }

    /// A quoted or plain scalar, with an optional trailing comment.
    package static func scalar(_ text: Bytes) -> FrontMatterValue? {
        guard let first = text.first else { return .null }
        if first == ASCII.quote || first == ASCII.apostrophe {
            guard let (value, rest) = QuotedString.read(text, yamlStyle: true) else { return nil }
            let after = ASCII.dropBlanks(rest)
            return after.isEmpty || (after.first == ASCII.hash && rest.first == ASCII.space) ? .string(value) : nil
        }
        switch first {
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "&"),
            UInt8(ascii: "*"),
            UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"),
            UInt8(ascii: ","), UInt8(ascii: "?"):
            return nil
        default: break
        }
        var value = text
        var index = value.startIndex
        while index + 1 < value.endIndex {
            if value[index] == ASCII.space && value[index + 1] == ASCII.hash { value = value[..<index]; break }
            index += 1
        }
        value = ASCII.trimTrailingBlanks(value)
        if ASCII.contains(value, ASCII.colon, ASCII.space) || value.last == ASCII.colon || value.contains(ASCII.tab) {
            return nil
        }
        return YAMLScalar.resolve(plain: ASCII.string(value))
    }

    /// `[a, "b", c]` on one line; nil for nesting or anything unusual.
    private static func flowList(_ text: Bytes) -> FrontMatterValue? {
        var rest = ASCII.dropBlanks(text.dropFirst())
        var items: [FrontMatterValue] = []
        while true {
            if rest.first == ASCII.closeBracket {
                let after = ASCII.dropBlanks(rest.dropFirst())
                return after.isEmpty || after.first == ASCII.hash ? .list(items) : nil
            }
            if rest.first == ASCII.quote || rest.first == ASCII.apostrophe {
                guard let (value, after) = QuotedString.read(rest, yamlStyle: true) else { return nil }
                items.append(.string(value))
                rest = ASCII.dropBlanks(after)
            } else {
                guard let end = rest.firstIndex(where: { $0 == ASCII.comma || $0 == ASCII.closeBracket }) else {
                    return nil
                }
                let plain = ASCII.trimTrailingBlanks(rest[..<end])
                guard !plain.isEmpty, !plain.contains(where: { "[]{}#&*!|>\"'".utf8.contains($0) }),
                    !ASCII.contains(plain, ASCII.colon, ASCII.space)
                else { return nil }
                items.append(YAMLScalar.resolve(plain: ASCII.string(plain)))
                rest = rest[end...]
            }
            if rest.first == ASCII.comma {
                rest = ASCII.dropBlanks(rest.dropFirst())
            } else if rest.first != ASCII.closeBracket {
                return nil
            }
        }
    }
}

/// TOML limited to root-level `key = scalar` and one-line arrays of scalars.
package enum SimpleTOML {
    package static func parse(_ bytes: Bytes) -> FrontMatterFields? {
        var fields: [FrontMatterField] = []
        var keys = Set<String>()  // once there are more than a few (see SimpleYAML)
        for line in ASCII.lines(bytes) {
            let trimmed = ASCII.dropBlanks(line)
            guard let first = trimmed.first, first != ASCII.hash else { continue }
            guard let equals = trimmed.firstIndex(of: ASCII.equals) else { return nil }
            let keyBytes = ASCII.trimTrailingBlanks(trimmed[..<equals])
            guard !keyBytes.isEmpty, keyBytes.allSatisfy(ASCII.isKeyByte) else { return nil }
            let key = ASCII.string(keyBytes)
            if fields.count < 16 {
                guard !fields.contains(where: { $0.key == key }) else { return nil }
                if fields.count == 15 { keys = Set(fields.map(\.key)); keys.insert(key) }
            } else {
                guard keys.insert(key).inserted else { return nil }
            }
            guard let (value, after) = value(ASCII.dropBlanks(trimmed[(equals + 1)...])) else { return nil }
            let tail = ASCII.dropBlanks(after)
            guard tail.isEmpty || tail.first == ASCII.hash else { return nil }
            fields.append(FrontMatterField(key: key, value: value))
        }
        return FrontMatterFields(fields)
    }

    private static func value(_ text: Bytes) -> (FrontMatterValue, Bytes)? {
        guard let first = text.first else { return nil }
        if first == ASCII.quote || first == ASCII.apostrophe {
            if text.count >= 3, text.prefix(3).allSatisfy({ $0 == first }) { return nil }
            guard let (string, rest) = QuotedString.read(text, yamlStyle: false) else { return nil }
            return (.string(string), rest)
        }
        if first == ASCII.openBracket {
            var rest = ASCII.dropBlanks(text.dropFirst())
            var items: [FrontMatterValue] = []
            while true {
                if rest.first == ASCII.closeBracket { return (.list(items), rest.dropFirst()) }
                guard let (item, after) = value(rest) else { return nil }
                if case .list = item { return nil }
                items.append(item)
                rest = ASCII.dropBlanks(after)
                if rest.first == ASCII.comma {
                    rest = ASCII.dropBlanks(rest.dropFirst())
                } else if rest.first != ASCII.closeBracket {
                    return nil
                }
            }
        }
        let end = text.firstIndex { $0 == ASCII.comma || $0 == ASCII.closeBracket || $0 == ASCII.hash } ?? text.endIndex
        let word = ASCII.string(ASCII.trimTrailingBlanks(text[..<end]))
        let rest = text[end...]
        if word == "true" { return (.bool(true), rest) }
        if word == "false" { return (.bool(false), rest) }
        if let int = Int(word), word.first != "0" || word == "0", !word.hasPrefix("+") { return (.int(int), rest) }
        if HugoDate.parse(word) != nil { return (.date(word), rest) }
        return nil
    }
}

/// Reads a quoted string at the start of `text`; returns the value and what follows it.
/// Only common escapes are accepted; anything else returns nil (the full parser decides).
package enum QuotedString {
    package static func read(_ text: Bytes, yamlStyle: Bool) -> (String, Bytes)? {
        guard let quote = text.first else { return nil }
        // Fast path: no escapes before the closing quote.
        var scan = text.startIndex + 1
        while scan < text.endIndex, text[scan] != quote, text[scan] != ASCII.backslash { scan += 1 }
        if scan < text.endIndex, text[scan] == quote,
            !(quote == ASCII.apostrophe && yamlStyle && scan + 1 < text.endIndex && text[scan + 1] == ASCII.apostrophe)
        {
            return (String(decoding: text[(text.startIndex + 1)..<scan], as: UTF8.self), text[(scan + 1)...])
        }
        var result: [UInt8] = []
        var index = text.startIndex + 1
        while index < text.endIndex {
            let byte = text[index]
            if byte == quote {
                if quote == ASCII.apostrophe && yamlStyle && index + 1 < text.endIndex
                    && text[index + 1] == ASCII.apostrophe
                {
                    result.append(ASCII.apostrophe)
                    index += 2
                    continue
                }
                return (String(decoding: result, as: UTF8.self), text[(index + 1)...])
            }
            if byte == ASCII.backslash && quote == ASCII.quote {
                guard index + 1 < text.endIndex else { return nil }
                switch text[index + 1] {
                case ASCII.quote: result.append(ASCII.quote)
                case ASCII.backslash: result.append(ASCII.backslash)
                case UInt8(ascii: "n"): result.append(ASCII.newline)
                case UInt8(ascii: "t"): result.append(ASCII.tab)
                case UInt8(ascii: "/") where yamlStyle: result.append(UInt8(ascii: "/"))
                default: return nil
                }
                index += 2
                continue
            }
            result.append(byte)
            index += 1
        }
        return nil
    }

    /// The same for a Substring (used by the template parser and list editing).
    package static func read(_ text: Substring, yamlStyle: Bool) -> (String, Substring)? {
        let bytes = Array(text.utf8)
        guard
            let (value, restCount) = bytes.withUnsafeBufferPointer({ buffer -> (String, Int)? in
                read(buffer[...], yamlStyle: yamlStyle).map { ($0.0, $0.1.count) }
            })
        else { return nil }
        let consumed = bytes.count - restCount
        let index = text.utf8.index(text.startIndex, offsetBy: consumed)
        return (value, text[index...])
    }
}
