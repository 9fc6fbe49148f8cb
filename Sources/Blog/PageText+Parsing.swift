import Foundation

extension PageText {
    /// Splits a file's bytes. Fails on invalid UTF-8, binary content or an unterminated block,
    /// naming `file` and the line.
    public init(data: Data, file: String) throws(ContentError) {
        var bytes = data[...]
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = bytes.starts(with: bom)
        if hasBOM { bytes = bytes.dropFirst(3) }
        if let zero = bytes.firstIndex(of: 0) {
            let line = PageText.lineCount(String(decoding: bytes[..<zero], as: UTF8.self)) + 1
            throw ContentError(file: file, line: line, problem: "this is a binary file, not text (it contains a NUL byte)",
                               hint: "Move it out of the content directory, or give it a non-content extension")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let line = PageText.firstInvalidUTF8Line(bytes)
            throw ContentError(file: file, line: line, problem: "the file is not valid UTF-8",
                               hint: "Convert it to UTF-8 (e.g. `iconv -f latin1 -t utf-8`) and try again")
        }
        try self.init(text: text, hasBOM: hasBOM, file: file)
    }

    /// Splits text (without BOM).
    public init(text: String, hasBOM: Bool = false, file: String) throws(ContentError) {
        self.hasBOM = hasBOM
        var scanner = LineScanner(text)
        // Hugo ignores blank lines before the front matter.
        var leadingEnd = text.startIndex
        while let line = scanner.peek(), line.content.allSatisfy({ $0 == " " || $0 == "\t" }), !line.isLast {
            scanner.advance()
            leadingEnd = line.end
        }
        leading = String(text[..<leadingEnd])
        let firstLine = scanner.lineNumber
        guard let opener = scanner.peek() else {
            frontMatter = nil
            body = String(text[leadingEnd...])
            return
        }
        let trimmed = opener.content.trimmingTrailingSpaces()
        if trimmed == "---" || trimmed == "+++" {
            let format: FrontMatterFormat = trimmed == "---" ? .yaml : .toml
            scanner.advance()
            let contentStart = opener.end
            while let line = scanner.peek() {
                scanner.advance()
                if line.content.trimmingTrailingSpaces() == trimmed {
                    frontMatter = FrontMatterBlock(format: format, opening: String(text[opener.start..<opener.end]),
                                                   content: String(text[contentStart..<line.start]),
                                                   closing: String(text[line.start..<line.end]),
                                                   firstContentLine: firstLine + 1)
                    body = String(text[line.end...])
                    return
                }
            }
            throw ContentError(file: file, line: firstLine,
                               problem: "the front matter opened with `\(trimmed)` on line \(firstLine) is never closed",
                               hint: "Add a line with just `\(trimmed)` after the last front matter field")
        }
        if opener.content.hasPrefix("{") {
            let end = try PageText.endOfJSONObject(in: text, from: opener.start, file: file, firstLine: firstLine)
            frontMatter = FrontMatterBlock(format: .json, opening: "", content: String(text[opener.start..<end]),
                                           closing: "", firstContentLine: firstLine)
            body = String(text[end...])
            return
        }
        frontMatter = nil
        body = String(text[leadingEnd...])
    }

    /// Reads and splits the file at `path`; `display` names it in errors.
    public static func read(path: String, display: String? = nil) throws(ContentError) -> PageText {
        let name = display ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ContentError(file: name, problem: "cannot read the file", hint: FileProblem.readHint(path))
        }
        return try PageText(data: data, file: name)
    }

    /// Finds the `}` closing the object that starts at `start`, skipping strings.
    static func endOfJSONObject(in text: String, from start: String.Index, file: String,
                                firstLine: Int) throws(ContentError) -> String.Index {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return utf8.index(after: index) }
            }
            index = utf8.index(after: index)
        }
        throw ContentError(file: file, line: firstLine,
                           problem: "the JSON front matter that starts on line \(firstLine) has no closing `}`",
                           hint: "Close the object with `}` before the body text")
    }

    static func firstInvalidUTF8Line(_ bytes: Data.SubSequence) -> Int {
        var line = 1
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let slice = bytes[index...]
            var iterator = slice.makeIterator()
            var decoder = UTF8()
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                index = bytes.index(index, offsetBy: UTF8.width(scalar))
            case .error, .emptyInput:
                return line
            }
        }
        return line
    }
}

extension String {
    func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex {
            let previous = index(before: end)
            guard self[previous] == " " || self[previous] == "\t" else { break }
            end = previous
        }
        return self[..<end]
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring { String(self).trimmingTrailingSpaces() }
}
