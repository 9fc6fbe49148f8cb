/// A top-level array of strings in a JSON (or JSON with comments, as cspell reads it) object,
/// found without rewriting the file: where the array is, what it holds, and how to add to it
/// so that only the list changes.
struct JSONCArray {
    /// Byte offsets of `[` and `]` in the file.
    var open: Int
    var close: Int
    /// The strings in the array, decoded.
    var items: [String]
    /// Byte offset just past the last item (nil when the array is empty).
    var lastItemEnd: Int?
    /// Byte offset of the first item's line start, and of the first item, to copy its indentation.
    var firstItemStart: Int?

    /// The array under `key` at the object's top level in `bytes`; nil when there is none or the
    /// text is not an object.
    static func find(_ key: String, in bytes: [UInt8]) -> JSONCArray? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{") else { return nil }
        scanner.index += 1
        var depth = 1
        var expectingKey = true
        while scanner.index < bytes.count {
            scanner.skipSpace()
            guard let byte = scanner.peek else { break }
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = scanner.string() else { return nil }
                scanner.skipSpace()
                if depth == 1, expectingKey, scanner.peek == UInt8(ascii: ":") {
                    scanner.index += 1
                    scanner.skipSpace()
                    if string == key, scanner.peek == UInt8(ascii: "[") { return scanner.array() }
                    expectingKey = false
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; scanner.index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1; scanner.index += 1
                if depth == 0 { return nil }
            case UInt8(ascii: ","):
                if depth == 1 { expectingKey = true }
                scanner.index += 1
            default: scanner.index += 1
            }
        }
        return nil
    }

    /// Byte offset of the object's closing `}` and just past its last member (to add a key).
    static func objectEnd(in bytes: [UInt8]) -> (close: Int, lastMemberEnd: Int?)? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{") else { return nil }
        scanner.index += 1
        var depth = 1
        var lastEnd: Int?
        while scanner.index < bytes.count {
            scanner.skipSpace()
            guard let byte = scanner.peek else { return nil }
            switch byte {
            case UInt8(ascii: "\""): guard scanner.string() != nil else { return nil }; lastEnd = scanner.index
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; scanner.index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return (scanner.index, lastEnd) }
                scanner.index += 1; lastEnd = scanner.index
            case UInt8(ascii: ","), UInt8(ascii: ":"): scanner.index += 1
            default: scanner.index += 1; lastEnd = scanner.index
            }
        }
        return nil
    }

    /// A JSON string literal for `text`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// Skips white space and comments (`// …`, `/* … */`).
        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1; continue }
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count {
                    if bytes[index + 1] == UInt8(ascii: "/") {
                        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                        continue
                    }
                    if bytes[index + 1] == UInt8(ascii: "*") {
                        index += 2
                        while index + 1 < bytes.count,
                            !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                        { index += 1 }
                        index = min(bytes.count, index + 2)
                        continue
                    }
                }
                return
            }
        }

        /// Reads a string literal at `index` (a `"`), decoding the common escapes.
        mutating func string() -> String? {
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; return String(decoding: out, as: UTF8.self) }
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    let next = bytes[index + 1]
                    index += 2
                    switch next {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        if index + 4 <= bytes.count,
                            let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16),
                            let scalar = Unicode.Scalar(value)
                        {
                            out.append(contentsOf: Array(String(scalar).utf8))
                        }
                        index += 4
                    default: out.append(next)
                    }
                    continue
                }
                out.append(byte)
                index += 1
            }
            return nil
        }

        /// Reads the array at `index` (a `[`), keeping strings and where they are.
        mutating func array() -> JSONCArray? {
            let open = index
            index += 1
            var items: [String] = []
            var lastEnd: Int?, firstStart: Int?
            while index < bytes.count {
                skipSpace()
                guard let byte = peek else { return nil }
                switch byte {
                case UInt8(ascii: "]"):
                    return JSONCArray(
                        open: open, close: index, items: items, lastItemEnd: lastEnd, firstItemStart: firstStart)
                case UInt8(ascii: "\""):
                    if firstStart == nil { firstStart = index }
                    guard let item = string() else { return nil }
                    items.append(item)
                    lastEnd = index
                case UInt8(ascii: ","): index += 1
                default: return nil
                }
            }
            return nil
        }
    }
}
