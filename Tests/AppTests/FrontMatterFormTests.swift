import Blog
import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// The front-matter form edits fields in place: untouched lines stay byte-for-byte the same.
final class FrontMatterFormTests: XCTestCase {
    private let path = "content/posts/half-written-ideas/index.md"

    func testEditTitleToggleDraftAndCompleteATag() throws {
        var state = try AppFixture.editing(path)
        let before = state.editor!.editor.text
        _ = AppFixture.send(&state, .control("k"))
        guard case .frontMatter? = state.overlay else { return XCTFail("the form opens") }
        assertSnapshot(AppFixture.lines(state), named: "form")
        // Title: replace the text.
        for _ in 0..<40 { _ = AppFixture.send(&state, .backspace) }
        AppFixture.type(&state, "Whole ideas")
        _ = AppFixture.send(&state, .down(), .down(), .character(" "))  // draft off
        _ = AppFixture.send(&state, .down(), .end)
        AppFixture.type(&state, ", coff")
        _ = AppFixture.send(&state, .tab)  // completes "coffee" from the site's tags
        _ = AppFixture.send(&state, .control("s"))
        XCTAssertNil(state.overlay)
        let after = state.editor!.editor.text
        let changed = LineDiff.lines(old: before, new: after, context: 0).filter {
            $0.hasPrefix("-") || $0.hasPrefix("+")
        }
        XCTAssertEqual(changed.filter { $0.hasPrefix("-") }.count, 3, "\(changed)")
        XCTAssertTrue(after.contains("title: \"Whole ideas\"") || after.contains("title: Whole ideas"), after)
        XCTAssertTrue(after.contains("draft: false"), after)
        XCTAssertTrue(after.contains("coffee"), after)
        XCTAssertTrue(state.editor!.editor.isDirty)
        _ = AppFixture.send(&state, .control("z"))
        XCTAssertEqual(state.editor!.editor.text, before, "one undo step")
    }

    /// Issue 45.10: Jekyll's singular `category:` is the Categories row, edited in place.
    func testASingularCategoryIsTheCategoriesRow() throws {
        let text = "---\ntitle: News\ncategory: press\n---\nBody\n"
        guard
            case .success(var form) = FrontMatterForm.make(
                text: text, path: "_posts/2020-01-01-news.md", tags: [], categories: [])
        else {
            return XCTFail("no form")
        }
        let row = try XCTUnwrap(form.form.fields.firstIndex { $0.label == "Categories" })
        XCTAssertEqual(form.form.fields[row].editor.text, "press")
        XCTAssertFalse(form.rawKeys.contains("category"))
        XCTAssertFalse(form.form.fields.contains { $0.label == "category" }, "shown once")
        form.form.fields[row].editor = TextField("releases")
        XCTAssertEqual(
            try form.apply(to: text, path: "_posts/2020-01-01-news.md"),
            "---\ntitle: News\ncategory: releases\n---\nBody\n")
    }

    func testInvalidDateIsRefusedWithAReason() throws {
        var state = try AppFixture.editing(path)
        _ = AppFixture.send(&state, .control("k"), .down())
        for _ in 0..<40 { _ = AppFixture.send(&state, .backspace) }
        AppFixture.type(&state, "next tuesday")
        _ = AppFixture.send(&state, .enter)
        guard case .frontMatter(let form)? = state.overlay else { return XCTFail("the form stays open") }
        XCTAssertTrue(form.problem?.contains("not a date Hugo reads") ?? false, form.problem ?? "")
    }
}
