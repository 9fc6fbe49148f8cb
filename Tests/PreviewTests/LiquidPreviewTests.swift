import Foundation
import XCTest

@testable import Blog
@testable import Preview

/// Liquid and kramdown as a Jekyll author writes them, previewed: one golden rendering per
/// construct, every line kept where it was in the source.
final class LiquidPreviewTests: XCTestCase {
    private let context: PreviewContext = {
        var context = PreviewContext(refExists: { target in
            target != "post_url:2019-01-01-gone" && target != "link:nope.md"
        })
        context.liquid = LiquidContext(
            site: [
                FrontMatterField(key: "title", value: .string("Liquid site")),
                FrontMatterField(key: "author", value: .map([FrontMatterField(key: "name", value: .string("Ann"))])),
            ],
            page: [
                FrontMatterField(key: "title", value: .string("All of Liquid")),
                FrontMatterField(key: "lang", value: .string("fr")),
            ],
            baseURL: "/blog", excerptSeparator: "<!--cut-->")
        return context
    }()

    private func render(_ markdown: String) -> [String] {
        MarkdownPreview.render(markdown: markdown, width: 60, context: context).map(\.text)
    }

    func testHighlightBlocksAreCodeBlocks() {
        XCTAssertEqual(
            render("{% highlight ruby linenos %}\ndef hi\nend\n{% endhighlight %}\n"),
            [
                "┌─ ruby " + String(repeating: "─", count: 52), "│ def hi", "│ end",
                "└" + String(repeating: "─", count: 59),
            ])
    }

    func testACRLFPostPreviewsAsItsLFTwin() {
        // Lines split on bytes: Swift reads "\r\n" as one Character, so a split on "\n" saw
        // one line and the highlight came out as inline labels.
        let lf = "Intro.\n\n{% highlight ruby %}\nputs 1\n{% endhighlight %}\n\n{% raw %}{{ kept }}{% endraw %}\n"
        XCTAssertEqual(render(lf.replacingOccurrences(of: "\n", with: "\r\n")), render(lf))
        XCTAssertTrue(render(lf).contains("│ puts 1"))
    }

    func testRawIsShownLiterally() {
        XCTAssertEqual(
            render("{% raw %}\nLiteral {{ site.title }} and {% if x %}\n{% endraw %}\n"),
            ["Literal {{ site.title }} and {% if x %}"])
        XCTAssertEqual(render("Inline {% raw %}{{ kept }}{% endraw %} text.\n"), ["Inline {{ kept }} text."])
    }

    func testIncludesAndOtherTagsAreLabelledBlocks() {
        XCTAssertEqual(render("{% include note.html text=\"careful\" %}\n"), ["⟨include note.html text=\"careful\"⟩"])
        XCTAssertEqual(render("{% if page.comments %}\n"), ["⟨if page.comments⟩"])
    }

    func testLinksAndPostURLsAreCheckedLinks() {
        XCTAssertEqual(
            render("[other]({% post_url 2020-01-02-other %}) and [gone]({% post_url 2019-01-01-gone %})\n"),
            ["other and gone [missing post: 2019-01-01-gone]"])
        XCTAssertEqual(
            render("[about]({% link about.md %}) and [no]({% link nope.md %})\n"),
            ["about and no [missing file: nope.md]"])
    }

    func testSiteAndPageValuesAreFilledInOrLabelled() {
        XCTAssertEqual(
            render("By {{ site.author.name }} for {{ site.title }} in {{ page.lang }}: {{ page.title | upcase }}.\n"),
            ["By Ann for Liquid site in fr: All of Liquid."])
        XCTAssertEqual(
            render("{{ '/assets/logo.png' | relative_url }} {{ site.unknown }}\n"),
            ["/blog/assets/logo.png ⟨site.unknown⟩"])
    }

    func testKramdownAttributesAndCommentsAreHidden() {
        XCTAssertEqual(
            render(
                "A paragraph.\n{: .notice}\n\n{::options parse_block_html=\"true\" /}\nText{: #id}\n{% comment %}\nhidden\n{% endcomment %}\n"
            ),
            ["A paragraph.", "", "Text"])
    }

    func testTheExcerptSeparatorIsShownLikeMore() {
        XCTAssertEqual(
            render("Intro.\n<!--cut-->\nRest.\n"),
            [
                "Intro.", "", String(repeating: "┄", count: 27) + " more " + String(repeating: "┄", count: 27), "",
                "Rest.",
            ])
    }

    func testLinesMapBackToTheirSource() {
        let lines = MarkdownPreview.render(
            markdown: "{% raw %}\nKept {{ x }}\n{% endraw %}\n\n{% include a.html %}\n", width: 60, context: context)
        XCTAssertEqual(lines.first?.sourceLine, 2)
        XCTAssertEqual(lines.last?.sourceLine, 5)
    }

    func testAHugoPageIsNotTouched() {
        XCTAssertEqual(
            MarkdownPreview.render(markdown: "{% raw %}x{% endraw %}\n", width: 60).map(\.text),
            ["{% raw %}x{% endraw %}"])
    }
}
