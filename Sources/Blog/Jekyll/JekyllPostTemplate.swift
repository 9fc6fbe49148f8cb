import Synchronization

/// A post permalink pattern read once into text and placeholders, so a listing of 20,000 posts
/// does not cut the same pattern into strings and match each name against every placeholder
/// 20,000 times.
struct JekyllPostTemplate: Sendable {
    /// The placeholders of a post (`Drops::UrlDrop`).
    enum Placeholder: String, CaseIterable, Sendable {
        case collection, path, name, title, slug, categories, slugified_categories, year, month, day, hour, minute,
            second
        case i_day, i_month, short_month, long_month, short_year, w_year, week, w_day, short_day, long_day, y_day,
            output_ext
    }

    let pieces: [JekyllURL.Piece<Placeholder>]

    init(_ pattern: String) {
        pieces = JekyllURL.pieces(of: pattern) { Placeholder(rawValue: $0) }
    }

    /// The template of `pattern`, read once per pattern (a site has one or a few).
    static func of(_ pattern: String) -> JekyllPostTemplate {
        if let known = cache.withLock({ $0[pattern] }) { return known }
        let template = JekyllPostTemplate(pattern)
        cache.withLock { $0[pattern] = template }
        return template
    }

    private static let cache = Mutex<[String: JekyllPostTemplate]>([:])

    /// The filled-in pattern, each value escaped as a URL path (`value` is asked once per use).
    func fill(_ value: (Placeholder) -> String) -> String {
        JekyllURL.joined(pieces, value)
    }
}
