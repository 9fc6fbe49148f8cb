import XCTest

@testable import Spelling

final class WordSplitterTests: XCTestCase {
    private func words(_ text: String) -> [String] { WordSplitter.words(in: text).map(\.word) }

    func testPlainWordsWithTheirByteOffsets() {
        let tokens = WordSplitter.words(in: "Héllo, wörld!")
        XCTAssertEqual(tokens.map(\.word), ["Héllo", "wörld"])
        XCTAssertEqual(tokens.map(\.start), [0, 8])
        XCTAssertEqual(tokens.map(\.end), [6, 14])
    }

    func testApostrophesAndHyphensBetweenLettersStayInTheWord() {
        XCTAssertEqual(
            words("don't can’t well-known 'quoted' trailing- -leading"),
            ["don't", "can’t", "well-known", "quoted", "trailing", "leading"])
    }

    func testSkipsWordsCspellSkips() {
        // Digits, ALLCAPS, CamelCase and mixed case, single letters.
        XCTAssertEqual(words("mp3 HTTP JavaScript iPhone a I ok Word"), ["ok", "Word"])
    }

    /// Issue 45.9: file and program names are names, not words cut at their dots.
    func testDottedNamesAreSkippedWhole() {
        XCTAssertEqual(
            words("See README.md, robots.txt and Node.js or my-file.tar.gz here. The end."),
            ["See", "and", "or", "here", "The", "end"])
    }

    /// Issue 60.7: a path is a name, not words (`bashrc` in `~/.bashrc` was flagged); `and/or` is words.
    func testPathsAreSkippedWhole() {
        let words = WordSplitter.words(in: "Edit ~/.bashrc and /etc/hostz, run ./setupp.sh or $HOME/binn (and/or not).")
        XCTAssertEqual(words.map(\.word), ["Edit", "and", "run", "or", "and", "or", "not"])
    }

    func testSkipsURLsAddressesAndEntities() {
        XCTAssertEqual(
            words("see https://exmple.com/pathh and www.sitee.org or mail ann@exmple.org &amp; &#8217; done"),
            ["see", "and", "or", "mail", "done"])
    }

    func testOtherScriptsAreWordsButNotThoseWrittenWithoutSpaces() {
        XCTAssertEqual(words("café naïve Ελληνικά 日本語 ひらがな 한국어 ok"), ["café", "naïve", "Ελληνικά", "ok"])
    }
}
