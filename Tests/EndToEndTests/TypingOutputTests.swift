import Foundation
import Harness
import TestSupport
import XCTest

/// Issue 45.12: what the terminal receives for one typed character in the editor at 120×40 with
/// the preview off (what a slow SSH link carries): at most 30 bytes, the status line's counts kept.
final class TypingOutputTests: XCTestCase {
    func testOneTypedCharacterCostsAtMost30Bytes() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = try TemporaryDirectory(prefix: "nb-typing-bytes")
        defer { site.remove() }
        try PackageRoot.copyDemo(to: site.path)
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        let terminal = try PseudoTerminal(
            [try Products.path("nakedblog"), site.path], environment: environment, columns: 120, rows: 40)
        defer { terminal.terminate() }
        XCTAssertTrue(terminal.read(timeout: 15, until: { $0.contains(text: "Plain Words") }).satisfied)
        terminal.write("/cold\r")
        XCTAssertTrue(terminal.read(timeout: 10, until: { $0.contains(text: "Ln 1, Col 1") }).satisfied)
        terminal.write("\u{14}")  // Ctrl-T: the preview off
        _ = terminal.drain(for: 0.5)
        terminal.write(String(repeating: "\u{1B}[B", count: 10))
        _ = terminal.drain(for: 0.5)
        // A sentence typed at the end of a line, a key every 150 ms, then a pause: every byte
        // the terminal received for it (the counts catching up after the pause included).
        terminal.write("\u{1B}[F")
        _ = terminal.drain(for: 0.5)
        let sentence = " and then some more words"
        var total = 0
        var samples: [String] = []
        for letter in sentence {
            terminal.write(String(letter))
            let output = terminal.drain(for: 0.15)
            total += output.count
            if samples.count < 3 { samples.append(String(decoding: output, as: UTF8.self).debugDescription) }
        }
        let after = terminal.drain(for: 1.0)
        total += after.count
        let perCharacter = Double(total) / Double(sentence.count)
        print(
            "TypingOutputTests: \(total) bytes for \(sentence.count) typed characters (\(perCharacter) each); samples \(samples)"
        )
        XCTAssertLessThanOrEqual(perCharacter, 30, "\(samples)")
        // The counts caught up after the pause: the title bar says where the cursor is.
        XCTAssertTrue(
            String(decoding: after, as: UTF8.self).contains("Col"),
            String(decoding: after, as: UTF8.self).debugDescription)
    }
}
