/// The HTML comments the source rewrites put in a page for what cmark cannot show as it should
/// (a table, a literal run, a shortcode's label), read back by the renderer: written and read
/// here only.
enum PreviewPlaceholder: Equatable {
    /// `<!--nakedblog-table:N-->`: the table whose first line is `N`.
    case table(line: Int)
    /// `<!--nakedblog-literal:N-->`: the literal run kept for line `N`.
    case literal(line: Int)
    /// `<!--nakedblog-shortcode:LABEL-->`: a shortcode or Liquid tag shown as its label.
    case shortcode(label: String)

    private static let open = "<!--nakedblog-", close = "-->"

    /// The comment's text (a label's `-->` is written `—>`, so the comment ends where it should).
    var text: String {
        switch self {
        case .table(let line): return Self.open + "table:\(line)" + Self.close
        case .literal(let line): return Self.open + "literal:\(line)" + Self.close
        case .shortcode(let label):
            return Self.open + "shortcode:" + label.replacingOccurrences(of: "-->", with: "—>") + Self.close
        }
    }

    /// The placeholder `comment` (one line, trimmed) is; nil for any other comment.
    init?(_ comment: String) {
        guard comment.hasPrefix(Self.open), comment.hasSuffix(Self.close) else { return nil }
        let body = comment.dropFirst(Self.open.count).dropLast(Self.close.count)
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let value = String(body[body.index(after: colon)...])
        switch body[..<colon] {
        case "table": guard let line = Int(value) else { return nil }; self = .table(line: line)
        case "literal": guard let line = Int(value) else { return nil }; self = .literal(line: line)
        case "shortcode": self = .shortcode(label: value)
        default: return nil
        }
    }
}
