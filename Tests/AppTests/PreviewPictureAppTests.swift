import Blog
import Foundation
import Preview
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// Pictures in the preview pane: asked for off the loop when the preview shows them, drawn in
/// their place with their line as the caption, asked again in the format the terminal answers,
/// hidden under a box, and never asked for with NO_COLOR.
final class PreviewPictureAppTests: XCTestCase {
    private let post = "content/posts/summit-in-the-fog/index.md"
    private var demo: String { PackageRoot.path + "/demo" }

    private func editing(environment: [String: String]) throws -> (AppState, [AppEffect]) {
        var state = try AppFixture.browsing(columns: 120, rows: 30)
        state.pictures = PictureState(environment: environment, cellPixels: (10, 20))
        let text = try String(contentsOfFile: demo + "/" + post, encoding: .utf8)
        let effects = AppFixture.update(&state, .postOpened(path: post, text: text, stamp: nil))
        return (state, effects)
    }

    private func draws(_ effects: [AppEffect]) -> [SiteTask] {
        effects.compactMap { effect in
            guard case .perform(let task) = effect, task.name.hasPrefix("draw-picture ") else { return nil }
            return task
        }
    }

    func testThePreviewsPicturesAreDrawnInPlaceWithTheirCaption() throws {
        try requireProgram("vips")
        var (state, effects) = try editing(environment: ["TERM": "xterm-256color"])
        let tasks = draws(effects)
        XCTAssertEqual(
            tasks.map(\.name),
            [
                "draw-picture \(demo)/content/posts/summit-in-the-fog/ridge.png 59x18 symbols",
                "draw-picture \(demo)/content/posts/summit-in-the-fog/summit.png 59x18 symbols",
            ])
        XCTAssertTrue(draws(App.update(&state, .resized(columns: 120, rows: 30), now: 0)).isEmpty, "asked once")
        for task in tasks { _ = try AppFixture.perform(task, root: demo, on: &state) }
        var copy = state
        let screen = Render.frame(&copy).screen
        let rows = Set(screen.graphics.map(\.y))
        XCTAssertFalse(screen.graphics.isEmpty)
        XCTAssertTrue(screen.graphics.allSatisfy { $0.x == 61 && $0.rows == 1 && $0.kind == .inCells })
        let lines = screen.lines(trimmingTrailingSpaces: true)
        let caption = try XCTUnwrap(lines.firstIndex { $0.contains("[image: A grassy ridge under a gray sky]") })
        XCTAssertTrue(
            rows.contains(caption - 1), "the caption right under the picture:\n" + lines.joined(separator: "\n"))
        XCTAssertTrue(
            screen.graphics.allSatisfy { String(decoding: $0.sequence, as: UTF8.self).contains("\u{1B}[38;5;") },
            "256 colours, as TERM says")

        // A box over the preview: the picture waits under it.
        _ = AppFixture.send(&state, .function(1))
        var covered = state
        XCTAssertTrue(Render.frame(&covered).screen.graphics.isEmpty)
    }

    func testTheTerminalsAnswerChangesTheFormat() throws {
        var (state, _) = try editing(environment: ["TERM": "xterm-256color"])
        let sixel = draws(App.update(&state, .key(.terminalReply(.deviceAttributes([62, 4, 22]))), now: 0))
        XCTAssertEqual(sixel.count, 2)
        XCTAssertTrue(sixel.allSatisfy { $0.name.hasSuffix(" sixel") }, "\(sixel)")
        let kitty = draws(App.update(&state, .key(.terminalReply(.kittyGraphics(ok: true))), now: 0))
        XCTAssertTrue(kitty.allSatisfy { $0.name.hasSuffix(" kitty") } && kitty.count == 2, "\(kitty)")
        XCTAssertTrue(
            draws(App.update(&state, .key(.terminalReply(.deviceAttributes([62, 4]))), now: 0)).isEmpty,
            "kitty answered: it stays kitty")
    }

    func testNoColourMeansTheLineOnly() throws {
        let (state, effects) = try editing(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        XCTAssertTrue(draws(effects).isEmpty)
        XCTAssertFalse(state.pictures.asksTerminal)
        XCTAssertTrue(AppFixture.lines(state).joined().contains("[image: A grassy ridge under a gray sky]"))
    }

    /// A post of forty pictures draws those near the view; moving down asks for the next ones.
    func testOnlyPicturesNearTheViewAreDrawn() throws {
        let work = try TemporaryDirectory(prefix: "nb-many-pictures")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.path)
        let folder = work.appending("content/posts/summit-in-the-fog")
        var text = "---\ntitle: Many\n---\n\n"
        for index in 1...40 {
            try FileManager.default.copyItem(atPath: folder + "/ridge.png", toPath: folder + "/p\(index).png")
            text += "![Picture \(index)](p\(index).png)\n\nText \(index).\n\n"
        }
        try text.write(toFile: folder + "/index.md", atomically: true, encoding: .utf8)
        var state = AppState(columns: 120, rows: 30, page: .browse)
        let site = try Site.open(containing: work.path)
        _ = App.update(&state, .siteLoaded(site, .prepared(PostIndex.build(site)), readAt: Date()), now: 0)
        state.pictures = PictureState(environment: ["TERM": "xterm-256color"], cellPixels: (10, 20))
        let first = draws(AppFixture.update(&state, .postOpened(path: post, text: text, stamp: nil)))
        func number(_ task: SiteTask) -> Int {
            Int(task.name.split(separator: "/").last?.split(separator: ".").first?.dropFirst() ?? "") ?? 0
        }
        XCTAssertFalse(first.isEmpty)
        XCTAssertLessThan(first.count, 40, "not all forty at once")
        XCTAssertEqual(first.map(number).min(), 1)
        var later: [SiteTask] = []
        for _ in 0..<12 { later += draws(AppFixture.send(&state, .pageDown)) }
        XCTAssertTrue(later.contains { number($0) == 40 }, "moving down asks for the last ones: \(later.map(number))")
        XCTAssertTrue(Set(later.map(\.name)).isDisjoint(with: first.map(\.name)), "none asked twice")
    }

    /// The drawing task reads as Ctrl-R does on a shared server: a link out of the site is not followed.
    func testADrawingIsNeverOfAFileOutsideTheSite() throws {
        let work = try TemporaryDirectory(prefix: "nb-picture-link")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        try FileManager.default.copyItem(
            atPath: demo + "/content/posts/summit-in-the-fog/ridge.png", toPath: work.appending("outside.png"))
        let link = work.appending("site/content/posts/summit-in-the-fog/link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: work.appending("outside.png"))
        var state = try AppFixture.browsing()
        let canvas = PictureCanvas(format: .symbols, colours: .palette256, columns: 40, rows: 10)
        let key = PictureKey(file: link, version: "1", canvas: canvas)
        _ = try AppFixture.perform(App.drawPicture(key), root: work.appending("site"), on: &state)
        XCTAssertNil(state.pictures.drawn[key])
        XCTAssertEqual(state.pictures.failed[key], "not a picture inside the site")
        let inside = PictureKey(
            file: work.appending("site/content/posts/summit-in-the-fog/ridge.png"), version: "1", canvas: canvas)
        _ = try AppFixture.perform(App.drawPicture(inside), root: work.appending("site"), on: &state)
        XCTAssertNotNil(state.pictures.drawn[inside], "\(state.pictures.failed)")
    }

    func testTheLinuxConsoleIsNotAskedAndDrawsBlocks() {
        let console = PictureState(environment: ["TERM": "linux"], cellPixels: nil)
        XCTAssertFalse(console.asksTerminal)
        XCTAssertEqual(console.format, .symbols)
        XCTAssertEqual(console.colours, .basic8)
        XCTAssertTrue(PictureState(environment: ["TERM": "xterm-256color"], cellPixels: nil).asksTerminal)
    }

    func testTheConfigFileChoosesTheFormatOrNone() throws {
        let config = try AppConfig.parse("[images]\npreview = \"sixel\"\n", file: "c.toml")
        XCTAssertEqual(config.pictureChoice, .always(.sixel))
        XCTAssertEqual(try AppConfig.parse("[images]\npreview = \"off\"\n", file: "c.toml").pictureChoice, .off)
        XCTAssertThrowsError(try AppConfig.parse("[images]\npreview = \"fast\"\n", file: "c.toml"))
        let state = PictureState(environment: ["TERM": "xterm"], choice: .always(.kitty), cellPixels: nil)
        XCTAssertEqual(state.format, .kitty)
        XCTAssertFalse(state.asksTerminal)
    }
}
