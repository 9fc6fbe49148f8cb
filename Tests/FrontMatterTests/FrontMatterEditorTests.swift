import Foundation
import XCTest

@testable import FrontMatter

/// In-place edits: (before, edit, after) cases per format.
final class FrontMatterEditorTests: XCTestCase {
    private func edit(
        _ text: String, _ change: (inout FrontMatterEditor) throws -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        var editor = try FrontMatterEditor(page: try PageText(text: text, file: "test.md"), file: "test.md")
        try change(&editor)
        return editor.page.text
    }

    // MARK: YAML

    func testYAMLSetTitleKeepsQuoteStyleAndComment() throws {
        let before = "---\ntitle: 'Old'   # keep me\ndate: 2024-01-02\n---\nBody\n"
        XCTAssertEqual(
            try edit(before) { try $0.set("title", to: .string("It's new")) },
            "---\ntitle: 'It''s new'   # keep me\ndate: 2024-01-02\n---\nBody\n")
        let plain = "---\ntitle: Old\n---\n"
        XCTAssertEqual(
            try edit(plain) { try $0.set("title", to: .string("New: with colon")) },
            "---\ntitle: \"New: with colon\"\n---\n")
        XCTAssertEqual(
            try edit(plain) { try $0.set("title", to: .string("Plain new")) }, "---\ntitle: Plain new\n---\n")
        XCTAssertEqual(
            try edit(plain) { try $0.set("title", to: .string("true")) }, "---\ntitle: \"true\"\n---\n",
            "a string that YAML would read as a boolean is quoted")
    }

    func testYAMLAddsNewKeyAfterDateInTheFilesStyle() throws {
        let before = "---\ntitle: \"Hello\"\ndate: 2024-01-02T10:00:00+01:00\nweight: 3\n---\n"
        XCTAssertEqual(
            try edit(before) { try $0.set("description", to: .string("About this")) },
            "---\ntitle: \"Hello\"\ndate: 2024-01-02T10:00:00+01:00\ndescription: \"About this\"\nweight: 3\n---\n")
    }

    func testYAMLInlineAndBlockListsKeepTheirLayout() throws {
        let inline = "---\ntags: [a, \"b c\"]\n---\n"
        XCTAssertEqual(
            try edit(inline) { try $0.set("tags", to: .list([.string("a"), .string("b c"), .string("d")])) },
            "---\ntags: [a, \"b c\", d]\n---\n")
        let block = "---\ntitle: x\ntags:\n  - one\n  - two\ndraft: true\n---\n"
        XCTAssertEqual(
            try edit(block) { try $0.set("tags", to: .list([.string("one"), .string("two"), .string("three")])) },
            "---\ntitle: x\ntags:\n  - one\n  - two\n  - three\ndraft: true\n---\n")
        XCTAssertEqual(try edit(block) { try $0.remove("tags") }, "---\ntitle: x\ndraft: true\n---\n")
    }

    func testYAMLRemoveKeepsCommentsOutsideTheField() throws {
        let before =
            "---\ntitle: x\n# about drafts\ndraft: true\nsummary: |\n  line one\n\n  line two\nweight: 1\n---\n"
        XCTAssertEqual(
            try edit(before) { try $0.remove("summary") },
            "---\ntitle: x\n# about drafts\ndraft: true\nweight: 1\n---\n")
        XCTAssertEqual(
            try edit(before) { try $0.set("draft", to: .bool(false)) },
            "---\ntitle: x\n# about drafts\ndraft: false\nsummary: |\n  line one\n\n  line two\nweight: 1\n---\n")
    }

    func testCRLFAndBOMSurviveEdits() throws {
        let text = "---\r\ntitle: A\r\ndraft: true\r\n---\r\nBody\r\n"
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(text.utf8))
        var editor = try FrontMatterEditor(page: try PageText(data: data, file: "x.md"), file: "x.md")
        try editor.set("draft", to: .bool(false))
        try editor.set("tags", to: .list([.string("t")]))
        XCTAssertEqual(editor.page.data().prefix(3), Data([0xEF, 0xBB, 0xBF]))
        XCTAssertEqual(editor.page.text, "---\r\ntitle: A\r\ntags: [t]\r\ndraft: false\r\n---\r\nBody\r\n")
    }

    func testPageWithoutFrontMatterGetsAYAMLBlock() throws {
        XCTAssertEqual(
            try edit("Just text.\n") { try $0.set("title", to: .string("Named")) },
            "---\ntitle: \"Named\"\n---\n\nJust text.\n")
    }

    // MARK: TOML

    func testTOMLSetAddRemove() throws {
        let before =
            "+++\ntitle = 'Old'\ndate = 2024-01-02T10:00:00Z # when\ntags = [\"a\"]\n\n[params]\n  x = 1\n+++\n"
        XCTAssertEqual(
            try edit(before) { try $0.set("title", to: .string("New")) },
            "+++\ntitle = 'New'\ndate = 2024-01-02T10:00:00Z # when\ntags = [\"a\"]\n\n[params]\n  x = 1\n+++\n")
        XCTAssertEqual(
            try edit(before) { try $0.set("date", to: .date("2025-03-04T05:06:07Z")) },
            "+++\ntitle = 'Old'\ndate = 2025-03-04T05:06:07Z # when\ntags = [\"a\"]\n\n[params]\n  x = 1\n+++\n")
        XCTAssertEqual(
            try edit(before) { try $0.set("draft", to: .bool(true)) },
            "+++\ntitle = 'Old'\ndate = 2024-01-02T10:00:00Z # when\ndraft = true\ntags = [\"a\"]\n\n[params]\n  x = 1\n+++\n"
        )
        XCTAssertEqual(
            try edit(before) { try $0.remove("tags") },
            "+++\ntitle = 'Old'\ndate = 2024-01-02T10:00:00Z # when\n\n[params]\n  x = 1\n+++\n")
    }

    func testTOMLNewKeyWithoutAnchorsGoesBeforeTheFirstTable() throws {
        let before = "+++\nweight = 1\n\n# tables\n[params]\nx = 1\n+++\n"
        XCTAssertEqual(
            try edit(before) { try $0.set("slug", to: .string("s")) },
            "+++\nweight = 1\nslug = \"s\"\n\n# tables\n[params]\nx = 1\n+++\n")
    }

    func testTOMLMultiLineArrayKeepsOneItemPerLine() throws {
        let before = "+++\ntags = [\n  \"a\",\n  \"b\",\n]\ndraft = false\n+++\n"
        XCTAssertEqual(
            try edit(before) { try $0.set("tags", to: .list([.string("a"), .string("b"), .string("c")])) },
            "+++\ntags = [\n  \"a\",\n  \"b\",\n  \"c\",\n]\ndraft = false\n+++\n")
        XCTAssertEqual(
            try edit(before) { try $0.set("tags", to: .list([.string("b")])) },
            "+++\ntags = [\n  \"b\",\n]\ndraft = false\n+++\n")
    }

    // MARK: JSON

    func testJSONSetAddRemove() throws {
        let before = "{\n\t\"title\": \"Über\",\n\t\"draft\": false,\n\t\"nested\": {\"a\": [1, 2]}\n}\nBody\n"
        XCTAssertEqual(
            try edit(before) { try $0.set("draft", to: .bool(true)) },
            "{\n\t\"title\": \"Über\",\n\t\"draft\": true,\n\t\"nested\": {\"a\": [1, 2]}\n}\nBody\n")
        XCTAssertEqual(
            try edit(before) { try $0.set("tags", to: .list([.string("x")])) },
            "{\n\t\"title\": \"Über\",\n\t\"tags\": [\"x\"],\n\t\"draft\": false,\n\t\"nested\": {\"a\": [1, 2]}\n}\nBody\n"
        )
        XCTAssertEqual(
            try edit(before) { try $0.remove("draft") },
            "{\n\t\"title\": \"Über\",\n\t\"nested\": {\"a\": [1, 2]}\n}\nBody\n")
        XCTAssertEqual(
            try edit(before) { try $0.remove("nested") },
            "{\n\t\"title\": \"Über\",\n\t\"draft\": false\n}\nBody\n")
    }

    // MARK: Bad input

    func testMalformedFrontMatterIsRefusedWithFileAndLine() {
        let cases: [(String, Int, String)] = [
            ("---\ntitle: x\ntags: [a, b\n---\n", 3, "invalid YAML"),
            ("+++\ntitle = x\n+++\n", 2, "invalid TOML"),
            ("{\n  \"title\": \"x\",\n  draft: true\n}\n", 3, "invalid JSON"),
            ("---\ntitle: never closed\n", 1, "never closed"),
        ]
        for (text, line, problem) in cases {
            do {
                _ = try FrontMatterEditor(page: try PageText(text: text, file: "bad.md"), file: "bad.md")
                XCTFail("accepted: \(text)")
            } catch {
                XCTAssertEqual(error.file, "bad.md")
                XCTAssertEqual(error.line, line, "\(error)")
                XCTAssertTrue(error.problem.contains(problem), "\(error)")
            }
        }
    }

    /// `...` (YAML's document end) closes a block as `---` does, as Jekyll reads it; an edit keeps it.
    func testDocumentEndClosesYAMLFrontMatter() throws {
        let text = "---\ntitle: Dots\n...\nBody\n---\n"
        let page = try PageText(text: text, file: "a.md")
        XCTAssertEqual(page.body, "Body\n---\n")
        var editor = try FrontMatterEditor(page: page, file: "a.md")
        XCTAssertEqual(try editor.fields()["title"]?.text, "Dots")
        try editor.set("title", to: .string("More dots"))
        XCTAssertEqual(editor.page.text, "---\ntitle: More dots\n...\nBody\n---\n")
        XCTAssertEqual(
            try PageText(text: "---\na: 1\n---\n...\n", file: "b.md").body, "...\n", "the first of the two closes")
    }

    func testBinaryAndInvalidUTF8AreRefused() {
        XCTAssertThrowsError(try PageText(data: Data([0x2D, 0x2D, 0x2D, 0x0A, 0x00, 0x01]), file: "img.md")) { error in
            XCTAssertTrue("\(error)".contains("binary"), "\(error)")
        }
        XCTAssertThrowsError(try PageText(data: Data("---\ntitle: caf".utf8) + Data([0xE9, 0x0A]), file: "latin1.md")) {
            error in
            XCTAssertEqual((error as? ContentError)?.line, 2)
            XCTAssertTrue("\(error)".contains("UTF-8"), "\(error)")
        }
    }
}

/// Front matter the fuzzer found (make fuzz), kept as regression tests.
final class FrontMatterFuzzRegressionTests: XCTestCase {
    /// toml++ asserted (abort) on this date; built as `make` builds (NDEBUG) it is a clear error.
    func testMalformedTOMLTimeIsAnErrorNotAnAbort() throws {
        let text =
            "+++\ndraft = false\ndate = 2023-01-04T%3:21:18+01:00\ntitle = \"temas\"\nurl = \"categoria/temas\"\n+++\n"
        let page = try PageText(text: text, file: "bad.md")
        XCTAssertThrowsError(try FrontMatterEditor(page: page, file: "bad.md").fields()) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.contains("bad.md"), message)
        }
    }
}
