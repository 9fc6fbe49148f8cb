import Foundation
import TestSupport
import XCTest

@testable import Blog

final class SiteWordListTests: XCTestCase {
    private func added(_ word: String, to text: String) -> String? {
        SiteWordList.adding(word, toCSpell: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    func testAddingChangesOnlyTheList() {
        let file = """
            // Spelling for the blog
            {
              "version": "0.2", /* kept */
              "language": "en",
              "words": [
                "nakedblog",
                "Hugo" // the generator
              ],
              "ignorePaths": ["node_modules"]
            }

            """
        XCTAssertEqual(
            added("Kubernetes", to: file),
            file.replacingOccurrences(of: "\"Hugo\"", with: "\"Hugo\",\n    \"Kubernetes\""))
        XCTAssertEqual(added("b", to: "{\"words\": [\"a\"]}"), "{\"words\": [\"a\", \"b\"]}")
        XCTAssertEqual(added("b", to: "{\"words\": []}"), "{\"words\": [\"b\"]}")
        XCTAssertEqual(added("say \"hi\"", to: "{\"words\": []}"), "{\"words\": [\"say \\\"hi\\\"\"]}")
        XCTAssertEqual(
            added("b", to: "{\r\n  \"version\": \"0.2\"\r\n}\r\n"),
            "{\r\n  \"version\": \"0.2\",\r\n  \"words\": [\"b\"]\r\n}\r\n")
        XCTAssertEqual(added("b", to: "{}"), "{\"words\": [\"b\"]}")
        // A "words" key inside another object is not the list.
        XCTAssertEqual(
            added("b", to: "{\"overrides\": [{\"words\": [\"x\"]}]}"),
            "{\"overrides\": [{\"words\": [\"x\"]}],\n  \"words\": [\"b\"]}")
        XCTAssertNil(added("b", to: "[1, 2]"))
    }

    func testReadsWordsAndIgnoreWordsAndTheOwnList() throws {
        let site = try TemporaryDirectory(prefix: "nb-words")
        defer { site.remove() }
        try "{ \"words\": [\"alpha\", \"beta\"], // ok\n \"ignoreWords\": [\"gamma\"] }".write(
            toFile: site.appending(".cspell.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: site.appending(".nakedblog"), withIntermediateDirectories: true)
        try "# mine\ndelta\r\n\nepsilon".write(
            toFile: site.appending(".nakedblog/words.txt"), atomically: true, encoding: .utf8)
        XCTAssertEqual(SiteWordList.words(siteRoot: site.path), ["alpha", "beta", "gamma", "delta", "epsilon"])
        XCTAssertEqual(try SiteWordList.add("zeta", siteRoot: site.path), ".cspell.json")
        XCTAssertEqual(SiteWordList.words(siteRoot: site.path).prefix(3), ["alpha", "beta", "zeta"])
    }

    /// Issue 60.7: cspell's configuration as cspell reads it — YAML or JSON with comments and
    /// trailing commas, and the word files of the dictionaries it uses (`.cspell/all-words.txt`);
    /// a dictionary that leads out of the site is not read; a new word goes beside a YAML file.
    func testCSpellConfigurationsAndTheirDictionaries() throws {
        let work = try TemporaryDirectory(prefix: "nb-cspell")
        let outside = try TemporaryDirectory(prefix: "nb-cspell-outside")
        defer { work.remove(); outside.remove() }
        try FileManager.default.createDirectory(atPath: work.appending(".cspell"), withIntermediateDirectories: true)
        try "# project words\nOTel\n!forbidden\nkubectl*\n".write(
            toFile: work.appending(".cspell/all-words.txt"), atomically: true, encoding: .utf8)
        try "secretword\n".write(toFile: outside.appending("words.txt"), atomically: true, encoding: .utf8)
        try """
        version: "0.2"
        words: [Hugo] # the generator
        ignoreWords:
          - nakedblog
        dictionaryDefinitions:
          - name: project
            path: ./.cspell/all-words.txt
          - name: unused
            path: ./.cspell/other.txt
          - name: away
            path: \(outside.appending("words.txt"))
        dictionaries: [project, away]
        """.write(toFile: work.appending("cspell.config.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(SiteWordList.words(siteRoot: work.path), ["Hugo", "nakedblog", "OTel", "kubectl"])
        XCTAssertTrue(SiteWordList.dictionaryFiles(siteRoot: work.path).contains(".cspell/all-words.txt"))
        XCTAssertEqual(try SiteWordList.add("zorp", siteRoot: work.path), SiteWordList.ownFile)
        try FileManager.default.removeItem(atPath: work.appending("cspell.config.yaml"))
        try """
        // JSON with comments
        {
          "words": ["Hugo", "Jekyll",], /* a trailing comma */
          "dictionaryDefinitions": [{ "name": "project", "path": ".cspell/all-words.txt", "addWords": true }],
        }
        """.write(toFile: work.appending("cspell.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(SiteWordList.words(siteRoot: work.path), ["Hugo", "Jekyll", "OTel", "kubectl", "zorp"])
    }

    func testWithoutACspellFileTheWordGoesToTheOwnList() throws {
        let site = try TemporaryDirectory(prefix: "nb-words")
        defer { site.remove() }
        XCTAssertEqual(try SiteWordList.add("zeta", siteRoot: site.path), ".nakedblog/words.txt")
        XCTAssertEqual(try SiteWordList.add("eta", siteRoot: site.path), ".nakedblog/words.txt")
        XCTAssertEqual(
            try String(contentsOfFile: site.appending(".nakedblog/words.txt"), encoding: .utf8), "zeta\neta\n")
    }

    /// The attack: a cspell file that is a link to a file outside the site is neither read nor
    /// appended to.
    func testALinkedWordListOutsideTheSiteIsNotTouched() throws {
        let site = try TemporaryDirectory(prefix: "nb-words")
        let outside = try TemporaryDirectory(prefix: "nb-words-outside")
        defer { site.remove(); outside.remove() }
        try "{\"words\": [\"secret\"]}".write(
            toFile: outside.appending("target.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: site.appending("cspell.json"), withDestinationPath: outside.appending("target.json"))
        XCTAssertEqual(SiteWordList.words(siteRoot: site.path), [])
        XCTAssertThrowsError(try SiteWordList.add("x", siteRoot: site.path))
        XCTAssertEqual(
            try String(contentsOfFile: outside.appending("target.json"), encoding: .utf8), "{\"words\": [\"secret\"]}")
    }
}
