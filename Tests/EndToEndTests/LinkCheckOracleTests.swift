import Foundation
import TestSupport
import XCTest

/// Issue 60.4: the link check against a real link checker. The demo is built with `hugo` and
/// checked by html-proofer (offline); `nakedblog check --links` must name the same broken links —
/// pages, pictures, pictures shown by a shortcode — and nothing html-proofer finds fine (a CJK
/// footnote, a relative link, a ref).
final class LinkCheckOracleTests: XCTestCase {
    func testTheLinkCheckFindsWhatHtmlProoferFinds() throws {
        try requireProgram("hugo")
        try requireProgram("htmlproofer")
        let work = try TemporaryDirectory(prefix: "nb-proofer")
        let home = try TestHome()
        defer { work.remove(); home.remove() }
        let site = work.appending("site")
        try PackageRoot.copyDemo(to: site)
        try FileManager.default.createDirectory(
            atPath: site + "/content/posts/links", withIntermediateDirectories: true)
        try """
        ---
        title: "Links"
        date: 2026-01-01
        ---
        Fine: [brew](/posts/cold-brew-ratios/), [tea](../tea-in-kyoto/) and {{< ref "tea-in-kyoto" >}}.

        Broken: [nope](/posts/nope/), ![gone](/images/missing.png) and [old](/2019/old-post/).

        {{< figure src="/images/zion-national-park.jpg" alt="Zion" >}}

        A note[^1].

        [^1]: 这是一个数字脚注
        """.write(toFile: site + "/content/posts/links/index.md", atomically: true, encoding: .utf8)
        // A section's own page (a branch bundle): its links are the writer's too, relative ones
        // resolved from its list page, its own files served beside it (the learn theme's docs
        // had four such pictures missing, unseen).
        try FileManager.default.createDirectory(atPath: site + "/content/guides", withIntermediateDirectories: true)
        try """
        ---
        title: "Guides"
        ---
        ![magic](images/magic.gif?classes=shadow) ![diagram](diagram.png) [tea](../posts/tea-in-kyoto/)
        """.write(toFile: site + "/content/guides/_index.md", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: site + "/content/guides/diagram.png"))
        try """
        {{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}
        <ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
        """.write(toFile: site + "/layouts/_default/list.html", atomically: true, encoding: .utf8)
        try Shell.check(["hugo", "--source", site, "--destination", work.appending("out"), "--quiet"])
        let proofer = try Shell.run(
            [
                "htmlproofer", work.appending("out"), "--disable-external", "--assume-extension", "--empty-alt-ignore",
                "--allow-hash-href",
            ], timeout: 120)
        var theirs = Set<String>()
        for line in proofer.stdout.split(separator: "\n") + proofer.stderr.split(separator: "\n") {
            if let match = line.firstMatch(of: #/internal image (\S+) does not exist/#) {
                theirs.insert(String(match.output.1))
            } else if let match = line.firstMatch(of: #/internally linking to (\S+), which does not exist/#) {
                theirs.insert(String(match.output.1))
            }
        }
        let ours = try Shell.run(
            [try Products.path("nakedblog"), "check", "--links", site], environment: home.environment)
        var found = Set<String>()
        for line in ours.stdout.split(separator: "\n") + ours.stderr.split(separator: "\n") {
            if let match = line.firstMatch(of: #/no (?:page|image) at (\S+)/#) { found.insert(String(match.output.1)) }
        }
        XCTAssertEqual(
            theirs,
            [
                "/posts/nope/", "/images/missing.png", "/2019/old-post/", "/images/zion-national-park.jpg",
                "images/magic.gif?classes=shadow",
            ])
        XCTAssertEqual(found, theirs, "ours: \(ours.stdout)\nhtml-proofer: \(proofer.stdout)")
    }
}
