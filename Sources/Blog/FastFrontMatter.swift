/// Reads front matter quickly for listing: a line scanner that understands the simple YAML and
/// TOML nearly every post uses, and hands anything else to the full parsers (Yams, TOMLKit),
/// so the answer is always the full parser's answer.
enum FastFrontMatter {
    static func fields(of page: PageText, file: String) throws(ContentError) -> FrontMatterFields {
        guard let block = page.frontMatter else { return FrontMatterFields() }
        switch block.format {
        case .yaml: if let fields = SimpleYAML.parse(block.content) { return fields }
        case .toml: if let fields = SimpleTOML.parse(block.content) { return fields }
        case .json: break
        }
        return try FrontMatterReader.fields(of: block, file: file)
    }
}

/// YAML limited to top-level `key: scalar`, one-line flow lists and block lists of scalars.
/// Returns nil for anything else (nested maps, block scalars, anchors, tags, duplicates…).
enum SimpleYAML {
    static func parse(_ text: String) -> FrontMatterFields? {
        var fields: [FrontMatterField] = []
        var seen = Set<String>()
        var openList: Int?  // index of a field whose block list is being read
        for line in Lines(text) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.first == "#" { continue }
            if trimmed.first == "-" {
                guard let index = openList, trimmed.hasPrefix("- ") || trimmed == "-" else { return nil }
                guard let item = scalar(trimmed.dropFirst(1).drop { $0 == " " }) else { return nil }
                if case .list(let items) = fields[index].value {
                    fields[index].value = .list(items + [item])
                } else {
                    fields[index].value = .list([item])
                }
                continue
            }
            guard line.first != " ", line.first != "\t", let colon = keyEnd(line) else { return nil }
            let key = String(line[..<colon])
            guard seen.insert(key).inserted else { return nil }
            let rest = line[line.index(after: colon)...].drop { $0 == " " }
            openList = nil
            if rest.isEmpty || rest.first == "#" {
                fields.append(FrontMatterField(key: key, value: .null))
                openList = fields.count - 1
                continue
            }
            guard let value = rest.first == "[" ? flowList(rest) : scalar(rest) else { return nil }
            fields.append(FrontMatterField(key: key, value: value))
        }
        return FrontMatterFields(fields)
    }

    /// End of a simple key (`[A-Za-z0-9_]` and `-`) followed by `:` and a space or end of line.
    private static func keyEnd(_ line: Substring) -> Substring.Index? {
        var index = line.startIndex
        while index < line.endIndex, let ascii = line[index].asciiValue,
              (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
                || ascii == 0x5F || ascii == 0x2D {
            index = line.index(after: index)
        }
        guard index > line.startIndex, index < line.endIndex, line[index] == ":" else { return nil }
        let next = line.index(after: index)
        return next == line.endIndex || line[next] == " " ? index : nil
    }

    /// A quoted or plain scalar, with an optional trailing comment.
    static func scalar(_ text: Substring) -> FrontMatterValue? {
        guard let first = text.first else { return .null }
        if first == "\"" || first == "'" {
            guard let (value, rest) = QuotedString.read(text, yamlStyle: true) else { return nil }
            let after = rest.drop { $0 == " " }
            return after.isEmpty || after.first == "#" && rest.first == " " ? .string(value) : nil
        }
        if "[]{}&*!|>%@`,?".contains(first) { return nil }
        var value = text
        if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
        while value.last == " " { value = value.dropLast() }
        if value.contains(": ") || value.hasSuffix(":") || value.contains("\t") { return nil }
        return YAMLScalar.resolve(plain: String(value))
    }

    /// `[a, "b", c]` on one line; nil for nesting or anything unusual.
    private static func flowList(_ text: Substring) -> FrontMatterValue? {
        var rest = text.dropFirst().drop { $0 == " " }
        var items: [FrontMatterValue] = []
        while true {
            if rest.first == "]" {
                let after = rest.dropFirst().drop { $0 == " " }
                return after.isEmpty || after.first == "#" ? .list(items) : nil
            }
            if rest.first == "\"" || rest.first == "'" {
                guard let (value, after) = QuotedString.read(rest, yamlStyle: true) else { return nil }
                items.append(.string(value))
                rest = after.drop { $0 == " " }
            } else {
                guard let end = rest.firstIndex(where: { $0 == "," || $0 == "]" }) else { return nil }
                var plain = rest[..<end]
                while plain.last == " " { plain = plain.dropLast() }
                guard !plain.isEmpty, !plain.contains(where: { "[]{}#&*!|>\"'".contains($0) }), !plain.contains(": ") else { return nil }
                items.append(YAMLScalar.resolve(plain: String(plain)))
                rest = rest[end...]
            }
            if rest.first == "," { rest = rest.dropFirst().drop { $0 == " " } } else if rest.first != "]" { return nil }
        }
    }
}

/// TOML limited to root-level `key = scalar` and one-line arrays of scalars.
enum SimpleTOML {
    static func parse(_ text: String) -> FrontMatterFields? {
        var fields: [FrontMatterField] = []
        var seen = Set<String>()
        for line in Lines(text) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.first == "#" { continue }
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            var key = trimmed[..<equals]
            while key.last == " " || key.last == "\t" { key = key.dropLast() }
            guard !key.isEmpty, key.allSatisfy(TOMLSyntax.isBareKeyCharacter), seen.insert(String(key)).inserted else { return nil }
            let rest = trimmed[trimmed.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            guard let (value, after) = value(rest) else { return nil }
            let tail = after.drop { $0 == " " || $0 == "\t" }
            guard tail.isEmpty || tail.first == "#" else { return nil }
            fields.append(FrontMatterField(key: String(key), value: value))
        }
        return FrontMatterFields(fields)
    }

    private static func value(_ text: Substring) -> (FrontMatterValue, Substring)? {
        guard let first = text.first else { return nil }
        if first == "\"" || first == "'" {
            if text.hasPrefix("\"\"\"") || text.hasPrefix("'''") { return nil }
            guard let (string, rest) = QuotedString.read(text, yamlStyle: false) else { return nil }
            return (.string(string), rest)
        }
        if first == "[" {
            var rest = text.dropFirst().drop { $0 == " " }
            var items: [FrontMatterValue] = []
            while true {
                if rest.first == "]" { return (.list(items), rest.dropFirst()) }
                guard let (item, after) = value(rest), !isList(item) else { return nil }
                items.append(item)
                rest = after.drop { $0 == " " }
                if rest.first == "," { rest = rest.dropFirst().drop { $0 == " " } } else if rest.first != "]" { return nil }
            }
        }
        let end = text.firstIndex { $0 == "," || $0 == "]" || $0 == "#" } ?? text.endIndex
        var token = text[..<end]
        while token.last == " " || token.last == "\t" { token = token.dropLast() }
        let word = String(token)
        if word == "true" { return (.bool(true), text[end...]) }
        if word == "false" { return (.bool(false), text[end...]) }
        if let int = Int(word.replacingOccurrences(of: "_", with: "")), word.first != "0" || word == "0" { return (.int(int), text[end...]) }
        if HugoDate.parse(word) != nil { return (.date(word), text[end...]) }
        return nil
    }

    private static func isList(_ value: FrontMatterValue) -> Bool {
        if case .list = value { return true }
        return false
    }
}

/// Reads a quoted string at the start of `text`; returns the value and what follows it.
/// Only common escapes are accepted; anything else returns nil (the full parser decides).
enum QuotedString {
    static func read(_ text: Substring, yamlStyle: Bool) -> (String, Substring)? {
        guard let quote = text.first else { return nil }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let c = text[index]
            if c == quote {
                let next = text.index(after: index)
                if quote == "'" && yamlStyle && next < text.endIndex && text[next] == "'" {
                    result.append("'")
                    index = text.index(after: next)
                    continue
                }
                return (result, text[next...])
            }
            if c == "\\" && quote == "\"" {
                let next = text.index(after: index)
                guard next < text.endIndex else { return nil }
                switch text[next] {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "/" where yamlStyle: result.append("/")
                default: return nil
                }
                index = text.index(after: next)
                continue
            }
            result.append(c)
            index = text.index(after: index)
        }
        return nil
    }
}

/// The lines of a text without their endings (`\n` or `\r\n`), split on bytes: Swift treats
/// `"\r\n"` as one Character, so splitting on the Character `"\n"` would miss CRLF lines.
struct Lines: Sequence {
    let text: String

    init(_ text: String) { self.text = text }

    func makeIterator() -> AnyIterator<Substring> {
        var rest = Substring(text).utf8
        var done = false
        return AnyIterator {
            guard !done else { return nil }
            guard let newline = rest.firstIndex(of: 0x0A) else {
                done = true
                var line = rest
                if line.last == 0x0D { line = line.dropLast() }
                return Substring(line)
            }
            var line = rest[..<newline]
            if line.last == 0x0D { line = line.dropLast() }
            rest = rest[rest.index(after: newline)...]
            return Substring(line)
        }
    }
}
