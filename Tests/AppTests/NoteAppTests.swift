import Blog
import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// `m` in the list: a note written and its publish sheet opened, in one step.
final class NoteAppTests: XCTestCase {
    func testMWritesANoteAndOpensItsSheet() throws {
        let work = try TemporaryDirectory(prefix: "nb-note-app")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("m"))
        XCTAssertTrue(AppFixture.lines(state).joined().contains("A short note"))
        AppFixture.type(&state, "Fog over the river.")
        XCTAssertEqual(AppFixture.send(&state, .enter), [.perform(.createNote("Fog over the river."))])
        let effects = try AppFixture.perform(
            .createNote("Fog over the river."), root: work.appending("site"), on: &state)
        guard case .preparePublish(let post?, _)? = effects.last else { return XCTFail("\(effects)") }
        XCTAssertTrue(post.hasPrefix("content/micro/"), post)
        XCTAssertEqual(state.pendingPublish?.message, "Note: Fog over the river.")
        XCTAssertEqual(state.pendingPublish?.keepDraft, false)
    }

    func testTheNotesSectionIsASetting() throws {
        let home = try TestHome()
        defer { home.remove() }
        try PackageRoot.copyDemo(to: home.path + "/site")
        try FileManager.default.createDirectory(
            atPath: home.path + "/.config/nakedblog", withIntermediateDirectories: true)
        try "[images]\nnotes_section = \"notes\"\n".write(
            toFile: home.path + "/.config/nakedblog/config.toml", atomically: true, encoding: .utf8)
        var state = try AppFixture.browsing()
        let effects = try AppFixture.perform(
            .createNote("Rain."), root: home.path + "/site", on: &state, environment: home.environment)
        guard case .preparePublish(let post?, _)? = effects.last else { return XCTFail("\(effects)") }
        XCTAssertTrue(post.hasPrefix("content/notes/"), post)
    }
}

/// A picture copied by Ctrl-R asks what it shows before its reference goes in.
final class ImageAltTests: XCTestCase {
    func testTheAltTextIsAskedBeforeThePictureIsInserted() throws {
        var state = try AppFixture.editing()
        let post = "content/posts/cold-brew-ratios/index.md"
        _ = App.update(
            &state, .imageCopied(path: post, name: "my-cup.png", link: "my-cup.png", folder: "x", note: "2×2"), now: 0)
        guard case .imageAlt(let prompt)? = state.overlay else { return XCTFail("no prompt") }
        XCTAssertEqual(prompt.field.text, "my cup")
        XCTAssertTrue(AppFixture.lines(state).joined().contains("What does the picture show?"))
        AppFixture.type(&state, "A cup of cold brew")
        _ = AppFixture.send(&state, .enter)
        XCTAssertTrue(try XCTUnwrap(state.editor?.editor.text).hasPrefix("![A cup of cold brew](my-cup.png)"))
        XCTAssertEqual(state.toast?.text, "Copied my-cup.png into the bundle: 2×2")
        _ = App.update(&state, .imageCopied(path: post, name: "b.png", link: "b.png", folder: "x"), now: 0)
        _ = AppFixture.send(&state, .escape)
        XCTAssertTrue(try XCTUnwrap(state.editor?.editor.text).contains("![](b.png)"), "Esc: inserted without alt text")
    }
}

/// A photo post from the list: the new-post dialog's Photo field.
final class PhotoPostAppTests: XCTestCase {
    func testTheDialogsPhotoFieldMakesAPhotoPost() throws {
        let home = try TestHome()
        defer { home.remove() }
        try PackageRoot.copyDemo(to: home.path + "/site")
        try SampleImages.jpeg.write(to: URL(fileURLWithPath: home.path + "/river.jpg"))
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("n"))
        AppFixture.type(&state, "Fog over the river")
        _ = AppFixture.send(&state, .tab, .tab, .tab)
        AppFixture.type(&state, home.path + "/river.jpg")
        let effects = AppFixture.send(&state, .enter)
        guard case .createPost(let request)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(request.photo, home.path + "/river.jpg")
        let (runner, messages) = AppFixture.runner(home)
        runner.run(.createPost(request), siteRoot: home.path + "/site")
        XCTAssertTrue(
            messages.wait {
                if case .postCreated = $0 { return true }; return false
            })
        let text = try String(
            contentsOfFile: home.path + "/site/content/posts/fog-over-the-river/index.md", encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("![Fog over the river](river.jpg)\n\nFog over the river\n"), text)
    }
}
