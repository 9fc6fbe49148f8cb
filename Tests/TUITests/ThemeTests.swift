import TestSupport
import XCTest

@testable import TUI

final class ThemeTests: XCTestCase {
    func testBundledThemesLoad() throws {
        for name in ["default", "light", "high-contrast", "mono"] {
            let theme = try Theme.load(path: PackageRoot.appending("themes/\(name).toml"))
            XCTAssertEqual(theme.name, name)
            XCTAssertNotNil(theme.entries[.selection], name)
        }
        let theme = try Theme.load(path: PackageRoot.appending("themes/default.toml"))
        XCTAssertEqual(theme.entries[.heading]?.foreground, .rgb(0xC6, 0x78, 0xDD))
        XCTAssertTrue(theme.entry(for: Style(.normal, bold: true)).bold, "a style's own attributes add to the theme's")
    }

    func testColoursAreApproximatedForTheTerminal() {
        let orange = Color.rgb(0xE5, 0xC0, 0x7B)
        XCTAssertEqual(orange.approximated(for: .trueColor), orange)
        XCTAssertEqual(orange.approximated(for: .palette256), .indexed(180), "the xterm 6×6×6 cube")
        XCTAssertEqual(orange.approximated(for: .basic8), .basic(3))
        XCTAssertNil(orange.approximated(for: .monochrome))
        XCTAssertEqual(ColorDepth.detect(colors: 256, environment: ["NO_COLOR": "1"]), .monochrome)
        XCTAssertEqual(ColorDepth.detect(colors: 256, environment: ["COLORTERM": "truecolor"]), .trueColor)
        XCTAssertEqual(ColorDepth.detect(colors: 8, environment: [:]), .basic8)
    }

    func testBrokenThemesNameTheFileAndLine() throws {
        let dir = try TemporaryDirectory(prefix: "nb-theme")
        defer { dir.remove() }
        let cases: [(String, Int?, String)] = [
            (
                "[styles]\nheading = { fg = \"#e5c07b\" }\nlink = { fg = \"purpleish\" }\n", 3,
                "`purpleish` is not a colour"
            ),
            ("[styles]\nheadline = { bold = true }\n", 2, "`headline` is not a style"),
            ("[styles]\nheading = { fg = \"red\" \n", 2, "invalid TOML"),
            ("title = 1\n", nil, "no [styles] table"),
        ]
        for (index, (text, line, problem)) in cases.enumerated() {
            let path = dir.appending("broken\(index).toml")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try Theme.load(path: path)) { error in
                let error = error as! Theme.LoadError
                XCTAssertEqual(error.file, path)
                XCTAssertEqual(error.line, line, error.description)
                XCTAssertTrue(error.description.contains(problem), error.description)
                XCTAssertTrue(error.description.contains("the default theme is used"), error.description)
            }
        }
    }
}
