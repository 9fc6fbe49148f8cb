/// Styles for markdown source lines: front matter, headings, emphasis, code spans and fences,
/// links, list markers, shortcodes. Line-based with a little state (fences, front matter).
struct MarkdownHighlighter {
    /// State carried from one line to the next.
    struct State: Equatable, Sendable {
        var inFrontMatter = false
        var frontMatterDelimiter: String?
        var inFence = false
        var lineNumber = 0
    }

    /// The state after `line` without computing styles (for the lines above the view).
    static func advance(_ line: [Character], state: State) -> State {
        var next = state
        next.lineNumber += 1
        guard let first = line.first(where: { $0 != " " && $0 != "\t" }),
            first == "-" || first == "+" || first == "`" || first == "~" || first == "."
        else {
            return next
        }
        let trimmed = String(line).trimmingBlanksForHighlight()
        if state.lineNumber == 0 && (trimmed == "---" || trimmed == "+++") {
            next.inFrontMatter = true
            next.frontMatterDelimiter = trimmed
        } else if state.inFrontMatter {
            if Self.closesFrontMatter(trimmed, state) { next.inFrontMatter = false }
        } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
            next.inFence.toggle()
        }
        return next
    }

    /// The style of each grapheme of `line`, and the state for the next line.
    static func styles(_ line: [Character], state: State) -> ([Style], State) {
        var next = state
        next.lineNumber += 1
        // Only lines starting with these can change block state or be whole-line styled.
        let firstMark = line.first { $0 != " " && $0 != "\t" }
        let trimmed =
            firstMark.map { "-+`~#{.".contains($0) } == true || state.inFrontMatter
            ? String(line).trimmingBlanksForHighlight() : ""
        var styles = Array(repeating: Style(.normal), count: line.count)
        func all(_ style: Style) { styles = Array(repeating: style, count: line.count) }

        if state.lineNumber == 0 && (trimmed == "---" || trimmed == "+++") {
            next.inFrontMatter = true
            next.frontMatterDelimiter = trimmed
            all(Style(.frontMatter))
            return (styles, next)
        }
        if state.inFrontMatter {
            if Self.closesFrontMatter(trimmed, state) { next.inFrontMatter = false }
            all(Style(.frontMatter))
            if let colon = line.firstIndex(where: { $0 == ":" || $0 == "=" }), next.inFrontMatter {
                for i in 0..<colon { styles[i] = Style(.frontMatterKey) }
            }
            return (styles, next)
        }
        if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
            next.inFence.toggle()
            all(Style(.code, bold: true))
            return (styles, next)
        }
        if state.inFence {
            all(Style(.code))
            return (styles, next)
        }
        if trimmed.hasPrefix("#"), trimmed.drop(while: { $0 == "#" }).first == " " {
            all(Style(.heading, bold: true))
            return (styles, next)
        }
        if trimmed.hasPrefix("{{") {
            all(Style(.marker))
            return (styles, next)
        }
        var index = 0
        // List markers and quote bars.
        while index < line.count, line[index] == " " { index += 1 }
        if index < line.count, "-*+>".contains(line[index]), index + 1 < line.count, line[index + 1] == " " {
            styles[index] = Style(line[index] == ">" ? .quote : .marker, bold: true)
        }
        // Inline: code spans, emphasis markers, links.
        var i = 0
        while i < line.count {
            let c = line[i]
            if c == "`", let close = line[(i + 1)...].firstIndex(of: "`") {
                for k in i...close { styles[k] = Style(.code) }
                i = close + 1
                continue
            }
            if c == "[", let close = line[(i + 1)...].firstIndex(of: "]"), close + 1 < line.count,
                line[close + 1] == "(",
                let paren = line[(close + 1)...].firstIndex(of: ")")
            {
                for k in i...close { styles[k] = Style(.link) }
                for k in (close + 1)...paren { styles[k] = Style(.dim) }
                i = paren + 1
                continue
            }
            if c == "*" || c == "_" {
                let run = line[i...].prefix { $0 == c }.count
                if let close = findClosing(line, from: i + run, marker: c, count: run) {
                    let style = run >= 2 ? Style(.strong, bold: true) : Style(.emphasis, italic: true)
                    for k in i..<(close + run) { styles[k] = style }
                    i = close + run
                    continue
                }
                i += run
                continue
            }
            if c == "{", i + 1 < line.count, line[i + 1] == "{", let close = findPair(line, from: i + 2, "}") {
                for k in i...close { styles[k] = Style(.marker) }
                i = close + 1
                continue
            }
            i += 1
        }
        return (styles, next)
    }

    /// The delimiter line, or YAML's document end (`...`), as Jekyll reads it.
    private static func closesFrontMatter(_ trimmed: String, _ state: State) -> Bool {
        trimmed == state.frontMatterDelimiter || (state.frontMatterDelimiter == "---" && trimmed == "...")
    }

    private static func findClosing(_ line: [Character], from start: Int, marker: Character, count: Int) -> Int? {
        var i = start
        while i + count <= line.count {
            if line[i..<(i + count)].allSatisfy({ $0 == marker }), i > start { return i }
            i += 1
        }
        return nil
    }

    private static func findPair(_ line: [Character], from start: Int, _ character: Character) -> Int? {
        var i = start
        while i + 1 < line.count {
            if line[i] == character && line[i + 1] == character { return i + 1 }
            i += 1
        }
        return nil
    }
}

extension String {
    func trimmingBlanksForHighlight() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
