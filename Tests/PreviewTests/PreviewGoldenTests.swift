import Blog
import Foundation
import TestSupport
import XCTest

@testable import Preview

/// Every byte `nakedblog preview` writes, kept: the output of the demo sites' posts, the
/// catalogue and (when `../shared/corpus` is beside the checkout) a subset of real posts, in
/// colour at three widths, compared by digest with the recorded golden list. A change to the
/// preview's output is then a decision (re-record with `RECORD_SNAPSHOTS=1`), never an accident
/// of a speed-up.
final class PreviewGoldenTests: XCTestCase {
    private static let widths = [40, 80, 120]

    /// FNV-1a, 64 bits: enough to notice any changed byte.
    private static func digest(_ parts: [[UInt8]]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts { for byte in part { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 } }
        return String(hash, radix: 16)
    }

    private func lines(for files: [(name: String, path: String)]) throws -> [String] {
        var lines: [String] = []
        for (name, path) in files {
            let page = try PageText.read(path: path, display: name)
            let site = try? Site.open(containing: (path as NSString).deletingLastPathComponent)
            let context = PreviewContext.forPage(page, file: path, site: site)
            for width in Self.widths {
                lines.append(
                    "\(name) \(width) \(Self.digest(MarkdownPreview.terminalOutput(page, width: width, context: context, colour: true)))"
                )
            }
        }
        return lines
    }

    private static func markdownFiles(under folder: String, relativeTo base: String) -> [(name: String, path: String)] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [(String, String)] = []
        while let item = enumerator?.nextObject() as? String {
            guard item.hasSuffix(".md"), !item.contains("/.") else { continue }
            let path = folder + "/" + item
            found.append((String(path.dropFirst(base.count + 1)), path))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    func testTheDemosAndTheCatalogueKeepEveryByte() throws {
        let root = PackageRoot.path
        let files =
            Self.markdownFiles(under: root + "/demo/content", relativeTo: root)
            + Self.markdownFiles(under: root + "/demo-jekyll/_posts", relativeTo: root)
            + [("Tests/PreviewTests/Fixtures/catalogue.md", root + "/Tests/PreviewTests/Fixtures/catalogue.md")]
        XCTAssertGreaterThan(files.count, 10)
        assertSnapshot(try lines(for: files), named: "golden-demo")
    }

    func testACorpusSubsetKeepsEveryByte() throws {
        guard let corpus = PackageRoot.sharedCorpus else {
            throw XCTSkip("no corpus: ../shared/corpus is not present beside the checkout")
        }
        var files: [(name: String, path: String)] = []
        for site in [
            "matcornic__hugo-theme-learn", "google__docsy-example", "adityatelange__hugo-PaperMod", "jekyll__minima",
        ] {
            let folder = corpus + "/" + site
            let all = Self.markdownFiles(
                under: folder + (site.hasPrefix("jekyll") ? "/_posts" : "/content"), relativeTo: corpus)
            // Every fifth page: a spread of each site, small enough to run in a moment.
            files += all.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        }
        XCTAssertGreaterThan(files.count, 20)
        assertSnapshot(try lines(for: files), named: "golden-corpus")
    }
}
