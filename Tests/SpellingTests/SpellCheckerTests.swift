import Preview
import XCTest

@testable import Spelling

final class SpellCheckerTests: XCTestCase {
    /// Every kind of text that is not prose carries a misspelling; only the prose ones are found.
    func testOnlyProseIsChecked() throws {
        let checker = SpellChecker(dictionary: try Dictionaries.english())
        let page = """
            ---
            title: "A postt about thingz"
            slug: not-a-wurd
            tags: [mispeled]
            description: >
              Longer descripshun here
            date: 2024-01-01
            ---
            Prose with a mistaek and `codde span` and [linkk text](https://exmple.com/pathh).
            A link <https://exmple.org/autolinkk> and ann@exmple.org and https://bare.exmple/urll.
            Entity &amp; fine. Short code {{< figgure src="x" >}} and {{% notte %}} and Liquid {% inclde x %} {{ pagge.title }}.
            <span class="htmll">inline</span> text.

            ```go
            func mian() { fmt.Println("helo") }
            ```

            <div>
            blokk html
            </div>

            {% highlight ruby %}
            deff foo
            {% endhighlight %}

            > Quoted wrongg text.

            - listt item
            ![alt textt](imagge.png)
            JavaScript HTTP mp3 iPhone.

            """
        let found = checker.misspellings(inPage: page, path: "content/posts/x.md")
        XCTAssertEqual(
            found.map(\.word), ["postt", "thingz", "descripshun", "mistaek", "linkk", "wrongg", "listt", "textt"])
        let first = try XCTUnwrap(found.first)
        XCTAssertEqual(first.line, 1)
        XCTAssertEqual(first.column, 10)
        XCTAssertEqual(first.length, 5)
        let mistake = try XCTUnwrap(found.first { $0.word == "mistaek" })
        XCTAssertEqual(mistake.line, 8)
        XCTAssertEqual(mistake.column, 13)
    }

    /// Issue 45.9: a shortcode's indented line is checked whole; the body of a code shortcode and
    /// code in a front-matter value are not prose.
    func testShortcodeBodiesAndInlineCodeInFrontMatter() throws {
        let checker = SpellChecker(dictionary: try Dictionaries.english())
        let page = """
            ---
            title: A title
            description: "Run `hugo --minfy` to shrnk it"
            ---

            {{< note >}}
              Indented prose viscious
            {{< /note >}}

            {{< code-toggle file="hugo" >}}
            enableemoji = true
            titel = "x"
            {{< /code-toggle >}}

            """
        let found = checker.misspellings(inPage: page, path: "content/posts/x.md")
        XCTAssertEqual(found.map(\.word), ["shrnk", "viscious"])
        XCTAssertEqual(found.last?.column, 17)
    }

    func testColumnsAreCharactersAfterWideTextAndLinesCanBeLimited() throws {
        let checker = SpellChecker(dictionary: try Dictionaries.english())
        let page = "日本語 — wrold\n\nsecond lnie\n\nthird liine\n"
        let found = checker.misspellings(inPage: page, path: "x.md")
        XCTAssertEqual(
            found,
            [
                Misspelling(line: 0, column: 6, length: 5, word: "wrold"),
                Misspelling(line: 2, column: 7, length: 4, word: "lnie"),
                Misspelling(line: 4, column: 6, length: 5, word: "liine"),
            ])
        XCTAssertEqual(checker.misspellings(inPage: page, path: "x.md", lines: 1..<3).map(\.word), ["lnie"])
    }

    func testAcceptedWordsMatchWithoutCase() throws {
        var checker = SpellChecker(
            dictionary: try Dictionaries.english(), accepted: AcceptedWords(["Kubernetes", "nakedblog"]))
        XCTAssertEqual(
            checker.misspellings(inPage: "kubernetes and Nakedblog and zorp\n", path: "x.md").map(\.word), ["zorp"])
        checker.accepted.insert("zorp")
        XCTAssertEqual(checker.misspellings(inPage: "zorp\n", path: "x.md"), [])
    }

    /// Issue 60.7: a post's own `cSpell:ignore` / `cSpell:words` (in an HTML comment, a
    /// front-matter comment or field) are accepted in that post, as cspell accepts them.
    func testAPostsOwnCSpellWordsAreAccepted() throws {
        let checker = SpellChecker(dictionary: try Dictionaries.english())
        let page = """
            ---
            title: OTel and zorp
            # cspell:words zorp
            ---
            <!-- cSpell:ignore OTel, kubectl -->
            OTel traces, kubectl logs and a mistaek.
            """
        XCTAssertEqual(checker.misspellings(inPage: page, path: "x.md").map(\.word), ["mistaek"])
        XCTAssertEqual(
            checker.misspellings(inPage: "OTel traces\n", path: "y.md").map(\.word), ["OTel"], "only in that post")
        XCTAssertEqual(
            InlineWords.of("spell-checker: ignore x\n<!-- spellchecker:words Foo bar-->"), ["x", "Foo", "bar"])
    }

    /// Issue 60.7: a shortcode's prose parameters (`caption`, `alt`, `title`…) are read as prose;
    /// its other parameters and a pair's body are not.
    func testAShortcodesCaptionIsProse() throws {
        let checker = SpellChecker(dictionary: try Dictionaries.english())
        let page = """
            Before {{< figure src="heronn.jpg" caption="Mispeled captoin" alt='A heron' subcaption="zorpp" >}} after.

            {{< code-toggle file="hugo" >}}
            title = "mispelt"
            {{< /code-toggle >}}
            """
        XCTAssertEqual(checker.misspellings(inPage: page, path: "x.md").map(\.word), ["Mispeled", "captoin"])
    }

    func testTOMLAndJSONFrontMatterTitles() throws {
        let checker = SpellChecker(dictionary: try Dictionaries.english())
        XCTAssertEqual(
            checker.misspellings(inPage: "+++\ntitle = \"Tomll tytle\"\nslug = \"zzzq\"\n+++\nfine\n", path: "x.md")
                .map(\.word),
            ["Tomll", "tytle"])
        XCTAssertEqual(
            checker.misspellings(inPage: "{\n  \"title\": \"Jsonn\",\n  \"slug\": \"qqqz\"\n}\nfine\n", path: "x.md")
                .map(\.word),
            ["Jsonn"])
    }

    func testFrenchPost() throws {
        let checker = SpellChecker(dictionary: try Dictionaries.french())
        XCTAssertEqual(
            checker.misspellings(inPage: "Aujourd’hui il fait très beauu.\n", path: "x.md").map(\.word), ["beauu"])
    }

    /// A long paragraph and a hostile one (a thousand `{{` that never close) stay linear.
    func testHostileTemplatingDoesNotExplode() {
        let text = String(repeating: "{{ {% ", count: 20_000) + "\n"
        let spans = ProseSpans.of(text)
        XCTAssertFalse(spans.isEmpty)
    }
}
