/// The language a post is written in, for spell-checking: a language tag as the site spells
/// it (`fr`, `fr-fr`, `en_US`); the dictionary is found from it (`Spelling.DictionaryLocator`).
public enum SpellingLanguage {
    /// Used when neither the post nor the site says.
    public static let fallback = "en_US"

    /// From the post (`lang` or `language` in its front matter; on a Hugo site, `index.fr.md`
    /// or the content folder of a language), else the site (`languageCode`, then
    /// `defaultContentLanguage` on Hugo; `lang` in `_config.yml` on Jekyll), else en_US.
    public static func of(path: String, fields: FrontMatterFields?, site: Site?) -> String {
        if let own = fields?["lang"]?.text ?? fields?["language"]?.text, !own.isEmpty { return own }
        guard let site else { return fallback }
        if let jekyll = site.kind.jekyll {
            return jekyll.fields.first { $0.key == "lang" }?.value.text ?? fallback
        }
        let config = site.config
        let code = hugoLanguage(of: path, config: config) ?? config.defaultContentLanguage
        if let language = config.languages.first(where: { $0.code == code }) {
            if let tag = language.languageCode, !tag.isEmpty { return tag }
            if code == config.defaultContentLanguage, let tag = config.languageCode, !tag.isEmpty { return tag }
            return code
        }
        if code == config.defaultContentLanguage, let tag = config.languageCode, !tag.isEmpty,
            config.languages.isEmpty || tag.lowercased().hasPrefix(code.lowercased())
        {
            return tag
        }
        return code
    }

    /// The language Hugo gives the page at `path` (site-relative) by its content folder or its
    /// file name (`index.fr.md`); nil when neither says.
    static func hugoLanguage(of path: String, config: SiteConfig) -> String? {
        let root = config.contentRoots.filter { path.hasPrefix($0.dir + "/") }.max { $0.dir.count < $1.dir.count }
        if let language = root?.language { return language }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return ContentFileName.language(of: name, config: config)
    }
}
