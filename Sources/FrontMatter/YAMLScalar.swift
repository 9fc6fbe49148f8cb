/// Types a plain (unquoted) YAML scalar the way YAML 1.1 resolvers do (as Yams and Hugo's
/// go-yaml read front matter): booleans include yes/no/on/off, timestamps become dates.
package enum YAMLScalar {
    package static func resolve(plain text: String) -> FrontMatterValue {
        // Most scalars are words: only a few first bytes can start a special value.
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "~"),
            UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "y"),
            UInt8(ascii: "Y"),
            UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            break
        default:
            return .string(text)
        }
        if text.utf8.count > 5 && !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
            && first != UInt8(ascii: "+")
            && first != UInt8(ascii: "-") && first != UInt8(ascii: ".")
        {
            return .string(text)
        }
        // A digit cannot start null or a boolean: skip the word comparisons (dates take this path).
        // Other short words are compared only if, case folded, they are one of the YAML 1.1 words
        // (packed into an integer: most tags such as "tech" or "notes" stop here).
        if (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z") {
            var packed: UInt64 = 0
            for byte in text.utf8 { packed = packed << 8 | UInt64(byte | 0x20) }
            guard Self.foldedWords.contains(packed) else { return .string(text) }
        }
        if !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
            switch text {
            case "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return .bool(true)
            case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return .bool(false)
            default: break
            }
        }
        if isTimestamp(text) { return .date(text) }
        guard let first = text.utf8.first,
            (first >= 0x30 && first <= 0x39) || first == 0x2B || first == 0x2D || first == 0x2E
        else {
            return .string(text)
        }
        // On bytes: `String.contains(String)` is Foundation's locale-aware search (it showed in listings).
        let digits = text.utf8.contains(UInt8(ascii: "_")) ? text.filter { $0 != "_" } : text
        if isDecimalInteger(text), let int = Int(digits) { return .int(int) }
        if isFloat(text), let double = Double(digits) { return .double(double) }
        return .string(text)
    }

    /// null, true, false, yes, no, on, off: lower-case ASCII bytes packed as in `resolve`.
    private static let foldedWords: [UInt64] = ["null", "true", "false", "yes", "no", "on", "off"].map { word in
        word.utf8.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func isDecimalInteger(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard let first = body.first, first.isASCII, first.isNumber else { return false }
        if body.count > 1 && first == "0" { return false }  // octal: keep as text
        return body.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "_" }
    }

    private static func isFloat(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard let first = body.first, first.isASCII, first.isNumber || first == "." else { return false }
        // On bytes: `Substring.contains(String)` went through Foundation's string search.
        guard body.utf8.contains(where: { $0 == 0x2E || $0 == 0x65 || $0 == 0x45 }) else { return false }
        return body.allSatisfy { ($0.isASCII && $0.isNumber) || "._eE+-".contains($0) }
    }

    /// `YYYY-MM-DD`, optionally followed by `T` or spaces and `HH:MM:SS[.frac][ ][Z|±HH[:MM]]`.
    package static func isTimestamp(_ text: String) -> Bool {
        guard text.utf8.count >= 10, let first = text.utf8.first, first >= 0x30, first <= 0x39 else { return false }
        var copy = text
        return copy.withUTF8(isTimestamp)
    }

    /// The same on the text's UTF-8 (read in place: an array of it cost an allocation per date).
    private static func isTimestamp(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func digit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        guard bytes.count >= 10, (0..<4).allSatisfy(digit), bytes[4] == 0x2D, digit(5), digit(6), bytes[7] == 0x2D,
            digit(8), digit(9)
        else { return false }
        if bytes.count == 10 { return true }
        var i = 10
        guard bytes[i] == 0x54 || bytes[i] == 0x74 || bytes[i] == 0x20 || bytes[i] == 0x09 else { return false }
        i += 1
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard digit(i) else { return false }
        i += digit(i + 1) ? 2 : 1
        guard i + 5 < bytes.count + 0, i < bytes.count, bytes[i] == 0x3A, digit(i + 1), digit(i + 2),
            i + 3 < bytes.count, bytes[i + 3] == 0x3A, digit(i + 4), digit(i + 5)
        else { return false }
        i += 6
        if i < bytes.count, bytes[i] == 0x2E { i += 1; while digit(i) { i += 1 } }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        if i == bytes.count { return true }
        if bytes[i] == 0x5A { return i + 1 == bytes.count }
        guard bytes[i] == 0x2B || bytes[i] == 0x2D, digit(i + 1) else { return false }
        i += digit(i + 2) ? 3 : 2
        if i == bytes.count { return true }
        guard bytes[i] == 0x3A, digit(i + 1), digit(i + 2) else { return false }
        return i + 3 == bytes.count
    }
}
