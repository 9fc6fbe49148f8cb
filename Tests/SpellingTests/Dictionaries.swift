import Foundation
import Spelling
import XCTest

/// The en_US dictionary (Debian `hunspell-en-us`, installed by `make test`), or a skip naming it.
enum Dictionaries {
    static let checkers = SpellCheckers()

    static func english() throws -> HunspellDictionary {
        switch checkers.dictionary(for: "en_US") {
        case .success(let dictionary): return dictionary
        case .failure: throw XCTSkip("the en_US Hunspell dictionary is not installed (Debian hunspell-en-us); `make test` installs it through scripts/setup.sh")
        }
    }

    static func french() throws -> HunspellDictionary {
        switch checkers.dictionary(for: "fr-fr") {
        case .success(let dictionary): return dictionary
        case .failure: throw XCTSkip("the French Hunspell dictionary is not installed (Debian hunspell-fr); `make test` installs it through scripts/setup.sh")
        }
    }
}
