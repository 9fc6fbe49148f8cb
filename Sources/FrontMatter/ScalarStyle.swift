/// How a scalar is written, learned from the value it replaces (or from the file).
package enum QuoteStyle: Equatable {
    case plain, single, double

    /// The style of a written value (`"x"`, `'x'`, `x`).
    package static func of(_ text: Substring) -> QuoteStyle {
        switch text.first {
        case "\"": return .double
        case "'": return .single
        default: return .plain
        }
    }
}

/// Writing YAML scalars.
package enum YAMLScalarWriter {
    package static func write(_ value: FrontMatterValue, style: QuoteStyle) -> String {
        switch value {
        case .string(let s): return string(s, style: style)
        case .date(let s): return style == .plain ? s : string(s, style: style)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .list(let items): return "[" + items.map { write($0, style: style) }.joined(separator: ", ") + "]"
        case .map(let fields):
            return "{" + fields.map { "\($0.key): \(write($0.value, style: style))" }.joined(separator: ", ") + "}"
        }
    }

    package static func string(_ s: String, style: QuoteStyle) -> String {
        switch style {
        case .plain where isPlainSafe(s): return s
        case .single where !s.contains("\n"): return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        default: return doubleQuoted(s)
        }
    }

    package static func doubleQuoted(_ s: String) -> String {
        EscapedString.quoted(s) { String(format: "\\x%02X", $0) }
    }

    /// Whether `s` reads back as the same string when written without quotes.
    package static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.first, let last = s.last, first != " ", last != " " else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) { return false }
        if s.contains(": ") || s.contains(" #") || s.hasSuffix(":") || s.contains("\n") || s.contains("\t") {
            return false
        }
        return YAMLScalar.resolve(plain: s) == .string(s)
    }
}

/// Writing TOML values.
package enum TOMLValueWriter {
    package static func write(_ value: FrontMatterValue, style: QuoteStyle) -> String {
        switch value {
        case .string(let s): return string(s, style: style)
        case .date(let s):
            return style == .plain && HugoDate.parse(s) != nil ? s : string(s, style: style == .plain ? .double : style)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "\"\""
        case .list(let items):
            return "[" + items.map { write($0, style: style == .plain ? .double : style) }.joined(separator: ", ") + "]"
        case .map(let fields):
            return "{ " + fields.map { "\($0.key) = \(write($0.value, style: style))" }.joined(separator: ", ") + " }"
        }
    }

    package static func string(_ s: String, style: QuoteStyle) -> String {
        if style == .single, !s.contains("'"), !s.contains("\n") { return "'" + s + "'" }
        return EscapedString.quoted(s, escapesDelete: true) { String(format: "\\u%04X", $0) }
    }
}

/// Writing JSON values.
package enum JSONValueWriter {
    package static func write(_ value: FrontMatterValue) -> String {
        switch value {
        case .string(let s), .date(let s): return string(s)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .list(let items): return "[" + items.map(write).joined(separator: ", ") + "]"
        case .map(let fields):
            return "{" + fields.map { string($0.key) + ": " + write($0.value) }.joined(separator: ", ") + "}"
        }
    }

    package static func string(_ s: String) -> String {
        EscapedString.quoted(s) { String(format: "\\u%04x", $0) }
    }
}

/// A double-quoted string with `"`, `\\`, newline, tab and CR escaped, and other control
/// characters written by `control` (each format spells those differently).
package enum EscapedString {
    package static func quoted(_ s: String, escapesDelete: Bool = false, control: (UInt32) -> String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || (escapesDelete && scalar.value == 0x7F) {
                    out += control(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
