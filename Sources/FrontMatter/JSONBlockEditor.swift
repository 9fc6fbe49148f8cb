/// Edits of a JSON front matter object, located with `JSONDocument`'s field spans.
package struct JSONBlockEditor {
    package let text: String
    package let file: String
    package let firstLine: Int

    package init(block: FrontMatterBlock, file: String) {
        text = block.content
        self.file = file
        firstLine = block.firstContentLine
    }

    private func document() throws(ContentError) -> JSONDocument {
        do {
            return try JSONDocument(text)
        } catch {
            let location = JSONDocument.location(of: error.offset, in: text)
            throw ContentError(
                file: file, line: firstLine + location.line - 1, column: location.column,
                problem: "invalid JSON front matter: \(error.problem)", hint: "Fix the JSON first")
        }
    }

    private func field(_ key: String, in document: JSONDocument) -> JSONDocument.FieldSpan? {
        document.fields.first { $0.key == key } ?? document.fields.first { $0.key.lowercased() == key.lowercased() }
    }

    package func setting(_ key: String, to value: FrontMatterValue) throws(ContentError) -> String {
        let document = try document()
        var bytes = Array(text.utf8)
        let rendered = Array(JSONValueWriter.write(value).utf8)
        if let field = field(key, in: document) {
            bytes.replaceSubrange(field.valueStart..<field.valueEnd, with: rendered)
            return String(decoding: bytes, as: UTF8.self)
        }
        let entry = Array((JSONValueWriter.string(key) + ": ").utf8) + rendered
        let anchor =
            InsertionAnchor.after.reversed().lazy.compactMap { self.field($0, in: document) }.first
            ?? document.fields.last
        guard let anchor else {
            // Empty object: `{` … `}` becomes `{\n  "key": value\n}`.
            let ending = Array((text.contains("\r\n") ? "\r\n" : "\n").utf8)
            bytes.replaceSubrange(1..<document.closingBrace, with: ending + Array("  ".utf8) + entry + ending)
            return String(decoding: bytes, as: UTF8.self)
        }
        let indent = indentation(before: anchor.keyStart, in: bytes)
        let lineBreak = indent.isEmpty ? Array(" ".utf8) : Array((text.contains("\r\n") ? "\r\n" : "\n").utf8) + indent
        if let next = document.fields.firstIndex(where: { $0.keyStart == anchor.keyStart }).map({ $0 + 1 }),
            next < document.fields.count, indentation(before: document.fields[next].keyStart, in: bytes) == indent
        {
            // Before the following field: only the new line is added.
            bytes.insert(contentsOf: entry + Array(",".utf8) + lineBreak, at: document.fields[next].keyStart)
        } else if !indent.isEmpty {
            // The anchor is the last field: go just before it, so its line (no comma) stays as it is.
            bytes.insert(contentsOf: entry + Array(",".utf8) + lineBreak, at: anchor.keyStart)
        } else {
            bytes.insert(contentsOf: Array(",".utf8) + lineBreak + entry, at: anchor.valueEnd)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package func removing(_ key: String) throws(ContentError) -> String {
        let document = try document()
        guard
            let index = document.fields.firstIndex(where: { $0.key == key })
                ?? document.fields.firstIndex(where: { $0.key.lowercased() == key.lowercased() })
        else { return text }
        var bytes = Array(text.utf8)
        let field = document.fields[index]
        if index + 1 < document.fields.count {
            bytes.removeSubrange(field.keyStart..<document.fields[index + 1].keyStart)
        } else if index > 0 {
            bytes.removeSubrange(document.fields[index - 1].valueEnd..<field.valueEnd)
        } else {
            bytes.removeSubrange(field.keyStart..<field.valueEnd)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The spaces and tabs between the start of the line and `offset`, if only those precede it.
    private func indentation(before offset: Int, in bytes: [UInt8]) -> [UInt8] {
        var start = offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A else { return [] }
        return Array(bytes[start..<offset])
    }
}
