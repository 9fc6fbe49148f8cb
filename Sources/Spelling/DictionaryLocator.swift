import Foundation

/// Finds the Hunspell dictionary for a language where Debian and other distributions put them
/// (`$DICPATH` first, then `/usr/share/hunspell`, `/usr/share/myspell/dicts`, `/usr/share/myspell`).
///
/// Language tags are matched loosely, as writers and sites spell them: `fr-fr`, `fr_FR` and
/// `FR` all find `fr_FR` or `fr`, whichever is installed; `en` finds `en_US` first.
public struct DictionaryLocator: Sendable {
    /// Folders searched, in order.
    public var folders: [String]

    public init(folders: [String]) { self.folders = folders }

    /// The usual folders, after those listed in `$DICPATH` (colon-separated).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> DictionaryLocator
    {
        let fromEnvironment = (environment["DICPATH"] ?? "").split(separator: ":").map(String.init).filter {
            !$0.isEmpty
        }
        return DictionaryLocator(
            folders: fromEnvironment + ["/usr/share/hunspell", "/usr/share/myspell/dicts", "/usr/share/myspell"])
    }

    /// Why no dictionary was found: the language, the folders looked in, the package to install.
    public struct Missing: Error, Sendable, Equatable, CustomStringConvertible {
        public var language: String
        public var folders: [String]
        public var description: String {
            "no \(language) dictionary for spell-checking in \(folders.joined(separator: ", ")): "
                + "install it (Debian: apt-get install \(Self.package(for: language))) or point $DICPATH at a folder with \(language).aff and .dic"
        }

        /// Debian's package for a language's Hunspell dictionary (`hunspell-en-us`, `hunspell-fr`).
        static func package(for language: String) -> String {
            let parts = DictionaryLocator.parts(of: language)
            // Debian names a few dictionaries by language alone.
            let byLanguage: Set<String> = [
                "fr", "es", "it", "ru", "pl", "sv", "nl", "hu", "ro", "uk", "cs", "da", "ko", "tr", "eu", "gl", "he",
                "hr", "lt", "lv", "sk", "sl", "sr", "bg", "ar", "be", "kk", "kmr", "ml", "ne", "si", "te", "th", "vi",
                "is", "an", "bs", "gu", "hi", "id", "oc",
            ]
            if byLanguage.contains(parts.language) || parts.region == nil { return "hunspell-" + parts.language }
            return "hunspell-\(parts.language)-\(parts.region!.lowercased())"
        }
    }

    /// The dictionary's path without extension and the name it is known by, for `language`.
    public func locate(_ language: String) -> Result<(base: String, name: String), Missing> {
        for name in Self.candidates(for: language) {
            for folder in folders {
                let base = folder + "/" + name
                if FileManager.default.isReadableFile(atPath: base + ".dic"),
                    FileManager.default.isReadableFile(atPath: base + ".aff")
                {
                    return .success((base, name))
                }
            }
        }
        // Any dictionary of the language (`en_GB` when only it is installed for `en`).
        guard Self.parts(of: language).language != "invalid" else {
            return .failure(Missing(language: language, folders: folders))
        }
        let prefix = Self.parts(of: language).language + "_"
        for folder in folders {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            if let dic = names.first(where: { $0.lowercased().hasPrefix(prefix) && $0.hasSuffix(".dic") }) {
                let name = String(dic.dropLast(4))
                if FileManager.default.isReadableFile(atPath: folder + "/" + name + ".aff") {
                    return .success((folder + "/" + name, name))
                }
            }
        }
        return .failure(Missing(language: Self.canonical(language), folders: folders))
    }

    /// `fr-fr` → `fr_FR`, `EN` → `en`: how dictionaries are named.
    public static func canonical(_ language: String) -> String {
        let parts = parts(of: language)
        return parts.region.map { parts.language + "_" + $0 } ?? parts.language
    }

    /// Names to try, most specific first: `fr_FR`, `fr`; `en` → `en`, `en_US`.
    static func candidates(for language: String) -> [String] {
        let parts = parts(of: language)
        guard parts.language != "invalid" else { return [] }
        var names = [canonical(language), parts.language]
        if parts.region == nil, let usual = usualRegion[parts.language] { names.append(parts.language + "_" + usual) }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The region a language's dictionary is usually installed for.
    private static let usualRegion = [
        "en": "US", "de": "DE", "fr": "FR", "es": "ES", "it": "IT", "pt": "PT", "nl": "NL", "sv": "SE", "ru": "RU",
    ]

    static func parts(of language: String) -> (language: String, region: String?) {
        let pieces = language.trimmingCharacters(in: .whitespaces).split(whereSeparator: {
            $0 == "-" || $0 == "_" || $0 == "."
        })
        // Letters only (the name becomes part of a path; a front matter's `lang` is the
        // writer's, or an attacker's, to choose).
        func letters(_ piece: Substring) -> Bool {
            piece.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        }
        guard let first = pieces.first, (2...8).contains(first.count), letters(first) else { return ("invalid", nil) }
        let region = pieces.dropFirst().first.flatMap {
            ($0.count == 2 || $0.count == 3) && letters($0) ? $0.uppercased() : nil
        }
        return (first.lowercased(), region)
    }
}
