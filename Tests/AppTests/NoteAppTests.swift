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

    /// Issue 58.3: the app's note goes out as `nakedblog note --publish` sends it — with the new
    /// notes section's `_index.md` (the app left it untracked), and the subject from one rule
    /// (the app split only on spaces: a line break stayed in the subject).
    func testANoteAndItsNewSectionAreCommittedTogether() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, remote) = try demoWithRemote(home)
        var state = try AppFixture.browsing()
        let effects = try AppFixture.perform(
            .createNote("Rain\non the roof."), root: site, on: &state, environment: home.environment)
        guard case .preparePublish(let post?, _)? = effects.last else { return XCTFail("\(effects)") }
        XCTAssertEqual(state.pendingPublish?.message, "Note: Rain on the roof.")
        let (runner, messages) = AppFixture.runner(home)
        runner.run(.preparePublish(post: post), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .publish(.sheetReady) = $0 { return true }; return false
            })
        guard
            case .publish(.sheetReady(let sheet))? = messages.all.first(where: {
                if case .publish(.sheetReady) = $0 { return true }; return false
            })
        else { return XCTFail("no sheet") }
        XCTAssertTrue(sheet.files.contains { $0.path == "content/micro/_index.md" }, "\(sheet.files)")
        runner.run(
            .publish(
                commitPath: sheet.commitPath, post: post, message: "Note: Rain on the roof.", setDraftFalse: false,
                resolve: nil), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .publish(.finished) = $0 { return true }; if case .publish(.failed) = $0 { return true };
                if case .publish(.refused) = $0 { return true }
                return false
            })
        let files = try Shell.check(["git", "show", "--name-only", "--format=%s", "main"], in: remote)
        XCTAssertTrue(files.contains("content/micro/_index.md"), files)
        XCTAssertTrue(files.hasPrefix("Note: Rain on the roof."), files)
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

/// A picture copied by Ctrl-R asks what it shows before its reference goes in (issue 57.8): the
/// question starts empty, the picture goes in as a paragraph of its own, Esc adds nothing.
final class ImageAltTests: XCTestCase {
    func testTheAltTextIsAskedBeforeThePictureIsInsertedAsItsOwnParagraph() throws {
        var state = try AppFixture.editing()
        let post = "content/posts/cold-brew-ratios/index.md"
        // The cursor inside the body's first paragraph, after its first word.
        let body = App.firstBodyLine(try XCTUnwrap(state.editor?.editor.text))
        state.editor?.editor.goToLine(body + 1)
        _ = AppFixture.send(&state, .controlArrow(.right))
        let before = try XCTUnwrap(state.editor?.editor.text)
        _ = App.update(
            &state, .imageCopied(path: post, name: "my-cup.png", link: "my-cup.png", folder: "x", note: "2×2"), now: 0)
        guard case .imageAlt(let prompt)? = state.overlay else { return XCTFail("no prompt") }
        XCTAssertEqual(prompt.field.text, "", "a file name describes no picture")
        XCTAssertTrue(AppFixture.lines(state).joined().contains("Describe the picture"))
        AppFixture.type(&state, "A cup of cold brew")
        _ = AppFixture.send(&state, .enter)
        let text = try XCTUnwrap(state.editor?.editor.text)
        XCTAssertTrue(text.contains("\n\n![A cup of cold brew](my-cup.png)\n\n"), text)
        XCTAssertEqual(
            text.replacingOccurrences(of: "\n\n![A cup of cold brew](my-cup.png)\n\n", with: ""),
            before, "only the picture and its blank lines were added")
        XCTAssertEqual(state.toast?.text, "Copied my-cup.png into the bundle: 2×2")
        // Esc: the whole insertion is cancelled, and the copied file goes.
        _ = App.update(&state, .imageCopied(path: post, name: "b.png", link: "b.png", folder: "content/x"), now: 0)
        let effects = AppFixture.send(&state, .escape)
        XCTAssertEqual(effects, [.perform(.removeAddedPicture("content/x/b.png"))])
        XCTAssertEqual(state.editor?.editor.text, text, "Esc inserts nothing")
    }

    func testAPictureParagraphHasBlankLinesOnlyWhereTextIsNext() {
        func paragraph(_ lines: [String], _ line: Int, _ column: Int) -> String {
            App.pictureParagraph(
                "![a](p.jpg)", in: TextBuffer(lines.joined(separator: "\n")),
                at: TextPosition(line: line, column: column))
        }
        XCTAssertEqual(paragraph(["Intro text."], 0, 5), "\n\n![a](p.jpg)\n\n")
        XCTAssertEqual(paragraph(["Intro text.", ""], 1, 0), "\n![a](p.jpg)")
        XCTAssertEqual(paragraph(["", "Next."], 0, 0), "![a](p.jpg)\n")
        XCTAssertEqual(paragraph(["A", "", "", "B"], 1, 0), "\n![a](p.jpg)")
        XCTAssertEqual(paragraph(["A", "", "", "", "B"], 2, 0), "![a](p.jpg)")
        XCTAssertEqual(paragraph(["End of it."], 0, 10), "\n\n![a](p.jpg)")
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

/// Issue 57.8: Ctrl-R's box completes on Tab, and a picture's path pasted into the editor (a file
/// dragged onto the terminal) offers to add it; Esc pastes the text after all.
final class PicturePathBoxTests: XCTestCase {
    func testTabCompletesAndAPastedPathOffersThePicture() throws {
        let home = try TestHome()
        defer { home.remove() }
        try PackageRoot.copyDemo(to: home.path + "/site")
        try FileManager.default.createDirectory(atPath: home.path + "/Pictures", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: home.path + "/Pictures/harbour.jpg", contents: Data([1]))
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .control("r"))
        AppFixture.type(&state, "~/Pic")
        XCTAssertEqual(AppFixture.send(&state, .tab), [.perform(.completePicturePath("~/Pic"))])
        _ = try AppFixture.perform(
            .completePicturePath("~/Pic"), root: home.path + "/site", on: &state, environment: home.environment)
        guard case .imagePath(let folder)? = state.overlay else {
            return XCTFail("\(String(describing: state.overlay))")
        }
        XCTAssertEqual(folder.field.text, "~/Pictures/")
        _ = try AppFixture.perform(
            .completePicturePath("~/Pictures/"), root: home.path + "/site", on: &state, environment: home.environment)
        guard case .imagePath(let picture)? = state.overlay else { return XCTFail("no box") }
        XCTAssertEqual(picture.field.text, "~/Pictures/harbour.jpg")
        XCTAssertEqual(
            AppFixture.send(&state, .enter),
            [.copyImage(source: "~/Pictures/harbour.jpg", post: "content/posts/cold-brew-ratios/index.md")])

        let before = try XCTUnwrap(state.editor?.editor.text)
        _ = AppFixture.send(&state, .paste("'/home/me/Pictures/fog at dawn.HEIC'"))
        guard case .imagePath(let pasted)? = state.overlay else { return XCTFail("no offer") }
        XCTAssertEqual(pasted.field.text, "/home/me/Pictures/fog at dawn.HEIC")
        XCTAssertTrue(AppFixture.lines(state).joined().contains("You pasted a picture's path"))
        _ = AppFixture.send(&state, .escape)
        XCTAssertNotEqual(state.editor?.editor.text, before, "Esc pastes the text as it is")
        XCTAssertTrue(state.editor?.editor.text.contains("'/home/me/Pictures/fog at dawn.HEIC'") == true)
        XCTAssertNil(App.pastedPicturePath("some words\n/a/b.jpg"))
        XCTAssertNil(App.pastedPicturePath("notes.jpg"), "a bare name is text")
        XCTAssertEqual(App.pastedPicturePath("file:///tmp/a%20b.png"), "/tmp/a b.png")
    }
}
