@testable import Preview
import Blog
import XCTest
final class TmpDebugTests: XCTestCase {
    func testDebug() throws {
        let page = try PageText.read(path: "/tmp/benchbig.md")
        let text = page.body
        let pieces = PieceRewrite.pieces(text, parts: 16)!
        print("PIECES", pieces.map { $0.text.utf8.count })
        let merged = PieceDefinitions.candidateLabels(merging: pieces.map(\.labels))
        print("LABELS", merged?.count as Any, pieces.map { $0.labels?.count ?? -1 })
        let probe = PieceDefinitions.probe(merged ?? [])
        print("PROBE", probe.utf8.count)
    }
}
