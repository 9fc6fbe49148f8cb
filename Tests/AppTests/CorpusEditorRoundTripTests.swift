import Blog
import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// Every content page of `../shared/corpus` through the whole app, headless (`AppLoop` with a
/// scripted terminal, the real effect runner and files): opened and saved unchanged (bytes
/// identical), one character typed at the end of the last line and saved (exactly that line
/// differs, its ending kept), undone and saved (identical again). BOM, CRLF, CRLF only in the
/// front matter, no final newline, tabs and long lines all survive.
final class CorpusEditorRoundTripTests: XCTestCase {
    /// A terminal that waits for a condition on the app, then sends keys (and runs an action).
    final class ScriptedTerminal: Terminal {
        struct Step {
            let name: String
            let until: () -> Bool
            let keys: [KeyEvent]
            let action: (() -> Void)?
        }
        var size: (columns: Int, rows: Int) = (80, 24)
        var steps: [Step] = []
        var failure: String?
        private var waitingSince: Date?

        func present(_ screen: Screen) {}

        func nextEvents(timeoutMilliseconds: Int32) -> [KeyEvent]? {
            guard failure == nil, let step = steps.first else { return nil }
            if step.until() {
                steps.removeFirst()
                waitingSince = nil
                step.action?()
                return step.keys
            }
            let since = waitingSince ?? Date()
            waitingSince = since
            if Date().timeIntervalSince(since) > 20 {
                failure = "timed out waiting for: \(step.name)"
                return nil
            }
            usleep(500)
            return []
        }
    }

    static func corpusPages() throws -> [String] {
        guard let corpus = PackageRoot.sharedCorpus else {
            throw XCTSkip("no corpus: ../shared/corpus is not present beside the checkout")
        }
        var pages: [String] = []
        let skipped = [
            "layouts", "themes", "_layouts", "_includes", "_site", "node_modules", "static", "assets", "archetypes",
            "i18n", "data",
        ]
        let enumerator = FileManager.default.enumerator(atPath: corpus)
        while let item = enumerator?.nextObject() as? String {
            let parts = item.split(separator: "/").map(String.init)
            guard !parts.contains(where: skipped.contains) else { continue }
            if ["md", "markdown", "html"].contains((item as NSString).pathExtension), parts.last != "README.md",
                parts.last != "INVENTORY.md"
            {
                pages.append(corpus + "/" + item)
            }
        }
        return pages.sorted()
    }

    /// `bytes` with `x` typed at the end of the last line that has text (before its line ending).
    static func expected(afterTypingAtTheEnd bytes: [UInt8]) -> [UInt8] {
        var end = bytes.count
        if bytes.last == 0x0A { end -= 1; if end > 0, bytes[end - 1] == 0x0D { end -= 1 } }
        return Array(bytes[..<end]) + [UInt8(ascii: "x")] + Array(bytes[end...])
    }

    func testEveryCorpusPageSavesByteForByteAndEditsExactlyOneLine() throws {
        let pages = try Self.corpusPages()
        XCTAssertGreaterThan(pages.count, 300)
        let site = try TemporaryDirectory(prefix: "nb-corpus-editor")
        defer { site.remove() }
        let home = try TemporaryDirectory(prefix: "nb-corpus-editor-home")
        defer { home.remove() }
        try "title = 'round trips'\n".write(toFile: site.appending("hugo.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: site.appending("content"), withIntermediateDirectories: true)

        let terminal = ScriptedTerminal()
        var state = AppState(columns: 80, rows: 24, page: .browse)
        state.today = AppFixture.today
        let environment = [
            "HOME": home.path, "XDG_STATE_HOME": home.appending("state"), "XDG_CONFIG_HOME": home.appending("config"),
            "XDG_CACHE_HOME": home.appending("cache"),
        ]
        let loop = AppLoop(terminal: terminal, state: state, environment: environment)
        var checked = 0, failures: [String] = []

        for (number, page) in pages.enumerated() {
            let name = "content/p\(number)." + (page as NSString).pathExtension
            let file = site.appending(name)
            let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: page)))
            // Text the editor cannot hold (NUL, not UTF-8) is refused on open, never saved.
            guard !original.contains(0), String(validating: original, as: UTF8.self) != nil else { continue }
            try Data(original).write(to: URL(fileURLWithPath: file))
            let lines = original.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            var stamp: FileStamp?
            func saved() -> Bool {
                guard let now = loop.state.editor?.diskStamp, now != stamp else { return false }
                stamp = now
                return true
            }
            func check(_ expected: [UInt8], _ what: String) -> () -> Void {
                { [self] in
                    let bytes = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))) ?? []
                    if bytes != expected {
                        failures.append("\(page): \(what): \(Self.firstDifference(bytes, expected))")
                    }
                }
            }
            var toTheEnd: [KeyEvent] = Array(
                repeating: KeyEvent.pageDown, count: (original.count / 80 + lines) / 15 + 2)
            toTheEnd.append(.end)
            if original.last == 0x0A { toTheEnd.append(.left(shift: false)) }
            let typeAndSave: [KeyEvent] = toTheEnd + [.character("x"), .control("s")]
            let opened: () -> Bool = { loop.state.editor?.path == name && loop.state.overlay == nil }
            terminal.steps += [
                .init(
                    name: "open \(name)", until: { true }, keys: [],
                    action: { loop.runner.run(.openPost(name), siteRoot: site.path) }),
                .init(
                    name: "opened \(name)", until: opened, keys: [.control("s")],
                    action: { stamp = loop.state.editor?.diskStamp }),
                .init(
                    name: "saved unchanged \(name)", until: saved, keys: typeAndSave,
                    action: check(original, "saved unchanged")),
                .init(
                    name: "saved edited \(name)", until: saved, keys: [.control("z"), .control("s")],
                    action: check(Self.expected(afterTypingAtTheEnd: original), "one character typed at the end")),
                .init(name: "saved undone \(name)", until: saved, keys: [.escape], action: check(original, "undone")),
                .init(
                    name: "closed \(name)", until: { loop.state.page == .browse }, keys: [], action: { checked += 1 }),
            ]
        }
        loop.run(initial: [.loadSite(site.path)])
        XCTAssertNil(terminal.failure, terminal.failure ?? "")
        XCTAssertEqual(failures, [], failures.prefix(10).joined(separator: "\n"))
        print(
            "corpus editor round trips: \(checked) of \(pages.count) pages opened, saved, edited, undone and saved byte for byte"
        )
        XCTAssertGreaterThan(checked, 300)
    }

    static func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
        let index =
            (0..<min(actual.count, expected.count)).first { actual[$0] != expected[$0] }
            ?? min(actual.count, expected.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 20)..<min(bytes.count, index + 20)], as: UTF8.self).debugDescription
        }
        return
            "byte \(index) (sizes \(actual.count) vs \(expected.count)): got \(around(actual)), want \(around(expected))"
    }
}
