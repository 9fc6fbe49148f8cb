import XCTest

@testable import Spelling

final class DictionaryLocatorTests: XCTestCase {
    func testLanguageTagsAsSitesSpellThem() {
        XCTAssertEqual(DictionaryLocator.canonical("fr-fr"), "fr_FR")
        XCTAssertEqual(DictionaryLocator.canonical("EN_us"), "en_US")
        XCTAssertEqual(DictionaryLocator.canonical("de"), "de")
        XCTAssertEqual(DictionaryLocator.candidates(for: "fr-fr"), ["fr_FR", "fr"])
        XCTAssertEqual(DictionaryLocator.candidates(for: "en"), ["en", "en_US"])
    }

    func testALanguageFromAPostNeverBecomesAPath() {
        XCTAssertEqual(DictionaryLocator.candidates(for: "../../etc/passwd"), [])
        XCTAssertEqual(DictionaryLocator.candidates(for: "en/../../x"), [])
        let folder = NSTemporaryDirectory()
        if case .success = DictionaryLocator(folders: [folder]).locate("../" + folder) {
            XCTFail("a path was followed")
        }
    }

    func testFindsADictionaryInDICPATHAndSaysWhichPackageIsMissing() throws {
        let folder = NSTemporaryDirectory() + "nb-dict-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/xx_YY.aff", contents: Data("SET UTF-8\n".utf8))
        FileManager.default.createFile(atPath: folder + "/xx_YY.dic", contents: Data("1\nzorglub\n".utf8))
        let locator = DictionaryLocator.standard(environment: ["DICPATH": folder])
        XCTAssertEqual(locator.folders.first, folder)
        guard case .success(let found) = locator.locate("xx-yy") else { return XCTFail("not found") }
        XCTAssertEqual(found.name, "xx_YY")
        let dictionary = try XCTUnwrap(HunspellDictionary(base: found.base, language: found.name))
        XCTAssertTrue(dictionary.accepts("zorglub"))
        XCTAssertFalse(dictionary.accepts("zorglob"))

        guard case .failure(let missing) = DictionaryLocator(folders: [folder]).locate("de-de") else {
            return XCTFail("found")
        }
        XCTAssertTrue(missing.description.contains("de_DE"), missing.description)
        XCTAssertTrue(missing.description.contains("hunspell-de-de"), missing.description)
        guard case .failure(let french) = DictionaryLocator(folders: [folder]).locate("fr-fr") else {
            return XCTFail("found")
        }
        XCTAssertTrue(french.description.contains("apt-get install hunspell-fr"), french.description)
    }

    func testEnglishAndFrenchFromDebian() throws {
        let english = try Dictionaries.english()
        XCTAssertTrue(english.accepts("color"))
        XCTAssertTrue(english.accepts("don't"))
        XCTAssertTrue(english.accepts("don’t"), "ICONV reads ’ as '")
        XCTAssertTrue(english.accepts("well-known"))
        XCTAssertFalse(english.accepts("recieve"))
        XCTAssertEqual(english.suggestions(for: "recieve").first, "receive")
        let french = try Dictionaries.french()
        XCTAssertTrue(french.accepts("été"))
        XCTAssertTrue(french.accepts("aujourd’hui"))
        XCTAssertFalse(french.accepts("bonjourr"))
    }
}
