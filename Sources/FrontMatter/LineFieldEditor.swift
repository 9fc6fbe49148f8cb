/// A line-based front matter editor (YAML, TOML): each field is a key and the lines it spans.
package protocol LineField {
    var key: String { get }
    var lines: Range<Int> { get }
    /// False for fields nakedblog must not rewrite (e.g. TOML dotted keys).
    var isEditable: Bool { get }
}

/// A front matter block's content as lines (each with its ending), and where it is.
package struct BlockLines: Sendable {
    package let lines: [String]
    package let lineEnding: String
    /// Names the file in errors; `firstLine` is the file's line of `lines[0]`.
    package let file: String
    package let firstLine: Int
}

/// One shape for the YAML and TOML editors: each finds its fields and renders a field's lines
/// in its own syntax; finding, replacing, inserting and removing are shared.
package protocol LineFieldEditor {
    associatedtype Field: LineField
    var text: BlockLines { get }
    init(text: BlockLines)
    func fields() -> [Field]
    /// Where a new field goes.
    func insertionIndex() -> Int
    /// The new lines for `key` (replacing `field`, or new when nil).
    func renderLines(key: String, value: FrontMatterValue, replacing field: Field?) -> [String]
}

extension LineFieldEditor {
    /// The editor of `block`'s lines (`file` names it in errors).
    package init(block: FrontMatterBlock, file: String) {
        self.init(
            text: BlockLines(
                lines: splitKeepingEndings(block.content), lineEnding: block.lineEnding, file: file,
                firstLine: block.firstContentLine))
    }

    package var lines: [String] { text.lines }
    package var lineEnding: String { text.lineEnding }
    package var file: String { text.file }
    package var firstLine: Int { text.firstLine }

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
