import XCTest

@testable import FrontMatter

/// Plain YAML scalars typed as YAML 1.1 (go-yaml, Yams) types them.
final class YAMLScalarTests: XCTestCase {
    func testWordsNumbersDatesAndNulls() {
        let cases: [(String, FrontMatterValue)] = [
            ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)), ("tRUE", .string("tRUE")),
            ("yes", .bool(true)), ("Yes", .bool(true)), ("on", .bool(true)), ("ON", .bool(true)), ("oN", .string("oN")),
            ("false", .bool(false)), ("no", .bool(false)), ("No", .bool(false)), ("off", .bool(false)),
            ("OFF", .bool(false)),
            ("null", .null), ("Null", .null), ("NULL", .null), ("~", .null), ("nULL", .string("nULL")),
            ("tech", .string("tech")), ("notes", .string("notes")), ("onsen", .string("onsen")), ("y", .string("y")),
            ("nope", .string("nope")), ("offline", .string("offline")), ("truer", .string("truer")),
            ("12", .int(12)), ("-3", .int(-3)), ("+4", .int(4)), ("1_000", .int(1000)), ("012", .string("012")),
            ("2.5", .double(2.5)), (".5", .double(0.5)),
            ("2024-05-01", .date("2024-05-01")), ("2024-05-01T10:00:00+02:00", .date("2024-05-01T10:00:00+02:00")),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(YAMLScalar.resolve(plain: text), expected, text)
        }
    }
}
