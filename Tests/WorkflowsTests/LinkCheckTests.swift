import Blog
import Foundation
import Harness
import Preview
import TestSupport
import XCTest

@testable import Workflows

/// The link check (issue 47): links to pages, images and anchors that do not exist are found
/// with their line and the nearest target; the generators' own link tags too.
final class LinkCheckTests: XCTestCase {
    private func check(_ root: String) throws -> [String] {
        let site = try Site.open(containing: root)
        return LinkCheck(site: site, index: PostIndex.build(site)).run().map(\.description)
    }

    /// The demo site is clean; every kind of broken link planted in a post is found, pictures
    /// shown by shortcodes too (issue 60.4: `figure`'s `src` was never checked).
    func testPlantedBrokenLinksOnAHugoSite() throws {
        let work = try TemporaryDirectory(prefix: "nb-links")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        let site = work.appending("site")
        XCTAssertEqual(try check(site), [], "the demo's links all lead somewhere")
        try FileManager.default.createDirectory(
            atPath: site + "/static/images", withIntermediateDirectories: true)
        try Data([0x89]).write(to: URL(fileURLWithPath: site + "/static/images/logo.png"))
        try FileManager.default.createDirectory(
            atPath: site + "/content/posts/links", withIntermediateDirectories: true)
        try "---\ntitle: Seulement en français\n---\nBonjour.\n".write(
            toFile: site + "/content/posts/only-french.fr.md", atomically: true, encoding: .utf8)
        try """
        ---
        title: "Links"
        ---
        Fine: [brew](/posts/cold-brew-ratios/), [tea](../tea-in-kyoto/), ![logo](/images/logo.png),
        [matcha](/posts/tea-in-kyoto/#抹茶-matcha), [below](#further-reading), [out](https://example.com/x),
        {{< ref "cold-brew-ratios" >}} and {{< relref "/posts/tea-in-kyoto/index.md#煎茶-sencha" >}}.
        A page in one language only, by its plain name: {{< ref "only-french.md" >}}.

        Broken: [brw](/posts/cold-brw-ratios/) and ![gone](missing.png)
        [anchor](/posts/tea-in-kyoto/#sencha) [here](#further-readin) [draft](/posts/half-written-ideas/)
        {{< relref "nope.md" >}} `[in code](/nowhere/)`
        {{< figure src="/images/logo.png" alt="fine" >}} {{< figure src="/images/zion-national-park.jpg" >}}
        {{< figure src="../summit-in-the-fog/ridge.png" >}} {{% img class="wide" src='gone.webp' %}}

        ```
        [in a block](/nowhere/)
        ```

        ## Further reading
        """.write(toFile: site + "/content/posts/links/index.md", atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try check(site),
            [
                "content/posts/links/index.md:9:15: no page at /posts/cold-brw-ratios/ (did you mean /posts/cold-brew-ratios/?)",
                "content/posts/links/index.md:9:52: no image at missing.png",
                "content/posts/links/index.md:10:10: no heading makes the anchor of /posts/tea-in-kyoto/#sencha (did you mean #煎茶-sencha?)",
                "content/posts/links/index.md:10:46: no heading makes the anchor of #further-readin (did you mean #further-reading?)",
                "content/posts/links/index.md:10:71: a draft (not on the site): /posts/half-written-ideas/",
                "content/posts/links/index.md:11:1: no page at {{< relref \"nope.md\" >}}",
                "content/posts/links/index.md:12:66: no image at /images/zion-national-park.jpg",
                "content/posts/links/index.md:13:79: no image at gone.webp",
            ])
    }

    /// Jekyll: `post_url`, `link`, URLs with `.html`, and heading ids as its GFM parser makes them.
    func testAJekyllSitesTagsAndKramdownAnchors() throws {
        let work = try TemporaryDirectory(prefix: "nb-links-jekyll")
        defer { work.remove() }
        let posts = work.appending("_posts")
        try FileManager.default.createDirectory(atPath: posts, withIntermediateDirectories: true)
        try "---\ntitle: First\n---\n## Café au lait\n\n## 1. Steps\n".write(
            toFile: posts + "/2020-01-01-first.md", atomically: true, encoding: .utf8)
        try """
        ---
        title: Second
        ---
        [first]({% post_url 2020-01-01-first %}) [page]({% link _posts/2020-01-01-first.md %})
        [by url](/2020/01/01/first.html#café-au-lait) [steps](/2020/01/01/first.html#1-steps)
        {% post_url 2020-01-01-frist %} {% link about.md %} [bad anchor](/2020/01/01/first.html#cafe-au-lait)
        A page is not a post: {% post_url notes %}
        """.write(toFile: posts + "/2020-01-02-second.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Notes\n---\nA page.\n".write(
            toFile: work.appending("notes.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try check(work.path),
            [
                "_posts/2020-01-02-second.md:6:1: no page at {% post_url 2020-01-01-frist %} (did you mean 2020-01-01-first?)",
                "_posts/2020-01-02-second.md:6:33: no page at {% link about.md %}",
                "_posts/2020-01-02-second.md:6:66: no heading makes the anchor of /2020/01/01/first.html#cafe-au-lait (did you mean #café-au-lait?)",
                "_posts/2020-01-02-second.md:7:23: no page at {% post_url notes %}",
            ])
    }

    /// A `{% link %}` to a file reached through a link out of the site is missing: the file is
    /// not the site's (Jekyll's safe mode does not follow it either), and its existence is not
    /// told (a hostile link could probe the writer's files).
    func testAJekyllLinkThroughALinkOutOfTheSiteIsMissing() throws {
        let work = try TemporaryDirectory(prefix: "nb-links-outside")
        let outside = try TemporaryDirectory(prefix: "nb-links-outside-files")
        defer { work.remove(); outside.remove() }
        try FileManager.default.createDirectory(atPath: work.appending("_posts"), withIntermediateDirectories: true)
        try "%PDF-1.4\n".write(toFile: outside.appending("private.pdf"), atomically: true, encoding: .utf8)
        try "%PDF-1.4\n".write(toFile: work.appending("own.pdf"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: work.appending("files"), withDestinationPath: outside.path)
        try "---\ntitle: A\n---\n[mine]({% link own.pdf %}) [theirs]({% link files/private.pdf %})\n".write(
            toFile: work.appending("_posts/2020-01-01-a.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try check(work.path), ["_posts/2020-01-01-a.md:4:37: no page at {% link files/private.pdf %}"])
    }

    /// Issue 60.4: footnote definitions (`[^1]: text`, read by goldmark and kramdown) are not
    /// links, whatever their text; a link written inside one is still checked.
    func testFootnotesAreNotLinks() throws {
        let work = try TemporaryDirectory(prefix: "nb-links-footnotes")
        defer { work.remove() }
        try FileManager.default.createDirectory(atPath: work.appending("_posts"), withIntermediateDirectories: true)
        try """
        ---
        title: Notes
        ---
        A claim[^1], another[^note] and a third[^cjk].

        [^1]: 这是一个数字脚注
        [^note]: see-also
           [^cjk]: 脚注 with [a link](/nowhere/)
        """.write(toFile: work.appending("_posts/2020-01-01-notes.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try check(work.path), ["_posts/2020-01-01-notes.md:8:29: no page at /nowhere/"])
    }

    /// A section's `_index` page is checked with the site: relative links from its list page's
    /// address (a French one's under /fr/), its own files (a branch bundle's) served beside it.
    func testSectionPagesAreCheckedFromTheirOwnAddress() throws {
        let work = try TemporaryDirectory(prefix: "nb-links-sections")
        defer { work.remove() }
        let root = work.appending("site")
        try PackageRoot.copyDemo(to: root)
        try FileManager.default.createDirectory(atPath: root + "/content/guides", withIntermediateDirectories: true)
        try "---\ntitle: Guides\n---\n![a](images/magic.gif?x=1) ![b](diagram.png) [t](../posts/tea-in-kyoto/)\n"
            .write(toFile: root + "/content/guides/_index.md", atomically: true, encoding: .utf8)
        try
            "---\ntitle: Guides\n---\n[t](../posts/tea-in-kyoto/) [u](../../posts/tea-in-kyoto/)\n\n## Activer recherche\n"
            .write(toFile: root + "/content/guides/_index.fr.md", atomically: true, encoding: .utf8)
        try Data([0x89]).write(to: URL(fileURLWithPath: root + "/content/guides/diagram.png"))
        // A branch bundle's files in a folder below it are served under its address, once (in
        // its first language, as hugo 0.111 and 0.168 publish them); a French page's ref to the
        // section is to its French page (its anchors), as hugo 0.168 resolves it.
        try FileManager.default.createDirectory(
            atPath: root + "/content/guides/images", withIntermediateDirectories: true)
        try Data([0x89]).write(to: URL(fileURLWithPath: root + "/content/guides/images/a.png"))
        try """
        ---
        title: Lien
        ---
        ![c](/guides/images/a.png) ![d](/fr/guides/images/a.png) {{< ref "/guides/_index.md#activer-recherche" >}}
        """.write(toFile: root + "/content/posts/lien.fr.md", atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try check(root),
            [
                "content/guides/_index.fr.md:4:5: no page at ../posts/tea-in-kyoto/ (did you mean /posts/tea-in-kyoto/?)",
                "content/guides/_index.md:4:6: no image at images/magic.gif?x=1 (did you mean /guides/images/a.png?)",
                "content/posts/lien.fr.md:4:33: no image at /fr/guides/images/a.png (did you mean /guides/images/a.png?)",
            ])
    }

    /// Issue 60.5: one `ref` rule for the preview and the check — a bundle named by its folder,
    /// a page in one language only, and a page that does not exist, judged alike by both.
    func testThePreviewAndTheCheckAgreeOnRefs() throws {
        let work = try TemporaryDirectory(prefix: "nb-links-refs")
        defer { work.remove() }
        let root = work.appending("site")
        try PackageRoot.copyDemo(to: root)
        for folder in ["build-libgit2-for-ios", "refs"] {
            try FileManager.default.createDirectory(
                atPath: root + "/content/posts/" + folder, withIntermediateDirectories: true)
        }
        try "---\ntitle: Build libgit2 for iOS\n---\nSteps.\n".write(
            toFile: root + "/content/posts/build-libgit2-for-ios/index.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Seulement en français\n---\nBonjour.\n".write(
            toFile: root + "/content/posts/only-french.fr.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/content/carnet", withIntermediateDirectories: true)
        try "---\ntitle: Carnet\n---\n".write(
            toFile: root + "/content/carnet/_index.fr.md", atomically: true, encoding: .utf8)
        let text = """
            ---
            title: Refs
            ---
            [a]({{< ref build-libgit2-for-ios >}}) [b]({{< ref "only-french.md" >}}) [c]({{< ref nosuch >}})
            A section in one language: [d]({{< ref "/carnet/_index.md" >}}).
            """
        try text.write(toFile: root + "/content/posts/refs/index.md", atomically: true, encoding: .utf8)
        XCTAssertEqual(try check(root), ["content/posts/refs/index.md:4:78: no page at {{< ref nosuch >}}"])
        let site = try Site.open(containing: root)
        let page = try PageText(text: text, file: "content/posts/refs/index.md")
        let preview = MarkdownPreview.render(
            page, width: 200,
            context: PreviewContext.forPage(page, file: root + "/content/posts/refs/index.md", site: site)
        ).map(\.text).joined(separator: "\n")
        XCTAssertTrue(preview.contains("missing page: nosuch"), preview)
        XCTAssertFalse(preview.contains("missing page: build-libgit2-for-ios"), preview)
        XCTAssertFalse(preview.contains("missing page: only-french"), preview)
        XCTAssertFalse(preview.contains("missing page: /carnet"), preview)
    }

    /// Heading ids as the generators make them: Hugo's against the real `hugo` on the demo.
    func testHugoHeadingIDsAgreeWithHugo() throws {
        try requireProgram("hugo")
        let work = try TemporaryDirectory(prefix: "nb-links-hugo")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        try Shell.check(["hugo", "--quiet", "--source", work.appending("site"), "--destination", work.appending("out")])
        let html = try String(contentsOfFile: work.appending("out/posts/tea-in-kyoto/index.html"), encoding: .utf8)
        let made = html.matches(of: #/<h2 id="([^"]+)"/#).map { String($0.output.1) }
        let site = try Site.open(containing: work.appending("site"))
        XCTAssertEqual(made, HeadingID.ids(["抹茶 (matcha)", "煎茶 (sencha)"], site: site))
        XCTAssertEqual(HeadingID.kramdown("1. Steps"), "steps", "kramdown's own parser")
        XCTAssertEqual(HeadingID.kramdown("Café au lait"), "caf-au-lait")
        XCTAssertEqual(HeadingID.github("Hello, World! {x}"), "hello-world-x")
    }

    /// Jekyll's heading ids (kramdown's GFM parser, its default) against the real `jekyll`.
    func testKramdownHeadingIDsAgreeWithJekyll() throws {
        try requireProgram("jekyll")
        let work = try TemporaryDirectory(prefix: "nb-links-kramdown")
        defer { work.remove() }
        let headings = ["Café au lait", "1. Steps", "Steps", "東京", "Hello, World! {x}", "a_b c-d"]
        try FileManager.default.createDirectory(atPath: work.appending("_posts"), withIntermediateDirectories: true)
        try ("---\ntitle: T\n---\n" + headings.map { "## \($0)\n\ntext\n" }.joined(separator: "\n")).write(
            toFile: work.appending("_posts/2020-01-01-t.md"), atomically: true, encoding: .utf8)
        try Shell.check(
            ["jekyll", "build", "--safe", "--quiet", "--source", work.path, "--destination", work.appending("_site")],
            environment: [
                "HOME": work.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "LANG": "C.UTF-8",
            ])
        let html = try String(contentsOfFile: work.appending("_site/2020/01/01/t.html"), encoding: .utf8)
        let made = html.matches(of: #/<h2 id="([^"]+)"/#).map { String($0.output.1) }
        let site = try Site.open(containing: work.path)
        XCTAssertEqual(made, HeadingID.ids(headings, site: site))
    }
}
