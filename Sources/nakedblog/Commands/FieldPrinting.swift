import Blog
import Foundation
import TextWidth

/// How `meta` prints values.
enum FieldPrinting {
    /// `key: value` lines for all fields; nested tables indented.
    static func text(_ fields: FrontMatterFields, indent: String = "") -> String {
        fields.fields.map { field in
            switch field.value {
            case .map(let nested):
                return indent + field.key + ":\n" + text(FrontMatterFields(nested), indent: indent + "  ")
            case .list(let items):
                return indent + field.key + ": " + items.map { $0.text ?? "…" }.joined(separator: ", ") + "\n"
            default: return indent + field.key + ": " + (field.value.text ?? "") + "\n"
            }
        }.joined()
    }

    /// One value: scalars as text, lists one item per line.
    static func text(_ value: FrontMatterValue) -> String {
        switch value {
        case .list(let items): return items.map { ($0.text ?? "") + "\n" }.joined()
        case .map(let fields): return text(FrontMatterFields(fields))
        case .null: return "\n"
        default: return (value.text ?? "") + "\n"
        }
    }

    /// Prints `text`, or `value` as JSON (controls escaped) when `text` is nil.
    static func write(_ text: String?, json value: FrontMatterValue) {
        if let text {
            FileHandleOutput.standardOutput.write(text)
        } else {
            FileHandleOutput.standardOutput.write(trusted: TerminalText.jsonEscapingControls(json(value)) + "\n")
        }
    }

    static func json(_ value: FrontMatterValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(JSONValue(value)), as: UTF8.self)) ?? "null"
    }

    /// Encodes front matter values as JSON, keeping table key order.
    struct JSONValue: Encodable {
        let value: FrontMatterValue
        init(_ value: FrontMatterValue) { self.value = value }

        func encode(to encoder: Encoder) throws {
            switch value {
            case .string(let s), .date(let s):
                var c = encoder.singleValueContainer(); try c.encode(s)
            case .int(let i):
                var c = encoder.singleValueContainer(); try c.encode(i)
            case .double(let d):
                var c = encoder.singleValueContainer(); try c.encode(d)
            case .bool(let b):
                var c = encoder.singleValueContainer(); try c.encode(b)
            case .null:
                var c = encoder.singleValueContainer(); try c.encodeNil()
            case .list(let items):
                var c = encoder.unkeyedContainer()
                for item in items { try c.encode(JSONValue(item)) }
            case .map(let fields):
                var c = encoder.container(keyedBy: AnyKey.self)
                for field in fields { try c.encode(JSONValue(field.value), forKey: AnyKey(field.key)) }
            }
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
