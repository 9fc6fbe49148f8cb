/// One measured row of `make bench`: our median against the reference tool's median in the same run.
struct BenchRow {
    let name: String
    let ours: Double
    let reference: Double?
    let referenceName: String
    let unit: Unit
    /// The target, in words (e.g. "≤ 1.1× git").
    let target: String
    /// Whether the target was met, if it can be judged from these numbers.
    let met: Bool?

    enum Unit { case seconds, bytes, mebibytes, count }

    var ratio: Double? { reference.map { ours / $0 } }
}

/// Prints rows as one Markdown table.
enum BenchTable {
    static func render(_ rows: [BenchRow]) -> String {
        var lines = [
            "| measurement | ours (median) | reference | reference (median) | ratio | target | met |",
            "|---|---:|---|---:|---:|---|:-:|",
        ]
        for row in rows {
            let reference = row.reference.map { format($0, row.unit) } ?? "—"
            let ratio = row.ratio.map { String(format: "%.2f×", $0) } ?? "—"
            let met = row.met.map { $0 ? "yes" : "**no**" } ?? "—"
            lines.append(
                "| \(row.name) | \(format(row.ours, row.unit)) | \(row.referenceName) | \(reference) | \(ratio) | \(row.target) | \(met) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Double, _ unit: BenchRow.Unit) -> String {
        switch unit {
        case .seconds:
            return value < 0.001
                ? String(format: "%.1f µs", value * 1e6)
                : value < 1 ? String(format: "%.1f ms", value * 1e3) : String(format: "%.2f s", value)
        case .bytes: return String(format: "%.0f B", value)
        case .mebibytes: return String(format: "%.1f MiB", value)
        case .count: return String(format: "%.0f", value)
        }
    }
}
