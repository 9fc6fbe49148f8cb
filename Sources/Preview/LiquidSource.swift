import Blog
import Foundation

/// What the preview of a Jekyll page knows about its site (Liquid and kramdown are rewritten
/// into what the markdown preview shows; nil for Hugo pages).
public struct LiquidContext: Sendable {
    /// `_config.yml`, for `{{ site.x }}`.
    public var site: [FrontMatterField]
    /// The page's front matter, for `{{ page.x }}`.
    public var page: [FrontMatterField]
    /// `baseurl`, for `relative_url`.
    public var baseURL: String
    /// The site's `excerpt_separator` when it is a line of its own (`<!--more-->`), else nil.
    public var excerptSeparator: String?

    public init(
        site: [FrontMatterField] = [], page: [FrontMatterField] = [], baseURL: String = "",
        excerptSeparator: String? = nil
    ) {
        self.site = site
        self.page = page
        self.baseURL = baseURL
        self.excerptSeparator = excerptSeparator
    }
}

/// Liquid as a Jekyll author writes it, made into markdown line for line (every line stays
/// where it was): `{% highlight %}` blocks become fences, `{% raw %}` text stays literal,
/// `{% include %}` and other tags become labelled blocks, `{% link %}` and `{% post_url %}`
/// become checked links (`ref:link:…`, `ref:post_url:…`), `{{ site.x }}` and `{{ page.x }}` are
/// filled in where they can be, kramdown's `{: …}` and `{::…}` lines are hidden, and the
/// excerpt separator shows as `<!--more-->`.
enum LiquidSource {
    static func rewrite(_ markdown: String, context: LiquidContext) -> String {
        guard
            markdown.contains("{%") || markdown.contains("{{") || markdown.contains("{:")
                || context.excerptSeparator != nil
        else { return markdown }
        var lines = TextLines.split(markdown).map(String.init)
        var raw = false, comment = false
        for index in lines.indices {
            var line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\r"))
            if raw {
                if let end = line.range(of: "{% endraw %}") ?? line.range(of: "{%- endraw -%}") {
                    line.removeSubrange(end)
                    raw = false
                }
                lines[index] = line
                continue
            }
            if comment {
                if let tag = wholeTag(trimmed), tag.name == "endcomment" { comment = false }
                lines[index] = ""
                continue
            }
            if let separator = context.excerptSeparator, trimmed == separator {
                lines[index] = "<!--more-->"
                continue
            }
            if trimmed.hasPrefix("{:") && trimmed.hasSuffix("}") {
                lines[index] = ""  // a kramdown attribute list or extension: not shown
                continue
            }
            if let tag = wholeTag(trimmed) {
                switch tag.name {
                case "highlight":
                    lines[index] = "```" + (tag.arguments.split(separator: " ").first.map(String.init) ?? "")
                    continue
                case "endhighlight":
                    lines[index] = "```"
                    continue
                case "raw":
                    raw = true
                    lines[index] = ""
                    continue
                case "comment":
                    comment = true
                    lines[index] = ""
                    continue
                case "link", "post_url":
                    break  // a link alone on its line: inline, below
                default:
                    let label = tag.arguments.isEmpty ? tag.name : tag.name + " " + tag.arguments
                    lines[index] = PreviewPlaceholder.shortcode(label: label).text
                    continue
                }
            }
            lines[index] = inline(line, context: context, raw: &raw)
        }
        return lines.joined(separator: "\n")
    }

    /// A line that is one tag: `{% name arguments %}` (with or without `-` trimming marks).
    static func wholeTag(_ trimmed: String) -> (name: String, arguments: String)? {
        guard trimmed.hasPrefix("{%"), trimmed.hasSuffix("%}"), trimmed.count >= 4 else { return nil }
        let inner = trimmed.dropFirst(2).dropLast(2)
        guard !inner.contains("%}") else { return nil }
        return tag(String(inner))
    }

    private static func tag(_ inner: String) -> (name: String, arguments: String) {
        var body = inner.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("-") { body.removeFirst() }
        if body.hasSuffix("-") { body.removeLast() }
        body = body.trimmingCharacters(in: .whitespaces)
        let name = body.prefix { !$0.isWhitespace }
        return (String(name), body.dropFirst(name.count).trimmingCharacters(in: .whitespaces))
    }

    /// Tags and outputs inside a line.
    private static func inline(_ line: String, context: LiquidContext, raw: inout Bool) -> String {
        var out = ""
        var rest = Substring(line)
        while let start = ["{%", "{{", "{:"].compactMap({ rest.range(of: $0)?.lowerBound }).min() {
            out += rest[..<start]
            let after = rest[start...]
            let closer = after.hasPrefix("{%") ? "%}" : "}"
            guard let close = after.range(of: after.hasPrefix("{{") ? "}}" : closer) else {
                out += after
                return out
            }
            let inner = String(after[after.index(after.startIndex, offsetBy: 2)..<close.lowerBound])
            rest = after[close.upperBound...]
            if after.hasPrefix("{:") { continue }  // an inline attribute list: hidden
            if after.hasPrefix("{{") {
                out += output(inner, context: context)
                continue
            }
            let (name, arguments) = tag(inner)
            switch name {
            case "link": out += "ref:link:" + arguments
            case "post_url": out += "ref:post_url:" + arguments
            case "raw":
                // Raw text to the end of the line (or its endraw) is kept as written.
                if let end = rest.range(of: "{% endraw %}") {
                    out += rest[..<end.lowerBound]
                    rest = rest[end.upperBound...]
                } else {
                    out += rest
                    raw = true
                    return out
                }
            case "endraw", "comment", "endcomment": break
            default: out += "⟨" + (arguments.isEmpty ? name : name + " " + arguments) + "⟩"
            }
        }
        return out + rest
    }

    /// `{{ site.title }}`, `{{ page.x | relative_url }}`, or a labelled placeholder.
    private static func output(_ expression: String, context: LiquidContext) -> String {
        var parts = expression.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        var head = parts.isEmpty ? "" : parts.removeFirst()
        if head.hasPrefix("-") { head = head.dropFirst().trimmingCharacters(in: .whitespaces) }
        var value: String?
        if head.hasPrefix("\""), head.hasSuffix("\""), head.count >= 2 {
            value = String(head.dropFirst().dropLast())
        } else if head.hasPrefix("'"), head.hasSuffix("'"), head.count >= 2 {
            value = String(head.dropFirst().dropLast())
        } else {
            let path = head.split(separator: ".").map(String.init)
            if path.first == "site" { value = lookup(Array(path.dropFirst()), in: context.site) }
            if path.first == "page" { value = lookup(Array(path.dropFirst()), in: context.page) }
        }
        guard var text = value else { return "⟨" + expression.trimmingCharacters(in: .whitespaces) + "⟩" }
        for filter in parts {
            let name = filter.prefix { !$0.isWhitespace && $0 != ":" }
            if name == "relative_url" {
                text = context.baseURL + (text.hasPrefix("/") ? text : "/" + text)
            }
        }
        return text
    }

    private static func lookup(_ path: [String], in fields: [FrontMatterField]) -> String? {
        guard let first = path.first, let value = fields.last(where: { $0.key == first })?.value else { return nil }
        if path.count == 1 {
            return value.text ?? (value.strings.isEmpty ? nil : value.strings.joined(separator: ", "))
        }
        if case .map(let nested) = value { return lookup(Array(path.dropFirst()), in: nested) }
        return nil
    }
}
