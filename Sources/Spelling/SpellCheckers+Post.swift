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

    /// The language of a post (`page`: its text as read, nil when it does not read), from
    /// `SpellingLanguage`: the post, then the site.
    public static func language(of page: PageText?, path: String, site: Site?) -> String {
        let fields = page.flatMap { try? FrontMatterReader.fields(of: $0, file: path) }
        return SpellingLanguage.of(path: path, fields: fields, site: site)
    }

    /// A checker for `language` that accepts the site's words and the writer's own. The word
    /// files are read again only when one of them changed (their stamps are compared: a check
    /// after every pause in typing costs a few `stat`s, not a read of every list).
    public func checker(language: String, siteRoot: String?, personal: PersonalWords) -> Result<
        SpellChecker, DictionaryLocator.Missing
    > {
        dictionary(for: language).map { dictionary in
            let personalFile = personal.dictionary(language: dictionary.language)
            let files =
                (siteRoot.map { root in (SiteWordList.cspellFiles + [SiteWordList.ownFile]).map { root + "/" + $0 } }
                    ?? [])
                + (personalFile.map { [$0.path] } ?? [])
            let key = files.joined(separator: "\n")
            let stamps = files.map(FileStamp.of)
            if let known = acceptedWords.withLock({ $0[key] }), known.stamps == stamps,
                known.dictionaryStamps == known.dictionaries.map(FileStamp.of)
            {
                return SpellChecker(dictionary: dictionary, accepted: known.words)
            }
            // Read only when a list or the configuration changed (the configuration names the
            // dictionary files, whose stamps are watched from then on).
            let dictionaries =
                siteRoot.map { root in
                    SiteWordList.dictionaryFiles(siteRoot: root).map { root + "/" + $0 }
                } ?? []
            var accepted = AcceptedWords(siteRoot.map { SiteWordList.words(siteRoot: $0) } ?? [])
            for word in personalFile?.words() ?? [] { accepted.insert(word) }
            acceptedWords.withLock { $0[key] = (stamps, dictionaries, dictionaries.map(FileStamp.of), accepted) }
            return SpellChecker(dictionary: dictionary, accepted: accepted)
        }
    }
}
