import Foundation
import XCTest

@testable import FrontMatter

final class FieldValueAndDateTests: XCTestCase {
    func testHugoDateLayouts() throws {
        let cases: [(String, String)] = [
            ("2024-05-01", "2024-05-01T00:00:00+00:00"),
            ("2024-05-01T10:20:30Z", "2024-05-01T10:20:30+00:00"),
            ("2024-05-01T10:20:30+02:00", "2024-05-01T10:20:30+02:00"),
            ("2024-05-01T10:20:30.123-07:00", "2024-05-01T10:20:30-07:00"),
            ("2024-05-01 10:20:30", "2024-05-01T10:20:30+00:00"),
            ("2024-05-01T10:20:30+0200", "2024-05-01T10:20:30+02:00"),
            ("2024-05-01 10:20:30 +02:00", "2024-05-01T10:20:30+02:00"),
        ]
        for (text, rfc) in cases {
            XCTAssertEqual(HugoDate.parse(text)?.rfc3339, rfc, text)
        }
        for bad in ["2024-13-01", "yesterday", "2024/05/01", "2024-05-01T25:00:00Z", ""] {
            XCTAssertNil(HugoDate.parse(bad), bad)
        }
    }

    func testFormatLikeKeepsTheLayout() throws {
        let new = HugoDate.parse("2025-01-02T03:04:05Z")!.date
        XCTAssertEqual(HugoDate.parse("2024-05-01")!.formatLike(new), "2025-01-02")
        XCTAssertEqual(HugoDate.parse("2024-05-01T10:00:00+02:00")!.formatLike(new), "2025-01-02T05:04:05+02:00")
        XCTAssertEqual(HugoDate.parse("2024-05-01T10:00:00Z")!.formatLike(new), "2025-01-02T03:04:05Z")
        // Issue 45.10: Jekyll's `15:37:30 -0700` keeps its blank before the offset.
        XCTAssertEqual(
            try XCTUnwrap(HugoDate.parse("2015-10-26 15:37:30 -0700")).formatLike(new), "2025-01-01 20:04:05 -0700")
        XCTAssertEqual(HugoDate.parse("2024-05-01 10:00:00")!.formatLike(new), "2025-01-02 03:04:05")
        XCTAssertEqual(HugoDate.parse("2024-05-01T10:00:00+0200")!.formatLike(new), "2025-01-02T05:04:05+0200")
    }

    func testValuesTakeTheExistingType() throws {
        XCTAssertEqual(try FieldValueParser.parse("yes", key: "draft", existing: .bool(false)), .bool(true))
        XCTAssertEqual(try FieldValueParser.parse("7", key: "weight", existing: .int(1)), .int(7))
        XCTAssertEqual(
            try FieldValueParser.parse("a, b ,c", key: "tags", existing: .list([])),
            .list([.string("a"), .string("b"), .string("c")]))
        // Issue 45.10: YAML's flow form as typed; quotes keep commas and blanks.
        XCTAssertEqual(
            try FieldValueParser.parse("[a, \"b c\", 'd, e']", key: "tags", existing: .list([])),
            .list([.string("a"), .string("b c"), .string("d, e")]))
        XCTAssertEqual(
            try FieldValueParser.parse("2025-02-03", key: "date", existing: .date("2024-05-01T10:20:30+02:00")),
            .date("2025-02-03T10:20:30+02:00"), "a new day keeps the time and offset")
        XCTAssertEqual(
            try FieldValueParser.parse("2025-02-03", key: "date", existing: .string("2024-05-01")),
            .string("2025-02-03"))
        XCTAssertEqual(try FieldValueParser.parse("true", key: "title", existing: .string("x")), .string("true"))
        XCTAssertEqual(try FieldValueParser.parse("true", key: "subtitle", existing: nil), .string("true"))
        XCTAssertEqual(try FieldValueParser.parse("1", key: "draft", existing: nil), .bool(true))
        XCTAssertEqual(
            try FieldValueParser.parse("x,y", key: "x", existing: nil, forced: .list),
            .list([.string("x"), .string("y")]))
        XCTAssertThrowsError(try FieldValueParser.parse("maybe", key: "draft", existing: .bool(true)))
        XCTAssertThrowsError(try FieldValueParser.parse("soon", key: "date", existing: nil))
    }
}
