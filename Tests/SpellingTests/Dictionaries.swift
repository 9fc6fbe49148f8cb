import Foundation
import Spelling
import TestSupport
import XCTest

/// The en_US and French dictionaries (Debian `hunspell-en-us`, `hunspell-fr`, installed by
/// `make test`): a skip naming the package when its file is missing; when it is there, the
/// product's locator must find it (a locator bug fails these tests, never skips them).
enum Dictionaries {
    static let checkers = SpellCheckers()

    /// The locator did not find a dictionary whose file is installed.
    struct NotFound: Error, CustomStringConvertible {
        let description: String
    }

    static func english() throws -> HunspellDictionary {
        try requireEnglishDictionary()
        switch checkers.dictionary(for: "en_US") {
        case .success(let dictionary): return dictionary
        case .failure(let missing): throw NotFound(description: "en_US is installed but the locator says: \(missing)")
        }
    }

    static func french() throws -> HunspellDictionary {
        try requireFile("/usr/share/hunspell/fr_FR.dic", package: "hunspell-fr")
        switch checkers.dictionary(for: "fr-fr") {
        case .success(let dictionary): return dictionary
        case .failure(let missing): throw NotFound(description: "fr_FR is installed but the locator says: \(missing)")
        }
    }
}
