import Foundation

/// Links written in the generator's own language: Hugo's `{{< ref "x" >}}` / `relref` and the
/// pictures its shortcodes show (`src=`), Jekyll's
/// `{% post_url 2020-01-01-x %}` and `{% link path %}` (a shortcode commented out with `/* */`
/// is not one).
enum GeneratorReferences {
    enum Kind { case ref, postURL, link, picture }

    struct Reference {
        let kind: Kind
        /// What it names (`posts/x.md#part`, `2020-01-01-x`).
        let target: String
        /// As written, for the report.
        let written: String
        /// 0-based.
        let line: Int
        let column: Int
    }

    /// Quoted or not (`{{< ref build-libgit2-for-ios >}}`: a positional parameter without a space).
    nonisolated(unsafe) static let hugo =
        #/\{\{[<%]\s*(?:rel)?ref\s+(?:\.\s+)?(?:["']([^"']*)["']|([^\s"'<>%{}]+))\s*[>%]\}\}/#
    nonisolated(unsafe) static let postURL = #/\{%-?\s*post_url\s+([^\s%]+)\s*-?%\}/#
    nonisolated(unsafe) static let link = #/\{%-?\s*link\s+([^\s%]+)\s*-?%\}/#
    /// A picture a Hugo shortcode shows: its `src` parameter (`{{< figure src="/images/x.jpg" >}}`,
    /// and the site's own shortcodes that take one), on the shortcode's first line.
    nonisolated(unsafe) static let picture = #/\{\{[<%]\s*[\w./-]+\s[^}]*?\bsrc\s*=\s*["']([^"'{}]+)["']/#

    static func find(in text: String, skippingLines: Int, jekyll: Bool) -> [Reference] {
        var found: [Reference] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where index >= skippingLines && line.contains("{") {
            func add(_ kind: Kind, _ match: Regex<(Substring, Substring)>.Match) {
                found.append(
                    Reference(
                        kind: kind, target: String(match.output.1), written: String(match.output.0), line: index,
                        column: line.distance(from: line.startIndex, to: match.range.lowerBound)))
            }
            if jekyll {
                for match in line.matches(of: postURL) { add(.postURL, match) }
                for match in line.matches(of: link) { add(.link, match) }
            } else {
                for match in line.matches(of: hugo) {
                    found.append(
                        Reference(
                            kind: .ref, target: String(match.output.1 ?? match.output.2 ?? ""),
                            written: String(match.output.0), line: index,
                            column: line.distance(from: line.startIndex, to: match.range.lowerBound)))
                }
                for match in line.matches(of: picture) {
                    // Placed at the address, reported as it is written there.
                    found.append(
                        Reference(
                            kind: .picture, target: String(match.output.1), written: String(match.output.1),
                            line: index, column: line.distance(from: line.startIndex, to: match.output.1.startIndex)))
                }
            }
        }
        return found
    }
}
