/// Keeps list edits minimal: items that are still in the list are written exactly as they were
/// (quotes, spacing), new items follow the style of the first existing item.
package enum ListItemReuse {
    /// The raw items of a one-line flow list `[a, "b", 'c']` (nil if `text` is not one).
    package static func flowItems(_ text: String) -> (items: [String], separator: String)? {
        var value = Substring(text).drop { $0 == " " }
        guard value.first == "[" else { return nil }
        value = value.dropFirst()
        var items: [String] = []
        var current = ""
        var quote: Character?
        var separator = ", "
        var index = value.startIndex
        while index < value.endIndex {
            let c = value[index]
            if let q = quote {
                current.append(c)
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
                current.append(c)
            } else if c == "," {
                items.append(current.trimmingSpaces())
                current = ""
                let next = value.index(after: index)
                separator = next < value.endIndex && value[next] == " " ? ", " : ","
            } else if c == "]" {
                let last = current.trimmingSpaces()
                if !last.isEmpty { items.append(last) }
                return (items, separator)
            } else {
                current.append(c)
            }
            index = value.index(after: index)
        }
        return nil
    }

    /// The text a raw item stands for (quotes removed).
    package static func text(ofRaw raw: String) -> String {
        if let first = raw.first, first == "\"" || first == "'",
            let (value, _) = QuotedString.read(Substring(raw), yamlStyle: true)
        {
            return value
        }
        return raw
    }

    /// Writes `items`, reusing raw tokens of `old` whose text matches, `write` for new ones.
    package static func render(_ items: [FrontMatterValue], old: [String], write: (FrontMatterValue) -> String)
        -> [String]
    {
        var unused = old.map { (raw: $0, text: text(ofRaw: $0)) }
        return items.map { item in
            if let text = item.text, let index = unused.firstIndex(where: { $0.text == text }) {
                return unused.remove(at: index).raw
            }
            return write(item)
        }
    }
}

extension String {
    package func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.trimmingTrailingSpaces())
    }
}
