import Foundation
import TestSupport
import XCTest

@testable import FrontMatter

/// Every content file of the real-site corpus parses, and an untouched save is byte-identical.
final class CorpusFrontMatterTests: XCTestCase {
    func testEveryCorpusFileParsesAndRoundTripsByteForByte() throws {
        let files = try Corpus.contentFiles()
        XCTAssertGreaterThan(files.count, 250)
        var formats: [FrontMatterFormat?: Int] = [:]
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let page: PageText
            do {
                page = try PageText(data: data, file: file)
            } catch {
                XCTFail("\(error)")
                continue
            }
            formats[page.frontMatter?.format, default: 0] += 1
            XCTAssertEqual(page.data(), data, "round trip changed \(file)")
            do {
                let full = try FrontMatterReader.fields(of: page, file: file)
                let fast = try FastFrontMatter.fields(of: page, file: file)
                // The fast reader must agree with the full parsers wherever it answers.
                for key in [
                    "title", "date", "draft", "tags", "categories", "publishDate", "expiryDate", "slug", "description",
                ] {
                    XCTAssertEqual(fast[key], full[key], "\(key) in \(file)")
                }
            } catch {
                XCTFail("\(error)")
            }
        }
        XCTAssertGreaterThan(formats[.yaml] ?? 0, 100)
        XCTAssertGreaterThan(formats[.toml] ?? 0, 20)
        XCTAssertGreaterThan(formats[.json] ?? 0, 4)
        XCTAssertGreaterThan(formats[nil] ?? 0, 0, "pages without front matter")
    }
}
