import Foundation

/// The `id` each generator gives a heading, so `#anchor` links can be checked: Hugo's default
/// (Goldmark's `autoHeadingIDType = "github"`), Jekyll's default (kramdown's GFM parser: the
/// same rule, checked against jekyll 4.3) and kramdown's own (`kramdown: input: kramdown`). An
/// explicit `{#id}` at the end of the heading wins. Duplicates get `-1`, `-2`….
public enum HeadingID {
    /// The ids of `headings` (their text as written, in order) on `site`.
    public static func ids(_ headings: [String], site: Site) -> [String] {
        var seen: [String: Int] = [:]
        return headings.map { heading in
            let base = explicit(heading) ?? (classicKramdown(site) ? kramdown(heading) : github(heading))
            defer { seen[base, default: 0] += 1 }
            guard let count = seen[base] else { return base }
            return base + "-\(count)"
        }
    }

    /// A Jekyll site whose markdown goes through kramdown's own parser, not GFM.
    static func classicKramdown(_ site: Site) -> Bool {
        guard case .jekyll(let config) = site.kind,
            case .map(let kramdown)? = config.fields.first(where: { $0.key == "kramdown" })?.value
        else { return false }
        return kramdown.first { $0.key == "input" }?.value.text?.lowercased() == "kramdown"
    }

    /// `## Title {#custom}` → `custom`.
    static func explicit(_ heading: String) -> String? {
        let trimmed = heading.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix("}"), let open = trimmed.range(of: "{#", options: .backwards) else { return nil }
        let id = trimmed[open.upperBound..<trimmed.index(before: trimmed.endIndex)]
        return id.isEmpty || id.contains(" ") ? nil : String(id)
    }

    /// GitHub's (and Hugo's and Jekyll's defaults): lower case; word characters (letters, marks,
    /// digits, `_`, any script) and `-` kept; spaces and tabs become `-`; everything else goes.
    public static func github(_ text: String) -> String {
        var id = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " || scalar == "\t" {
                id.append("-")
            } else if scalar == "-" || isWord(scalar) {
                id.append(scalar)
            }
        }
        return String(id)
    }

    /// Ruby's and Go's `\p{Word}`: letters, marks, numbers, connector punctuation.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    /// kramdown's `auto_ids` (transliteration off, as Jekyll has it): leading characters up to
    /// the first ASCII letter go, then everything but ASCII letters, digits, spaces and `-`;
    /// spaces become `-`; lower case; `section` when nothing is left.
    public static func kramdown(_ text: String) -> String {
        let scalars = text.unicodeScalars.drop { !(("a"..."z").contains($0) || ("A"..."Z").contains($0)) }
        var id = ""
        for scalar in scalars {
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-"
            {
                id.unicodeScalars.append(scalar)
            } else if scalar == " " {
                id.append("-")
            }
        }
        id = id.lowercased()
        return id.isEmpty ? "section" : id
    }
}
