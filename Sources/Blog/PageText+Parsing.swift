import Foundation

extension PageText {
    /// Splits a file's bytes. Fails on invalid UTF-8, binary content or an unterminated block,
    /// naming `file` and the line.
    public init(data: Data, file: String) throws(ContentError) {
        try self.init(bytes: [UInt8](data), file: file)
    }

    /// Splits a file's bytes (see `init(data:file:)`).
    public init(bytes all: [UInt8], file: String) throws(ContentError) {
        var bytes = all[...]
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if hasBOM { bytes = bytes.dropFirst(3) }
        if let zero = bytes.withUnsafeBufferPointer({ buffer -> Int? in
            guard let base = buffer.baseAddress, let hit = memchr(base, 0, buffer.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
        }) {
            let line = bytes[..<zero].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw ContentError(file: file, line: line, problem: "this is a binary file, not text (it contains a NUL byte)",
                               hint: "Move it out of the content directory, or give it a non-content extension")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            let line = PageText.firstInvalidUTF8Line(bytes)
            throw ContentError(file: file, line: line, problem: "the file is not valid UTF-8",
                               hint: "Convert it to UTF-8 (e.g. `iconv -f latin1 -t utf-8`) and try again")
        }
        try self.init(validated: bytes, hasBOM: hasBOM, file: file)
    }

    /// Splits text (without BOM).
    public init(text: String, hasBOM: Bool = false, file: String) throws(ContentError) {
        try self.init(validated: Array(text.utf8)[...], hasBOM: hasBOM, file: file)
    }

    /// Splits valid UTF-8 on byte offsets (delimiters and newlines are ASCII), then makes the strings.
    private init(validated b: ArraySlice<UInt8>, hasBOM: Bool, file: String) throws(ContentError) {
        func text(_ range: Range<Int>) -> String { String(decoding: b[range], as: UTF8.self) }
        func lineEnd(_ start: Int) -> (contentEnd: Int, end: Int) {
            let i = b.withUnsafeBufferPointer { buffer -> Int in
                let offset = start - b.startIndex
                guard let base = buffer.baseAddress, offset < buffer.count,
                      let hit = memchr(base + offset, 0x0A, buffer.count - offset) else { return b.endIndex }
                return b.startIndex + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
            }
            let end = i < b.endIndex ? i + 1 : i
            var contentEnd = i
            if contentEnd > start, b[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            return (contentEnd, end)
        }
        func trimmedEnd(_ start: Int, _ contentEnd: Int) -> Int {
            var e = contentEnd
            while e > start, b[e - 1] == 0x20 || b[e - 1] == 0x09 { e -= 1 }
            return e
        }
        self.hasBOM = hasBOM
        // Hugo ignores blank lines before the front matter.
        var position = b.startIndex
        var lineNumber = 1
        while position < b.endIndex {
            let (contentEnd, end) = lineEnd(position)
            guard end < b.endIndex, trimmedEnd(position, contentEnd) == position else { break }
            position = end
            lineNumber += 1
        }
        leading = text(b.startIndex..<position)
        let firstLine = lineNumber
        guard position < b.endIndex else {
            frontMatter = nil
            body = ""
            return
        }
        let (openerContentEnd, openerEnd) = lineEnd(position)
        let openerTrimmed = b[position..<trimmedEnd(position, openerContentEnd)]
        let yaml: [UInt8] = [0x2D, 0x2D, 0x2D], toml: [UInt8] = [0x2B, 0x2B, 0x2B]
        if openerTrimmed.elementsEqual(yaml) || openerTrimmed.elementsEqual(toml) {
            let delimiter = Array(openerTrimmed)
            let format: FrontMatterFormat = delimiter == yaml ? .yaml : .toml
            var cursor = openerEnd
            while cursor < b.endIndex {
                let (contentEnd, end) = lineEnd(cursor)
                if b[cursor..<trimmedEnd(cursor, contentEnd)].elementsEqual(delimiter) {
                    frontMatter = FrontMatterBlock(format: format, opening: text(position..<openerEnd),
                                                   content: text(openerEnd..<cursor), closing: text(cursor..<end),
                                                   firstContentLine: firstLine + 1)
                    body = text(end..<b.endIndex)
                    return
                }
                cursor = end
            }
            let name = String(decoding: delimiter, as: UTF8.self)
            throw ContentError(file: file, line: firstLine,
                               problem: "the front matter opened with `\(name)` on line \(firstLine) is never closed",
                               hint: "Add a line with just `\(name)` after the last front matter field")
        }
        if b[position] == 0x7B {
            let end = try PageText.endOfJSONObject(in: b, from: position, file: file, firstLine: firstLine)
            frontMatter = FrontMatterBlock(format: .json, opening: "", content: text(position..<end), closing: "",
                                           firstContentLine: firstLine)
            body = text(end..<b.endIndex)
            return
        }
        frontMatter = nil
        body = text(position..<b.endIndex)
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
    static func endOfJSONObject(in bytes: ArraySlice<UInt8>, from start: Int, file: String,
                                firstLine: Int) throws(ContentError) -> Int {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else if byte == 0x7B || byte == 0x5B {
                depth += 1
            } else if byte == 0x7D || byte == 0x5D {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        throw ContentError(file: file, line: firstLine,
                           problem: "the JSON front matter that starts on line \(firstLine) has no closing `}`",
                           hint: "Close the object with `}` before the body text")
    }

    static func firstInvalidUTF8Line(_ bytes: ArraySlice<UInt8>) -> Int {
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
