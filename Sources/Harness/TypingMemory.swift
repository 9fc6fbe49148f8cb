import Foundation

/// Resident memory of the app while a writer types: a 200 KB post opened in the editor (split
/// with its preview at 120×40), then `characters` typed in bursts with pauses, as people type.
/// What it reports: resident memory after a warm-up burst, and after all the typing. Shared by
/// the memory test and `make bench`.
public enum TypingMemory {
    public struct Result: Sendable {
        /// KiB resident after the warm-up, and at the end.
        public var afterWarmUp: Int
        public var atEnd: Int
        public var growthMiB: Double { Double(atEnd - afterWarmUp) / 1024 }
    }

    public static func measure(
        binary: String, characters: Int = 20_000, burst: Int = 100, pause: TimeInterval = 0.05,
        environment: [String: String]
    ) throws -> Result {
        let folder = try TemporaryDirectory(prefix: "nb-typing-memory")
        defer { folder.remove() }
        var body = "---\ntitle: A long post\ndate: 2026-01-01\n---\n"
        var text = BlogText(random: SeededRandom(seed: 3))
        while body.utf8.count < 200_000 {
            body += text.paragraph() + "\n\n"
        }
        let (terminal, post) = try EditorInTerminal.open(
            body, name: "long/index.md", in: folder, binary: binary, environment: environment)
        defer { terminal.terminate() }
        // Into the body, then type.
        terminal.write(String(repeating: "\u{1B}[B", count: 8))
        let words = Array("the quick brown fox writes another sentence into the post ")
        var typed = 0
        func typeBurst() {
            var text = ""
            for _ in 0..<burst { text.append(words[typed % words.count]); typed += 1 }
            terminal.write(text)
            _ = terminal.drain(for: pause)
        }
        for _ in 0..<(2_000 / burst) { typeBurst() }
        _ = terminal.drain(for: 1.0)
        let warm = try ProcessCounters.residentKiB(terminal.pid)
        while typed < characters { typeBurst() }
        // Typing pauses: the journal, the preview and the graveyard catch up.
        _ = terminal.drain(for: 3.0)
        let end = try ProcessCounters.residentKiB(terminal.pid)
        // The figure counts only if the typing reached the editor: saved, the post grew by every character.
        let before = body.utf8.count
        terminal.write("\u{13}")
        var grown = 0
        for _ in 0..<100 where grown != typed {
            _ = terminal.drain(for: 0.1)
            grown = ((try? FileManager.default.attributesOfItem(atPath: post)[.size] as? Int) ?? before) - before
        }
        guard grown == typed else {
            throw ShellError(
                command: [binary],
                result: ProcessResult(
                    status: 1, stdout: "",
                    stderr:
                        "\(grown) of the \(typed) typed characters reached the post: the memory figure would be of an idle editor",
                    timedOut: false))
        }
        return Result(afterWarmUp: warm, atEnd: end)
    }
}
