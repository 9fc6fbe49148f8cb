import Blog
import Foundation
import Spelling

extension EffectRunner {
    /// The writer's own dictionary: `~/.hunspell_<language>`, or for a restricted author the
    /// session's state folder (never the server account's home).
    var personalWords: SpellCheckers.PersonalWords {
        restricted ? .folder(XDGDirectory.state(environment)) : .home
    }

    func acceptWord(_ word: String, language: String, toSite: Bool, personal: SpellCheckers.PersonalWords, root: String)
    {
        do {
            if toSite {
                let file = try SiteWordList.add(word, siteRoot: root)
                send(.spelling(.wordAccepted(word: word, file: file, problem: nil)))
            } else {
                let dictionary: PersonalDictionary
                switch personal {
                case .home: dictionary = PersonalDictionary.home(language: language, environment: environment)
                case .folder(let folder): dictionary = PersonalDictionary.inFolder(folder, language: language)
                case .none:
                    return send(
                        .spelling(
                            .wordAccepted(word: word, file: nil, problem: "no personal dictionary in this session")))
                }
                try dictionary.add(word)
                send(.spelling(.wordAccepted(word: word, file: nil, problem: nil)))
            }
        } catch {
            send(
                .spelling(
                    .wordAccepted(
                        word: word, file: nil,
                        problem: error.file.isEmpty ? error.problem : error.file + ": " + error.problem)))
        }
    }
}

extension EffectRunner {
    /// How many misspelled words the post (site-relative) has as saved; nil when it cannot be
    /// checked (no dictionary for its language, unreadable).
    func misspelledWords(in post: String, site: Site, ignoring: [String] = []) -> Int? {
        guard config.spelling, SiteContainment.isInside(site.absolute(post), site: site.root),
            let data = FileManager.default.contents(atPath: site.absolute(post)),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let page = try? PageText(text: text, file: post)
        let language = SpellCheckers.language(of: page, path: post, site: site)
        guard
            case .success(var checker) = spellCheckers.checker(
                language: language, siteRoot: site.root, personal: personalWords)
        else { return nil }
        for word in ignoring { checker.accepted.insert(word) }
        return checker.misspellings(inPage: text, path: post, page: page).count
    }
}
