import Foundation

/// What nakedblog needs from a Hugo site's configuration.
public struct SiteConfig: Sendable, Equatable {
    /// A configured language.
    public struct Language: Sendable, Equatable {
        public var code: String
        public var name: String?
        public var weight: Int
        /// Site-root-relative content directory for this language, if it has its own.
        public var contentDir: String?
        public var title: String?
        /// `languageCode` (`fr-fr`): the language tag for HTML and feeds, often with a region.
        public var languageCode: String? = nil
    }

    public var title: String
    /// Site-root-relative, default `content`.
    public var contentDir: String
    /// Site-root-relative, default `archetypes`.
    public var archetypeDir: String
    public var themesDir: String
    public var themes: [String]
    public var defaultContentLanguage: String
    /// Configured languages by weight; empty for a single-language site.
    public var languages: [Language]
    /// Taxonomy plural names (`tags`, `categories` by default).
    public var taxonomies: [String]
    /// The config file(s) read, site-root-relative.
    public var files: [String]
    /// `permalinks`: section name → pattern (`/:year/:month/:slug/`).
    public var permalinks: [String: String] = [:]
    public var uglyURLs = false
    /// `enableGitInfo`: pages take `.Lastmod` and `.GitInfo` from `git log` (a build needs the history).
    public var enableGitInfo = false
    /// The site or its theme has a `render-blockquote` hook (so `> [!NOTE]` renders as an alert).
    public var hasBlockquoteHook = false
    /// The path part of `baseURL` without its trailing slash (`/docs` for `https://x.org/docs/`), usually "".
    public var baseURLPath = ""
    public var defaultContentLanguageInSubdir = false
    /// The top-level `languageCode` (`en-us`), the default language's full tag; nil when unset.
    public var languageCode: String?
    /// The `source` of each `[[module.mounts]]` (site-relative, or as written).
    public var moduleMountSources: [String] = []
    /// Module settings that reach past the site's own folders, as written (`module.replacements`,
    /// an import or theme by a local path, `module.workspace`, `module.vendorClosest`): an
    /// untrusted build check refuses the site while any is set.
    public var moduleReaches: [String] = []
    /// The mounts whose target is `content` (hugoDocs mounts `content/en` there): when a site
    /// declares any, they replace `contentDir`, as in Hugo. Each with the language it fixes.
    public var contentMounts: [ContentMount] = []

    /// A module mount of content: its folder (site-relative) and the language it fixes, if any.
    public struct ContentMount: Sendable, Equatable {
        public var source: String
        public var lang: String?
    }
    /// Whether YAML 1.1 boolean language keys (`no:`) name the language `false`/`true` in URLs:
    /// true with a YAML config, such a key, and a Hugo before 0.152 installed (`HugoRelease`).
    public var yamlLanguageKeysAreBooleans = false

    /// The folder a language's pages live under in URLs (`/fr`), "" for the default language.
    public func languagePrefix(_ lang: String) -> String {
        guard !languages.isEmpty || defaultContentLanguageInSubdir else { return "" }
        guard lang != defaultContentLanguage || defaultContentLanguageInSubdir else { return "" }
        // Hugo before 0.152 reads a YAML config's language keys as YAML 1.1: `no:` is the
        // boolean false, and the built site's Norwegian pages really are under /false/.
        if yamlLanguageKeysAreBooleans, let bool = Self.yamlBooleanKeys[lang] { return "/" + bool }
        return "/" + lang
    }

    /// YAML 1.1's boolean spellings a language key may have, with the value Hugo printed.
    static let yamlBooleanKeys = [
        "y": "true", "yes": "true", "on": "true", "n": "false", "no": "false", "off": "false",
    ]

    /// The language codes, default first.
    public var languageCodes: [String] {
        languages.isEmpty ? [defaultContentLanguage] : languages.map(\.code)
    }

    /// Whether `code` is a configured language (used for `index.<code>.md` names).
    public func isLanguage(_ code: String) -> Bool {
        languages.contains { $0.code.lowercased() == code.lowercased() }
    }

    /// Content roots, each with the language it fixes (nil: file names decide, default language
    /// when a name has no language suffix).
    public var contentRoots: [(dir: String, language: String?)] {
        if !contentMounts.isEmpty { return contentMounts.map { ($0.source, $0.lang) } }
        var order: [String] = []
        var users: [String: [String]] = [:]
        for language in languages {
            let dir = language.contentDir ?? contentDir
            if users[dir] == nil { order.append(dir) }
            users[dir, default: []].append(language.code)
        }
        if order.isEmpty { return [(contentDir, nil)] }
        return order.map { dir in (dir, users[dir]!.count == 1 && order.count > 1 ? users[dir]![0] : nil) }
    }
}
