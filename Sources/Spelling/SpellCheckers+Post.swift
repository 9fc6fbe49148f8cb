import Blog

extension SpellCheckers {
    /// Where a writer's personal dictionary is: `~/.hunspell_<language>` (`.home`), or a folder
    /// of the server account's for a restricted author (never their home).
    public enum PersonalWords: Sendable, Equatable {
        case home
        case folder(String)
        case none

        public func dictionary(language: String) -> PersonalDictionary? {
            switch self {
            case .home: PersonalDictionary.home(language: language)
            case .folder(let folder): PersonalDictionary.inFolder(folder, language: language)
            case .none: nil
            }
        }
    }

    /// The language a post's text is written in (`SpellingLanguage`: the post, then the site).
    public static func language(ofPage text: String, path: String, site: Site?) -> String {
        let fields = (try? PageText(text: text, file: path)).flatMap { try? FrontMatterReader.fields(of: $0, file: path) }
        return SpellingLanguage.of(path: path, fields: fields, site: site)
    }

    /// A checker for `language` that accepts the site's words and the writer's own.
    public func checker(language: String, siteRoot: String?, personal: PersonalWords) -> Result<SpellChecker, DictionaryLocator.Missing> {
        dictionary(for: language).map { dictionary in
            var accepted = AcceptedWords(siteRoot.map { SiteWordList.words(siteRoot: $0) } ?? [])
            for word in personal.dictionary(language: dictionary.language)?.words() ?? [] { accepted.insert(word) }
            return SpellChecker(dictionary: dictionary, accepted: accepted)
        }
    }
}
