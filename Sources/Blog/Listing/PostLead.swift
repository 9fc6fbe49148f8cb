import Foundation
import FrontMatter

/// The first words of a post without a title (a note): what the list shows instead of its file
/// or folder name (a timestamp, for a note), as micro.blog lists notes.
public enum PostLead {
    /// The lead of a post whose front matter (`fields`) gives no title, else nil.
    public static func untitled(_ body: ArraySlice<UInt8>, fields: FrontMatterFields) -> String? {
        fields.fields.contains { $0.key.lowercased() == "title" } ? nil : of(body)
    }

    /// At most `limit` characters of the body's first line of prose (markdown markers, pictures
    /// and shortcodes left out), cut at a word with `…`; nil when the body has no words.
    public static func of(_ body: ArraySlice<UInt8>, limit: Int = 60) -> String? {
        var start = body.startIndex
        while start < body.endIndex {
            let end = body[start...].firstIndex(of: 0x0A) ?? body.endIndex
            let line = plain(String(decoding: body[start..<end], as: UTF8.self))
            if !line.isEmpty { return cut(line, limit: limit) }
            start = end + 1
            if start - body.startIndex > 4096 { break }  // a note's words are near its start
        }
        return nil
    }

    /// A markdown line as plain words: block markers, pictures, link syntax and shortcodes out.
    static func plain(_ line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        while let first = text.first, "#>-*+".contains(first) {
            text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        for pattern in [#"!\[[^\]]*\]\([^)]*\)"#, #"\{\{[<%].*?[>%]\}\}"#, #"\{%.*?%\}"#, #"<[^>]+>"#] {
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        text = text.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"[*_`]+"#, with: "", options: .regularExpression)
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func cut(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit)
        let words = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return words + "…"
    }
}
