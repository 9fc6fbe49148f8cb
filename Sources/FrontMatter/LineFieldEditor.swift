/// A line-based front matter editor (YAML, TOML): each field is a key and the lines it spans.
package protocol LineField {
    var key: String { get }
    var lines: Range<Int> { get }
    /// False for fields nakedblog must not rewrite (e.g. TOML dotted keys).
    var isEditable: Bool { get }
}

package protocol LineFieldEditor {
    associatedtype Field: LineField
    var lines: [String] { get }
    var lineEnding: String { get }
    func fields() -> [Field]
    /// Where a new field goes.
    func insertionIndex() -> Int
    /// The new lines for `key` (replacing `field`, or new when nil).
    func renderLines(key: String, value: FrontMatterValue, replacing field: Field?) -> [String]
}

extension LineFieldEditor {
    /// The field named `key`: exact match first, then case-insensitive (as Hugo reads keys).
    package func field(_ key: String) -> Field? {
        let all = fields()
        return all.first { $0.key == key } ?? all.first { $0.key.lowercased() == key.lowercased() }
    }

    /// The block with `key` set: its lines replaced in place, or new lines inserted.
    package func replacingOrInserting(_ key: String, with value: FrontMatterValue) -> String {
        var output = lines
        if let field = field(key) {
            output.replaceSubrange(field.lines, with: renderLines(key: field.key, value: value, replacing: field))
        } else {
            let at = insertionIndex()
            if at > 0, !YAMLBlockEditor.endsWithNewline(output[at - 1]) { output[at - 1] += lineEnding }
            output.insert(contentsOf: renderLines(key: key, value: value, replacing: nil), at: at)
        }
        return output.joined()
    }

    /// The block without `key`'s lines.
    package func removing(_ key: String) -> String {
        guard let field = field(key), field.isEditable else { return lines.joined() }
        var output = lines
        output.removeSubrange(field.lines)
        return output.joined()
    }
}
