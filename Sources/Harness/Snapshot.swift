import Foundation

/// Text snapshots: a rendered screen (lines) compared against a file; re-recorded only when the
/// environment says `RECORD_SNAPSHOTS=1`, never silently.
public enum Snapshot {
    /// The environment variable that makes comparisons write the file instead.
    public static let recordVariable = "RECORD_SNAPSHOTS"

    /// Compares `lines` to the file at `path`. Returns nil when they match (or were recorded),
    /// otherwise a message with a line diff and how to re-record.
    public static func compare(_ lines: [String], toFileAt path: String) -> String? {
        let actual = lines.joined(separator: "\n") + "\n"
        let recording = ProcessInfo.processInfo.environment[recordVariable] == "1"
        if recording {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
                return nil
            } catch {
                return "Could not record snapshot \(path): \(error)"
            }
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            return "No snapshot at \(path). Record it with \(recordVariable)=1 and review the file.\nActual:\n\(actual)"
        }
        if expected == actual { return nil }
        let diff = lineDiff(
            expected: expected.components(separatedBy: "\n"),
            actual: actual.components(separatedBy: "\n"))
        return
            "Snapshot \(path) differs (- expected, + actual). If the change is intended, re-run with \(recordVariable)=1.\n\(diff)"
    }

    /// A readable line diff: unchanged lines prefixed with two spaces, removals `-`, additions `+`.
    public static func lineDiff(expected: [String], actual: [String]) -> String {
        // Longest common subsequence; screens are small (tens of lines).
        let n = expected.count, m = actual.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var output: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                output.append("  " + expected[i]); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                output.append("- " + expected[i]); i += 1
            } else {
                output.append("+ " + actual[j]); j += 1
            }
        }
        return output.joined(separator: "\n")
    }
}
