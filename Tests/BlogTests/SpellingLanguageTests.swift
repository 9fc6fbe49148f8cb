import FrontMatter
import XCTest

@testable import Blog

final class SpellingLanguageTests: XCTestCase {
    private func hugo(_ fields: [FrontMatterField]) -> Site {
        Site(root: "/site", config: SiteConfig(FrontMatterFields(fields), files: ["hugo.toml"]))
    }

    func testThePostSaysFirst() {
        let site = hugo([FrontMatterField(key: "languageCode", value: .string("en-us"))])
        let fields = FrontMatterFields([FrontMatterField(key: "lang", value: .string("de-de"))])
        XCTAssertEqual(SpellingLanguage.of(path: "content/posts/a.md", fields: fields, site: site), "de-de")
        let language = FrontMatterFields([FrontMatterField(key: "language", value: .string("fr"))])
        XCTAssertEqual(SpellingLanguage.of(path: "content/posts/a.md", fields: language, site: site), "fr")
    }

    func testTheSiteSaysNext() {
        XCTAssertEqual(
            SpellingLanguage.of(
                path: "content/a.md", fields: nil,
                site: hugo([FrontMatterField(key: "languageCode", value: .string("fr-fr"))])), "fr-fr")
        XCTAssertEqual(
            SpellingLanguage.of(
                path: "content/a.md", fields: nil,
                site: hugo([FrontMatterField(key: "defaultContentLanguage", value: .string("de"))])), "de")
        XCTAssertEqual(SpellingLanguage.of(path: "content/a.md", fields: nil, site: hugo([])), "en")
        XCTAssertEqual(SpellingLanguage.of(path: "a.md", fields: nil, site: nil), "en_US")
    }

    func testAMultilingualHugoSiteByFileNameAndContentFolder() {
        let languages = FrontMatterValue.map([
            FrontMatterField(
                key: "en",
                value: .map([
                    FrontMatterField(key: "languageCode", value: .string("en-gb")),
                    FrontMatterField(key: "weight", value: .int(1)),
                ])),
            FrontMatterField(key: "fr", value: .map([FrontMatterField(key: "weight", value: .int(2))])),
        ])
        let byName = hugo([FrontMatterField(key: "languages", value: languages)])
        XCTAssertEqual(SpellingLanguage.of(path: "content/posts/x/index.fr.md", fields: nil, site: byName), "fr")
        XCTAssertEqual(SpellingLanguage.of(path: "content/posts/x/index.md", fields: nil, site: byName), "en-gb")
        let folders = FrontMatterValue.map([
            FrontMatterField(
                key: "en", value: .map([FrontMatterField(key: "contentDir", value: .string("content/en"))])),
            FrontMatterField(
                key: "fr",
                value: .map([
                    FrontMatterField(key: "contentDir", value: .string("content/fr")),
                    FrontMatterField(key: "languageCode", value: .string("fr-ca")),
                ])),
        ])
        let byFolder = hugo([FrontMatterField(key: "languages", value: folders)])
        XCTAssertEqual(SpellingLanguage.of(path: "content/fr/posts/x.md", fields: nil, site: byFolder), "fr-ca")
        XCTAssertEqual(SpellingLanguage.of(path: "content/en/posts/x.md", fields: nil, site: byFolder), "en")
    }

    func testJekyllLang() throws {
        let config = JekyllConfig([FrontMatterField(key: "lang", value: .string("es"))], file: "_config.yml")
        let site = Site(root: "/site", config: SiteConfig(jekyll: config), kind: .jekyll(config))
        XCTAssertEqual(SpellingLanguage.of(path: "_posts/2024-01-01-a.md", fields: nil, site: site), "es")
    }
}
