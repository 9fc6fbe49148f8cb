/// A front matter value, read from YAML, TOML or JSON into one shape.
public indirect enum FrontMatterValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// A typed date/time (YAML timestamp, TOML datetime), as its text.
    case date(String)
    case list([FrontMatterValue])
    /// A nested table/mapping, keys in file order.
    case map([FrontMatterField])
    case null

    /// The value as text: strings and dates as-is, numbers and booleans spelled out.
    public var text: String? {
        switch self {
        case .string(let s), .date(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .list, .map, .null: return nil
        }
    }

    /// A list of strings (a single string counts as a one-item list, as Hugo treats taxonomies).
    public var strings: [String] {
        switch self {
        case .list(let items):
            // A loop, not compactMap(\.text): this runs for the tags and categories of every post.
            var result: [String] = []
            result.reserveCapacity(items.count)
            for item in items { if let text = item.text { result.append(text) } }
            return result
        case .string(let s): return [s]
        default: return []
        }
    }

    /// Hugo's truthiness for flags such as `draft`: booleans, and the strings "true"/"false".
    public var bool: Bool? {
        switch self {
        case .bool(let b): return b
        case .string(let s): return ["true": true, "false": false][s.lowercased()]
        default: return nil
        }
    }

    /// A short name for the value's type, for messages ("a string", "a list").
    public var kindName: String {
        switch self {
        case .string: return "a string"
        case .int: return "an integer"
        case .double: return "a number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .list: return "a list"
        case .map: return "a table"
        case .null: return "empty"
        }
    }
}

/// One key and its value.
public struct FrontMatterField: Sendable, Equatable {
    public var key: String
    public var value: FrontMatterValue

    public init(key: String, value: FrontMatterValue) {
        self.key = key
        self.value = value
    }
}

/// All fields of a front matter block, in file order. Keys match case-insensitively, as in Hugo.
public struct FrontMatterFields: Sendable, Equatable {
    public let fields: [FrontMatterField]
    /// Lowercased keys, computed once when some key is not lowercase already (nil: the keys are):
    /// lookups are case-insensitive like Hugo's, and most blocks need no second array.
    private let lowercasedKeys: [String]?

    public init(_ fields: [FrontMatterField] = []) {
        self.fields = fields
        // Only keys with an upper-case ASCII letter or non-ASCII bytes can change.
        let lowering = fields.contains { $0.key.utf8.contains { $0 >= 0x41 && ($0 <= 0x5A || $0 >= 0x80) } }
        lowercasedKeys = lowering ? fields.map { $0.key.lowercased() } : nil
    }

    /// The value of `key` (exact match first, then case-insensitive).
    public subscript(key: String) -> FrontMatterValue? {
        if let exact = fields.first(where: { $0.key == key }) { return exact.value }
        return value(lowercased: key.lowercased())
    }

    /// The lowercased key of the field at `index`.
    package func lowercasedKey(at index: Int) -> String { lowercasedKeys?[index] ?? fields[index].key }

    /// The value of an already-lowercased key (the fast path for fixed key names).
    package func value(lowercased key: String) -> FrontMatterValue? {
        fields.indices.first { lowercasedKey(at: $0) == key }.map { fields[$0].value }
    }

    /// The first of `keys` that is present.
    public func first(_ keys: [String]) -> FrontMatterValue? {
        for key in keys { if let value = self[key] { return value } }
        return nil
    }

    public var keys: [String] { fields.map(\.key) }
}
