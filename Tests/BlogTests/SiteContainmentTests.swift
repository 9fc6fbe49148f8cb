import Foundation
import TestSupport
import XCTest

@testable import Blog

/// The one containment rule (inside the site, never under `.git`, every link followed) and each
/// attack of a repository someone else wrote: a word list, post, archetype or configuration
/// that is a link into `.git` or out of the site is refused in one line naming it, and nothing
/// is read through it or written through it.
final class SiteContainmentTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var outside: TemporaryDirectory!
    private var root: String { dir.appending("site") }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "nb-contain")
        outside = try TemporaryDirectory(prefix: "nb-contain-outside")
        try PackageRoot.copyDemo(to: root)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try "[remote \"origin\"]\n\turl = https://user:TOKEN123@example.com/blog.git\n".write(
            toFile: root + "/.git/config", atomically: true, encoding: .utf8)
        try "SECRET KEY\n".write(toFile: outside.appending("id_ed25519"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        dir.remove()
        outside.remove()
    }

    private func link(_ path: String, to destination: String) throws {
        try FileManager.default.createDirectory(
            atPath: (root + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/" + path, withDestinationPath: destination)
    }

    func testVerdicts() throws {
        try link("content/posts/gitcfg.md", to: "../../.git/config")
        try link("content/posts/key.md", to: outside.appending("id_ed25519"))
        try link("content/posts/alias.md", to: "tea-in-kyoto/index.md")
        try link("content/posts/dangling.md", to: "../../.git/hooks/post-commit")
        try link("content/posts/loop.md", to: "loop.md")
        try FileManager.default.createDirectory(atPath: root + "/themes/t/.git", withIntermediateDirectories: true)
        XCTAssertEqual(SiteContainment.verdict(root + "/content/posts/tea-in-kyoto/index.md", site: root), .inside)
        XCTAssertEqual(SiteContainment.verdict(root + "/content/posts/alias.md", site: root), .inside)
        XCTAssertEqual(
            SiteContainment.verdict(root + "/content/posts/new.md", site: root), .inside, "a file not made yet")
        guard case .intoGit = SiteContainment.verdict(root + "/content/posts/gitcfg.md", site: root) else {
            return XCTFail("gitcfg")
        }
        guard case .intoGit = SiteContainment.verdict(root + "/content/posts/dangling.md", site: root) else {
            return XCTFail("dangling")
        }
        guard case .intoGit = SiteContainment.verdict(root + "/.git/config", site: root) else {
            return XCTFail(".git itself")
        }
        guard case .intoGit = SiteContainment.verdict(root + "/themes/t/.git/config", site: root) else {
            return XCTFail("a nested .git")
        }
        guard case .outside = SiteContainment.verdict(root + "/content/posts/key.md", site: root) else {
            return XCTFail("key")
        }
        XCTAssertEqual(SiteContainment.verdict(root + "/content/posts/loop.md", site: root), .loop)
        XCTAssertFalse(SiteContainment.isInside(root + "/.gitignore/../.git/x", site: root))
        XCTAssertTrue(SiteContainment.isInside(root + "/.gitignore", site: root), "only a folder named .git is refused")
    }

    func testARefusalNamesThePathAndTheRuleIn80Columns() throws {
        for verdict in [SiteContainment.Verdict.outside("/x"), .intoGit("/x"), .loop] {
            let line = try XCTUnwrap(SiteContainment.refusal(verdict, display: ".nakedblog/words.txt")).description
            XCTAssertTrue(line.hasPrefix(".nakedblog/words.txt: refused: "), line)
            XCTAssertTrue(line.contains("never .git"), line)
            XCTAssertLessThanOrEqual(line.count, 80, line)
            XCTAssertFalse(line.contains("\n"))
        }
    }

    /// Attack 1: `.nakedblog/words.txt -> ../.git/config`; F7, `a` on a word would have appended
    /// to the repository's config and published it.
    func testAWordListLinkedIntoGitIsNeitherReadNorWritten() throws {
        try link(".nakedblog/words.txt", to: "../.git/config")
        XCTAssertFalse(SiteWordList.words(siteRoot: root).contains { $0.contains("TOKEN123") })
        XCTAssertThrowsError(try SiteWordList.add("zeta", siteRoot: root)) { error in
            XCTAssertTrue("\(error)".contains("refused: leads into .git"), "\(error)")
        }
        XCTAssertEqual(
            try String(contentsOfFile: root + "/.git/config", encoding: .utf8),
            "[remote \"origin\"]\n\turl = https://user:TOKEN123@example.com/blog.git\n")
        XCTAssertNotNil(SiteContainment.linkTarget(root + "/.nakedblog/words.txt"), "still a link")
    }

    /// Attack 1, the post: listed by its path, never read.
    func testAPostLinkedIntoGitIsListedUnread() throws {
        try link("content/posts/gitcfg.md", to: "../../.git/config")
        let index = PostIndex.build(try Site.open(containing: root), stamps: false)
        let post = try XCTUnwrap(index.post(at: "content/posts/gitcfg.md"))
        XCTAssertTrue(post.outsideSite)
        XCTAssertEqual(post.title, "")
        var refreshed = index
        refreshed.refresh(paths: ["content/posts/gitcfg.md"])
        XCTAssertEqual(refreshed.post(at: "content/posts/gitcfg.md")?.outsideSite, true)
        XCTAssertEqual(refreshed.post(at: "content/posts/gitcfg.md")?.title, "")
    }

    /// A save through a link inside the site writes where it leads; the link stays a link.
    func testAnAtomicWriteThroughALinkWritesItsTarget() throws {
        try link("content/posts/alias.md", to: "tea-in-kyoto/index.md")
        try AtomicFile.write(Data("---\ntitle: New\n---\n".utf8), to: root + "/content/posts/alias.md")
        XCTAssertEqual(SiteContainment.linkTarget(root + "/content/posts/alias.md"), "tea-in-kyoto/index.md")
        XCTAssertEqual(
            try String(contentsOfFile: root + "/content/posts/tea-in-kyoto/index.md", encoding: .utf8),
            "---\ntitle: New\n---\n")
        try link("content/posts/loop.md", to: "loop.md")
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: root + "/content/posts/loop.md"))
    }

    /// Attack 2: a bundle archetype whose `index.md` (or any other file) leads to a key. Nothing
    /// of it is read; the post starts from the built-in archetype and says why (issue 56.7: a
    /// refused archetype stopped every author's `n`).
    func testABundleArchetypeWithAFileLeadingOutIsNotUsed() throws {
        let site = try Site.open(containing: root)
        try "SECRET-KEY\n".write(toFile: outside.appending("id_ed25519"), atomically: true, encoding: .utf8)
        try link("archetypes/posts/key.txt", to: outside.appending("id_ed25519"))
        let first = try PostCreator(site: site).create(.init(title: "Leaky"))
        XCTAssertEqual(first.archetype, "the built-in default archetype")
        XCTAssertTrue(
            first.note?.contains("archetypes/posts/ was not used (refused: outside the site)") == true,
            first.note ?? "")
        XCTAssertEqual(first.resources, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/content/posts/leaky/key.txt"))
        try FileManager.default.removeItem(atPath: root + "/archetypes/posts/key.txt")
        try FileManager.default.removeItem(atPath: root + "/archetypes/posts/index.md")
        try link("archetypes/posts/index.md", to: outside.appending("id_ed25519"))
        let second = try PostCreator(site: site).create(.init(title: "Leaky again"))
        XCTAssertNotNil(second.note)
        let text = try String(contentsOfFile: root + "/" + second.path, encoding: .utf8)
        XCTAssertFalse(text.contains("SECRET-KEY"), text)
        XCTAssertTrue(text.contains("Leaky again"), text)
    }

    func testAnArchetypeFileLinkedIntoGitIsNotUsed() throws {
        try FileManager.default.removeItem(atPath: root + "/archetypes")
        try link("archetypes/default.md", to: "../.git/config")
        let created = try PostCreator(site: try Site.open(containing: root)).create(.init(title: "Leaky"))
        XCTAssertTrue(created.note?.contains("archetypes/default.md was not used (refused: leads into .git)") == true)
        XCTAssertFalse(try String(contentsOfFile: root + "/" + created.path, encoding: .utf8).contains("[core]"))
    }

    /// Attack 4: a site configuration that is a link to a secrets file is not read.
    func testASiteConfigurationLinkedOutOfTheSiteIsNotRead() throws {
        try "title = 'the secret title'\napi_token = 'TOKEN123'\n".write(
            toFile: outside.appending("secrets.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: root + "/hugo.toml")
        try link("hugo.toml", to: outside.appending("secrets.toml"))
        XCTAssertThrowsError(try Site.open(containing: root)) { error in
            XCTAssertTrue("\(error)".hasPrefix("hugo.toml: refused: outside the site"), "\(error)")
            XCTAssertFalse("\(error)".contains("secret title"))
        }
        let jekyll = dir.appending("jekyll")
        try FileManager.default.createDirectory(atPath: jekyll + "/_posts", withIntermediateDirectories: true)
        try "title: secret\n".write(toFile: outside.appending("secrets.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: jekyll + "/_config.yml", withDestinationPath: outside.appending("secrets.yml"))
        XCTAssertThrowsError(try Site.open(containing: jekyll)) { error in
            XCTAssertTrue("\(error)".hasPrefix("_config.yml: refused: outside the site"), "\(error)")
        }
    }

    /// Attack 6: `contentDir` elsewhere on the server: refused on a shared server, kept on an
    /// author's own machine; into `.git`, refused everywhere.
    func testDeclaredFoldersOutsideTheSite() throws {
        let config = root + "/hugo.toml"
        let original = try String(contentsOfFile: config, encoding: .utf8)
        try ("contentDir = '\(outside.path)'\n" + original).write(toFile: config, atomically: true, encoding: .utf8)
        let site = try Site.open(containing: root)
        XCTAssertNoThrow(try site.requireDeclaredFoldersInside(restricted: false))
        XCTAssertThrowsError(try site.requireDeclaredFoldersInside(restricted: true)) { error in
            XCTAssertTrue("\(error)".hasPrefix("contentDir \(outside.path): refused: outside the site"), "\(error)")
        }
        try ("themesDir = '.git'\n" + original).write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Site.open(containing: root).requireDeclaredFoldersInside(restricted: false)) { error in
            XCTAssertTrue("\(error)".contains("refused: leads into .git"), "\(error)")
        }
    }

    /// Attack 3: module mounts that reach out of the site are refused before a check starts.
    func testModuleMountsOutOfTheSiteAreRefused() throws {
        let config = root + "/hugo.toml"
        let original = try String(contentsOfFile: config, encoding: .utf8)
        for source in ["/etc", "../../../../srv", "~/secrets", "content/../../x"] {
            try (original + "\n[[module.mounts]]\nsource = '\(source)'\ntarget = 'content'\n").write(
                toFile: config, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try Site.open(containing: root).requireModuleMountsInside(), source) { error in
                XCTAssertTrue("\(error)".hasPrefix("module mount \(source): refused: outside the site"), "\(error)")
            }
        }
        try (original + "\n[[module.mounts]]\nsource = 'content/en'\ntarget = 'content'\n").write(
            toFile: config, atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try Site.open(containing: root).requireModuleMountsInside())
        XCTAssertEqual(try Site.open(containing: root).config.moduleMountSources, ["content/en"])
        try FileManager.default.createDirectory(atPath: root + "/config/_default", withIntermediateDirectories: true)
        try "[[mounts]]\nsource = '/etc'\ntarget = 'static'\n".write(
            toFile: root + "/config/_default/module.toml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Site.open(containing: root).requireModuleMountsInside(), "config/_default/module.toml")
    }

    /// Issue 56.3: `module.replacements` (with an import mounted under `assets/`) let a template
    /// read the working copy's object store; every module setting that reaches past the site is
    /// refused before a check starts, like mounts: replacements, local imports and themes, a
    /// workspace, `vendorClosest`, a `go.mod` replacing by a folder, a `go.work`.
    func testModuleSettingsThatReachPastTheSiteAreRefused() throws {
        let config = root + "/hugo.toml"
        let original = try String(contentsOfFile: config, encoding: .utf8)
        let reaching: [(String, String)] = [
            ("[module]\nreplacements = 'example.com/leak -> /srv/blog/carl/.git/objects'\n", "module.replacements"),
            ("[module]\nreplacements = ['a -> ../b']\n", "module.replacements a -> ../b"),
            ("[[module.imports]]\npath = '../../carl'\n", "module.imports path ../../carl"),
            ("[[module.imports]]\npath = '/srv/blog'\n", "module.imports path /srv/blog"),
            ("[module]\nworkspace = '../my.work'\n", "module.workspace ../my.work"),
            ("[module]\nvendorClosest = true\n", "module.vendorClosest"),
        ]
        for (table, named) in reaching {
            try (original + "\n" + table).write(toFile: config, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try Site.open(containing: root).requireModuleMountsInside(), table) { error in
                XCTAssertTrue("\(error)".hasPrefix(named) && "\(error)".contains("refused"), "\(error)")
            }
        }
        try ("theme = '../../other/theme'\n" + original).write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Site.open(containing: root).requireModuleMountsInside())
        // What stays inside: a module import by its path, a theme by its name, workspace off.
        try
            ("theme = 'mine'\n" + original
            + "\n[module]\nworkspace = 'off'\n[[module.imports]]\npath = 'github.com/x/y'\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try Site.open(containing: root).requireModuleMountsInside())
        try "module example.com/site\nreplace example.com/leak => ../carl/.git\n".write(
            toFile: root + "/go.mod", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Site.open(containing: root).requireModuleMountsInside()) { error in
            XCTAssertTrue("\(error)".hasPrefix("go.mod"), "\(error)")
        }
        try "module example.com/site\nreplace (\n  a => b v1.0.0\n  c => /srv\n)\n".write(
            toFile: root + "/go.mod", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Site.open(containing: root).requireModuleMountsInside())
        try "module example.com/site\nrequire github.com/x/y v1.0.0\n".write(
            toFile: root + "/go.mod", atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try Site.open(containing: root).requireModuleMountsInside())
        try "go 1.22\nuse ../carl\n".write(toFile: root + "/go.work", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Site.open(containing: root).requireModuleMountsInside())
    }

    /// An exampleSite's `themesDir = "../.."`: the author's own theme folder outside the site is
    /// read for archetypes; a file there that leads into `.git` still is not.
    func testAnArchetypeFromAThemeFolderOutsideTheSiteIsRead() throws {
        try FileManager.default.removeItem(atPath: root + "/archetypes")
        let themes = outside.appending("themes")
        try FileManager.default.createDirectory(atPath: themes + "/mine/archetypes", withIntermediateDirectories: true)
        try "---\ntitle: \"{{ .Name }}\"\ndraft: true\n---\nfrom the theme\n".write(
            toFile: themes + "/mine/archetypes/default.md", atomically: true, encoding: .utf8)
        let config = root + "/hugo.toml"
        try ("themesDir = '\(themes)'\ntheme = 'mine'\n" + String(contentsOfFile: config, encoding: .utf8)).write(
            toFile: config, atomically: true, encoding: .utf8)
        let created = try PostCreator(site: try Site.open(containing: root)).create(
            .init(title: "Themed", bundle: false))
        XCTAssertTrue(try String(contentsOfFile: root + "/" + created.path, encoding: .utf8).contains("from the theme"))

        try FileManager.default.createDirectory(atPath: themes + "/mine/.git", withIntermediateDirectories: true)
        try "token\n".write(toFile: themes + "/mine/.git/config", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: themes + "/mine/archetypes/default.md")
        try FileManager.default.createSymbolicLink(
            atPath: themes + "/mine/archetypes/default.md", withDestinationPath: "../.git/config")
        let leaky = try PostCreator(site: try Site.open(containing: root)).create(.init(title: "Leaky", bundle: false))
        XCTAssertNotNil(leaky.note)
        XCTAssertFalse(try String(contentsOfFile: root + "/" + leaky.path, encoding: .utf8).contains("token"))
    }
}
