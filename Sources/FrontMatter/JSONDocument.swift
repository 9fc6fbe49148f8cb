/// A small JSON parser for front matter: keeps key order and where each top-level field is
/// in the text (so fields can be edited in place), and reports errors by line and column.
package struct JSONDocument {
    /// A top-level field's location, as UTF-8 offsets into the text.
    package struct FieldSpan {
        let key: String
        /// Offset of the key's opening quote.
        let keyStart: Int
        let valueStart: Int
        /// Offset just past the value.
        let valueEnd: Int
        let value: FrontMatterValue
    }

    /// A syntax error at a UTF-8 offset.
    package struct SyntaxError: Error {
        let offset: Int
        let problem: String
    }

    package let fields: [FieldSpan]
    /// Offset of the closing `}` of the top-level object.
    package let closingBrace: Int

    package init(_ text: String) throws(SyntaxError) {
        var parser = Parser(bytes: Array(text.utf8))
        (fields, closingBrace) = try parser.topLevelObject()
    }

    /// Converts a UTF-8 offset into a 1-based line and column.
    package static func location(of offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        mutating func topLevelObject() throws(SyntaxError) -> ([FieldSpan], Int) {
            skipWhitespace()
            try expect(UInt8(ascii: "{"), "expected `{` to open the object")
            var spans: [FieldSpan] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { position += 1; return ([], position - 1) }
            while true {
                skipWhitespace()
                let keyStart = position
                guard peek() == UInt8(ascii: "\"") else {
                    throw SyntaxError(offset: position, problem: "expected a key in double quotes")
                }
                let key = try string()
                skipWhitespace()
                try expect(UInt8(ascii: ":"), "expected `:` after the key \"\(key)\"")
                skipWhitespace()
                let valueStart = position
                let value = try self.value()
                spans.append(
                    FieldSpan(key: key, keyStart: keyStart, valueStart: valueStart, valueEnd: position, value: value))
                skipWhitespace()
                if peek() == UInt8(ascii: ",") { position += 1; continue }
                if peek() == UInt8(ascii: "}") { position += 1; return (spans, position - 1) }
                throw SyntaxError(offset: position, problem: "expected `,` or `}` after the value of \"\(key)\"")
            }
        }

        package mutating func value() throws(SyntaxError) -> FrontMatterValue {
            switch peek() {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "{"):
                position += 1
                var fields: [FrontMatterField] = []
                skipWhitespace()
                if peek() == UInt8(ascii: "}") { position += 1; return .map([]) }
                while true {
                    skipWhitespace()
                    guard peek() == UInt8(ascii: "\"") else {
                        throw SyntaxError(offset: position, problem: "expected a key in double quotes")
                    }
                    let key = try string()
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"), "expected `:` after the key \"\(key)\"")
                    skipWhitespace()
                    fields.append(FrontMatterField(key: key, value: try value()))
                    skipWhitespace()
                    if peek() == UInt8(ascii: ",") { position += 1; continue }
                    try expect(UInt8(ascii: "}"), "expected `,` or `}` in the object")
                    return .map(fields)
                }
            case UInt8(ascii: "["):
                position += 1
                var items: [FrontMatterValue] = []
                skipWhitespace()
                if peek() == UInt8(ascii: "]") { position += 1; return .list([]) }
                while true {
                    skipWhitespace()
                    items.append(try value())
                    skipWhitespace()
                    if peek() == UInt8(ascii: ",") { position += 1; continue }
                    try expect(UInt8(ascii: "]"), "expected `,` or `]` in the list")
                    return .list(items)
                }
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return try number()
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            let start = position
            position += 1
            var scalars = String.UnicodeScalarView()
            var chunkStart = position
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[chunkStart..<end], as: UTF8.self).unicodeScalars)
            }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    flush(position)
                    position += 1
                    return String(scalars)
                }
                if byte < 0x20 {
                    throw SyntaxError(
                        offset: position, problem: "a string cannot contain a raw line break or control character")
                }
                if byte == UInt8(ascii: "\\") {
                    flush(position)
                    position += 1
                    guard position < bytes.count else { break }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""):
                        scalars.append(Unicode.Scalar(escape))
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
                            bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                        {
                            position += 2
                            let low = try hex4()
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default:
                        throw SyntaxError(
                            offset: position - 2, problem: "unknown escape `\\\(Character(Unicode.Scalar(escape)))`")
                    }
                    chunkStart = position
                    continue
                }
                position += 1
            }
            throw SyntaxError(offset: start, problem: "a string is never closed with `\"`")
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard position + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else {
                throw SyntaxError(offset: position, problem: "expected four hex digits after `\\u`")
            }
            position += 4
            return value
        }

        mutating func number() throws(SyntaxError) -> FrontMatterValue {
            let start = position
            while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if let int = Int(text) { return .int(int) }
            if let double = Double(text), !text.isEmpty { return .double(double) }
            throw SyntaxError(
                offset: start,
                problem: position < bytes.count
                    ? "unexpected `\(Character(Unicode.Scalar(bytes[start])))`" : "unexpected end of the object")
        }

        mutating func literal(_ word: String) throws(SyntaxError) {
            let expected = Array(word.utf8)
            guard position + expected.count <= bytes.count,
                Array(bytes[position..<position + expected.count]) == expected
            else {
                throw SyntaxError(offset: position, problem: "unexpected text (strings need double quotes)")
            }
            position += expected.count
        }

        mutating func expect(_ byte: UInt8, _ problem: String) throws(SyntaxError) {
            guard peek() == byte else { throw SyntaxError(offset: position, problem: problem) }
            position += 1
        }

        func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }
    }
}
