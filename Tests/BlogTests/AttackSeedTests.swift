import Blog
import Foundation
import Preview
import TestSupport
import XCTest

/// The fuzz corpus's attack seeds (alias bombs, deep nesting, escapes) read and preview in
/// process, quickly and without crashing: the same inputs `make fuzz` starts from.
final class AttackSeedTests: XCTestCase {
    func testEverySeedReadsAndPreviews() throws {
        let directory = PackageRoot.appending("Fuzz/seeds")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 6)
        for name in names {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            let page = try PageText(data: data, file: name)
            _ = try? FrontMatterReader.fields(of: page, file: name)
            let lines = MarkdownPreview.render(page, width: 80)
            XCTAssertFalse(lines.isEmpty, name)
        }
        let laughs = try PageText(
            data: Data(contentsOf: URL(fileURLWithPath: directory + "/yaml-billion-laughs.md")), file: "laughs.md")
        XCTAssertThrowsError(try FrontMatterReader.fields(of: laughs, file: "laughs.md")) { error in
            XCTAssertTrue("\(error)".contains("aliases"), "\(error)")
        }
    }
}
