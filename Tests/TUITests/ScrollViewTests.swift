import TUI
import XCTest

final class ScrollViewTests: XCTestCase {
    func testScrollingAndSplit() {
        var view = ScrollView(lines: (1...30).map { [("preview \($0)", Style(.normal))] })
        var screen = Screen(width: 41, height: 5)
        let panes = SplitView.panes(of: screen.bounds)
        XCTAssertEqual(panes.left.width, 20)
        XCTAssertEqual(panes.right.width, 20)
        _ = view.handle(.pageDown, pageHeight: 5)
        view.render(into: &screen, area: panes.right)
        SplitView.drawDivider(into: &screen, panes.divider)
        XCTAssertEqual(screen.lines(trimmingTrailingSpaces: true)[0], String(repeating: " ", count: 20) + "│preview 5")
        _ = view.handle(.end, pageHeight: 5)
        view.render(into: &screen, area: panes.right)
        XCTAssertTrue(screen.lines()[4].contains("preview 30"), "clamped to the last page")
    }
}
