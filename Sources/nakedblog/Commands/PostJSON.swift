import Blog
import Foundation

/// The `--json` form of posts: stable keys, RFC 3339 dates or null.
enum PostJSON {
    struct Entry: Encodable {
        let path: String
        let title: String
        let slug: String
        let date: String?
        let lastmod: String?
        let publishDate: String?
        let expiryDate: String?
        let draft: Bool
        let status: String
        let lang: String
        let section: String
        let bundle: Bool
        let headless: Bool
        let tags: [String]
        let categories: [String]
        let description: String?
        let wordCount: Int
        let resources: [String]
        let translations: [String]
        let format: String?

        init(_ post: Post, now: Date) {
            path = post.path
            title = post.title
            slug = post.slug
            date = post.date?.rfc3339
            lastmod = post.lastmod?.rfc3339
            publishDate = post.publishDate?.rfc3339
            expiryDate = post.expiryDate?.rfc3339
            draft = post.draft
            status = post.status(at: now).rawValue
            lang = post.lang
            section = post.section
            bundle = post.isBundle
            headless = post.headless
            tags = post.tags
            categories = post.categories
            description = post.description
            wordCount = post.wordCount
            resources = post.resources
            translations = post.translations
            format = post.format?.rawValue
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(path, forKey: .path)
            try c.encode(title, forKey: .title)
            try c.encode(slug, forKey: .slug)
            try c.encode(date, forKey: .date)
            try c.encode(lastmod, forKey: .lastmod)
            try c.encode(publishDate, forKey: .publishDate)
            try c.encode(expiryDate, forKey: .expiryDate)
            try c.encode(draft, forKey: .draft)
            try c.encode(status, forKey: .status)
            try c.encode(lang, forKey: .lang)
            try c.encode(section, forKey: .section)
            try c.encode(bundle, forKey: .bundle)
            try c.encode(headless, forKey: .headless)
            try c.encode(tags, forKey: .tags)
            try c.encode(categories, forKey: .categories)
            try c.encode(description, forKey: .description)
            try c.encode(wordCount, forKey: .wordCount)
            try c.encode(resources, forKey: .resources)
            try c.encode(translations, forKey: .translations)
            try c.encode(format, forKey: .format)
        }

        enum CodingKeys: String, CodingKey {
            case path, title, slug, date, lastmod, publishDate, expiryDate, draft, status, lang, section, bundle, headless
            case tags, categories, description, wordCount, resources, translations, format
        }
    }

    static func encode(_ posts: [Post], now: Date) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(posts.map { Entry($0, now: now) })
        return String(decoding: data, as: UTF8.self)
    }
}
