import Foundation

/// Peak memory of the app opening a huge post (for `make bench`), beside cmark's on the same file.
public enum HugePostMemory {
    /// Peak resident memory (VmHWM) of the app opening a post of `megabytes` of generated prose
    /// with its preview beside it, and cmark's peak rendering the same file (its only child's
    /// `ru_maxrss`, read by a fresh python3). `oneLine`: the prose is one line (no line breaks).
    public static func measure(
        binary: String, megabytes: Int, oneLine: Bool = false,
        environment: [String: String]
    ) throws -> (megabytes: Int, ours: Double, cmark: Double) {
        let folder = try TemporaryDirectory(prefix: "nb-bench-huge")
        defer { folder.remove() }
        var text = BlogText(random: SeededRandom(seed: 5))
        var paragraphs = ""
        while paragraphs.utf8.count < 1 << 20 { paragraphs += text.paragraph() + (oneLine ? " " : "\n\n") }
        // Escaped stars first: `*the preview is drawn*` is drawn only by the preview (the editor
        // shows the backslashes), which tells that it was rendered before the peak is read.
        var body = "---\ntitle: A huge post\ndate: 2026-01-01\n---\n\\*the preview is drawn\\*\n\n"
        body.reserveCapacity(megabytes << 20 + paragraphs.utf8.count)
        while body.utf8.count < megabytes << 20 { body += paragraphs }
        if oneLine { body += "\n" }
        let (terminal, post) = try EditorInTerminal.open(
            body, name: "huge.md", in: folder, binary: binary, environment: environment,
            timeout: 120, shown: "*the preview is drawn*")
        defer { terminal.terminate() }
        _ = terminal.drain(for: 1.0)
        let ours = Double(try ProcessCounters.peakResidentKiB(terminal.pid)) / 1024
        let script =
            "import resource, subprocess, sys\nsubprocess.run(['cmark', sys.argv[1]], stdout=subprocess.DEVNULL)\n"
            + "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
        let cmark =
            Double(try Shell.check(["python3", "-c", script, post]).trimmingCharacters(in: .whitespacesAndNewlines))
            ?? .nan
        return (megabytes, ours, cmark / 1024)
    }
}
