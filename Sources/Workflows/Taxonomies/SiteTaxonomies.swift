import Blog
import Foundation
import FrontMatter

/// Every taxonomy a site declares (Hugo's `taxonomies`, `tags` and `categories` by default;
/// Jekyll's `tags` and `categories`), each term with the posts that use it and the address the
/// generator gives its page. Spellings Hugo makes one page of (`Swift`, `swift`) are one term;
/// terms used once and terms that differ only by accents or a plural are pointed out, as the
/// likely typos a writer fixes across posts (issue 62).
public struct SiteTaxonomies: Sendable {
    /// One term of a taxonomy.
    public struct Term: Sendable, Equatable {
        /// The spelling most posts use (ties: the first in order).
        public let name: String
        /// Every spelling the posts use, most used first.
        public let spellings: [String]
        /// The posts using it (site-relative), in path order.
        public let posts: [String]
        /// The term's pages (`/tags/swift/`, `/fr/tags/swift/`: one in each language its posts
        /// are in); none where the generator makes none (Jekyll without jekyll-archives).
        public let addresses: [String]
        /// Whether a post on the site now uses it (drafts, scheduled or expired posts only: its
        /// page does not exist yet).
        public let onSite: Bool
        /// Terms of the same taxonomy this one may be a variant of (accents, case, a plural).
        public var near: [String] = []
    }

    /// One taxonomy: its plural name (`tags`) and its terms, most used first.
    public struct Taxonomy: Sendable, Equatable {
        public let name: String
        public let terms: [Term]
    }

    public let taxonomies: [Taxonomy]

    /// The taxonomies of `site`'s posts in `index` (drafts included: they are the writer's).
    public static func of(_ site: Site, index: PostIndex, now: Date = Date()) -> SiteTaxonomies {
        let names = site.kind.jekyll != nil ? ["tags", "categories"] : site.config.taxonomies
        var taxonomies: [Taxonomy] = []
        for name in names {
            var uses: [Use] = []
            for post in index.posts where !post.outsideSite {
                for term in terms(of: post, taxonomy: name, site: site) {
                    uses.append(
                        Use(post: post.path, lang: post.lang, term: term, onSite: post.status(at: now) == .published))
                }
            }
            taxonomies.append(Taxonomy(name: name, terms: group(uses, taxonomy: name, site: site)))
        }
        return SiteTaxonomies(taxonomies: taxonomies)
    }

    /// The terms `post` has in `taxonomy`: from the listing for tags and categories, from its
    /// front matter for the others (`series`).
    static func terms(of post: Post, taxonomy: String, site: Site) -> [String] {
        switch taxonomy {
        case "tags": return post.tags
        case "categories": return post.categories
        default:
            let file = site.absolute(post.path)
            guard SiteContainment.isInside(file, site: site.root), let page = try? PageText.read(path: file),
                let fields = try? FrontMatterEditor(page: page, file: post.path).fields()
            else { return [] }
            return fields.value(lowercased: taxonomy)?.strings ?? []
        }
    }

    /// Uses grouped by the page they make, with variants pointed out.
    /// A post's use of a term.
    struct Use {
        let post: String
        let lang: String
        let term: String
        let onSite: Bool
    }

    static func group(_ uses: [Use], taxonomy: String, site: Site) -> [Term] {
        var byKey: [String: [Use]] = [:]
        for use in uses where !use.term.trimmingCharacters(in: .whitespaces).isEmpty {
            byKey[key(use.term), default: []].append(use)
        }
        var terms: [Term] = byKey.map { key, uses in
            var counts: [String: Int] = [:]
            for use in uses { counts[use.term, default: 0] += 1 }
            let spellings = counts.keys.sorted { (-counts[$0]!, $0) < (-counts[$1]!, $1) }
            return Term(
                name: spellings[0], spellings: spellings, posts: Array(Set(uses.map(\.post))).sorted(),
                addresses: Set(uses.map(\.lang)).sorted().compactMap {
                    address(of: spellings[0], taxonomy: taxonomy, lang: $0, site: site)
                }, onSite: uses.contains(where: \.onSite))
        }
        terms.sort { ($0.posts.count, $1.name) > ($1.posts.count, $0.name) }
        // Variants: the same letters once accents, case and a final "s" are set aside.
        let folded = Dictionary(grouping: terms.indices, by: { fold(terms[$0].name) })
        for index in terms.indices {
            terms[index].near = (folded[fold(terms[index].name)] ?? []).filter { $0 != index }.map { terms[$0].name }
        }
        return terms
    }

    /// What makes two spellings one page: Hugo's sanitized path of the term.
    static func key(_ term: String) -> String { HugoURL.termPath(term) }

    static func fold(_ term: String) -> String {
        var text = term.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        text = text.filter { $0.isLetter || $0.isNumber }
        if text.count > 3, text.hasSuffix("s") { text.removeLast() }
        return text
    }

    static func address(of term: String, taxonomy: String, lang: String, site: Site) -> String? {
        guard site.kind.jekyll == nil else { return nil }
        return site.config.baseURLPath.dropLastSlash + site.config.languagePrefix(lang) + "/" + taxonomy + "/"
            + HugoURL.termPath(term) + "/"
    }
}

extension String {
    fileprivate var dropLastSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
