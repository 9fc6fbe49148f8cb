import Foundation

extension PageText {
    /// Splits a file's bytes. Fails on invalid UTF-8, binary content or an unterminated block,
    /// naming `file` and the line.
    public init(data: Data, file: String) throws(ContentError) {
        try self.init(bytes: [UInt8](data), file: file)
    }

    /// Splits a file's bytes (see `init(data:file:)`).
    public init(bytes all: [UInt8], file: String) throws(ContentError) {
        let (text, hasBOM) = try PageLayout.validated(all, file: file)
        try self.init(validated: text, hasBOM: hasBOM, file: file)
    }

    /// Splits text. A leading byte-order mark (as the editor keeps it) sets `hasBOM`.
    public init(text: String, hasBOM: Bool = false, file: String) throws(ContentError) {
        let bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            try self.init(validated: bytes[3...], hasBOM: true, file: file)
        } else {
            try self.init(validated: bytes[...], hasBOM: hasBOM, file: file)
        }
    }

    /// Splits valid UTF-8 on byte offsets (delimiters and newlines are ASCII), then makes the
    /// strings — copied, not validated a second time (a 1 MiB post: ~0.6 ms).
    private init(validated b: ArraySlice<UInt8>, hasBOM: Bool, file: String) throws(ContentError) {
        // Safe: `b` is valid UTF-8 (checked by every caller) and every range is cut at an ASCII byte.
        func text(_ range: Range<Int>) -> String { String(copying: unsafe UTF8Span(unchecked: b[range].span)) }
        let layout = try PageLayout(b, file: file)
        self.hasBOM = hasBOM
        leading = text(layout.leading)
        body = text(layout.body)
        frontMatter = layout.frontMatter(in: b)
    }

    /// Reads and splits the file at `path`; `display` names it in errors.
    public static func read(path: String, display: String? = nil) throws(ContentError) -> PageText {
        let name = display ?? path
        guard let bytes = WholeFile.read(path) else {
            throw ContentError(file: name, problem: "cannot read the file", hint: FileProblem.readHint(path))
        }
        return try PageText(bytes: bytes, file: name)
    }

    /// Finds the `}` closing the object that starts at `start`, skipping strings.
    package static func endOfJSONObject(
        in bytes: ArraySlice<UInt8>, from start: Int, file: String,
        firstLine: Int
    ) throws(ContentError) -> Int {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
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
        throw ContentError(
            file: file, line: firstLine,
            problem: "the JSON front matter that starts on line \(firstLine) has no closing `}`",
            hint: "Close the object with `}` before the body text")
    }

    package static func firstInvalidUTF8Line(_ bytes: ArraySlice<UInt8>) -> Int {
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
    package func trimmingTrailingSpaces() -> Substring {
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
    package func trimmingTrailingSpaces() -> Substring { String(self).trimmingTrailingSpaces() }
}
