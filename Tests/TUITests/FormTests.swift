import TUI
import TestSupport
import XCTest

final class FormTests: XCTestCase {
    private func form() -> Form {
        var form = Form(fields: [
            .init(label: "title", kind: .text, value: "Tea in Kyoto"),
            .init(label: "date", kind: .date, value: "2026-05-02"),
            .init(label: "draft", kind: .toggle, isOn: true),
            .init(label: "tags", kind: .tags(vocabulary: ["travel", "tea", "terminal", "writing"]), value: "travel"),
        ])
        form.validateDate = { $0.count == 10 ? nil : "date: use YYYY-MM-DD" }
        return form
    }

    func testTypedFieldsTagCompletionAndValidation() {
        var form = self.form()
        for key: KeyEvent in [.down(), .backspace] { XCTAssertTrue(form.handle(key)) }
        XCTAssertEqual(form.fields[1].problem, "date: use YYYY-MM-DD")
        _ = form.handle(.character("3"))
        XCTAssertNil(form.fields[1].problem)
        _ = form.handle(.down())
        _ = form.handle(.character(" "))
        XCTAssertFalse(form.fields[2].isOn, "space toggles")
        _ = form.handle(.down())
        for key: KeyEvent in [.character(","), .character(" "), .character("t"), .character("e"), .tab] {
            _ = form.handle(key)
        }
        XCTAssertEqual(form.fields[3].items, ["travel", "tea"], "Tab completes the last tag from the site's tags")
        XCTAssertFalse(form.handle(.enter), "Enter is for the caller (save)")
    }

    func testALongValueShowsItsBeginningUntilFocused() {
        var form = Form(fields: [
            .init(label: "title", kind: .text, value: "Short"),
            .init(
                label: "description", kind: .text, value: "A short walk that turned into a long one, with two pictures."
            ),
        ])
        var screen = Screen(width: 40, height: 2)
        form.render(into: &screen, area: screen.bounds)
        XCTAssertEqual(screen.lines(trimmingTrailingSpaces: true)[1], "description  A short walk that turned i…")
        _ = form.handle(.down())
        let cursor = form.render(into: &screen, area: screen.bounds)
        XCTAssertEqual(
            screen.lines(trimmingTrailingSpaces: true)[1], "description  ng one, with two pictures.",
            "focused, it scrolls to the cursor at its end")
        XCTAssertEqual(cursor?.y, 1)
    }

    func testAChoiceCyclesThroughItsOptions() {
        var form = Form(fields: [
            Form.Field(label: "Kind", kind: .choice(options: ["bundle", "file", "page"]), value: "bundle")
        ])
        XCTAssertTrue(form.handle(.right()))
        XCTAssertEqual(form.fields[0].editor.text, "file")
        XCTAssertTrue(form.handle(.character(" ")))
        XCTAssertEqual(form.fields[0].editor.text, "page")
        XCTAssertTrue(form.handle(.right()))
        XCTAssertEqual(form.fields[0].editor.text, "bundle")
        XCTAssertTrue(form.handle(.left()))
        XCTAssertEqual(form.fields[0].editor.text, "page")
        XCTAssertFalse(form.handle(.character("x")), "not typed into")
        var screen = Screen(width: 30, height: 1)
        form.render(into: &screen, area: screen.bounds)
        XCTAssertEqual(screen.lines(trimmingTrailingSpaces: true), ["Kind  ‹ page ›"])
    }

    func testFormSnapshot() {
        var screen = Screen(width: 50, height: 6)
        form().render(into: &screen, area: screen.bounds)
        assertSnapshot(screen.lines(trimmingTrailingSpaces: true), named: "form")
    }
}
