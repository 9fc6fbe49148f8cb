/// Line-level facts about TOML text, for reading key order and editing fields in place.
package enum TOMLSyntax {
    /// The (first segment of the) key defined on `line`, if it is a `key = value` line.
    package static func rootKey(of line: String) -> String? {
        var index = line.startIndex
        while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index) }
        guard index < line.endIndex else { return nil }
        let first = line[index]
        if first == "#" || first == "[" { return nil }
        var key = ""
        if first == "\"" || first == "'" {
            guard let close = line[line.index(after: index)...].firstIndex(of: first) else { return nil }
            key = String(line[line.index(after: index)..<close])
            index = line.index(after: close)
        } else {
            while index < line.endIndex, isBareKeyCharacter(line[index]) {
                key.append(line[index])
                index = line.index(after: index)
            }
            guard !key.isEmpty else { return nil }
        }
        while index < line.endIndex, line[index] == " " || line[index] == "\t" || line[index] == "." {
            if line[index] == "." { return key }  // dotted key: the first segment names the root field
            index = line.index(after: index)
        }
        return index < line.endIndex && line[index] == "=" ? key : nil
    }

    package static func isBareKeyCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-")
    }

    /// Whether `line` is a table header (`[x]` or `[[x]]`).
    package static func isHeader(_ line: String) -> Bool {
        line.drop { $0 == " " || $0 == "\t" }.hasPrefix("[")
    }
}
