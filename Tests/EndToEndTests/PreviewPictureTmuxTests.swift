import Foundation
import Harness
import TestSupport
import XCTest

/// Issue 49 in tmux: the preview draws the post's pictures as coloured Unicode cells, each over
/// its caption (chosen in the config file: tmux 3.5 offers sixel, which it draws itself and
/// `capture-pane` does not show).
final class PreviewPictureTmuxTests: DemoSiteSessions {
    func testPicturesAreDrawnAsColouredCellsInTmux() throws {
        try requireProgram("vips")
        try FileManager.default.createDirectory(
            atPath: home.path + "/.config/nakedblog", withIntermediateDirectories: true)
        try "[images]\npreview = \"symbols\"\n".write(
            toFile: home.path + "/.config/nakedblog/config.toml", atomically: true, encoding: .utf8)
        let session = try open("content/posts/summit-in-the-fog/index.md")
        try session.send(keys: "C-t")  // at 80 columns, the preview takes the screen
        let caption = "[image: A grassy ridge under a gray sky]"
        try session.waitFor(caption, timeout: 10)
        // The row above the caption: the picture's last row, in the palette's colours.
        let deadline = Date().addingTimeInterval(15)
        var above = ""
        repeat {
            let lines = try session.screenWithEscapes().components(separatedBy: "\n")
            if let row = lines.firstIndex(where: { $0.contains(caption) }), row > 0 { above = lines[row - 1] }
            if above.contains("\u{1B}[48;5;") { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        let screen = try session.screen().joined(separator: "\n")
        XCTAssertTrue(above.contains("\u{1B}[48;5;"), "no picture over its caption:\n" + screen)
    }
}
