/// The candidate closest to a mistyped link target, by edit distance (at most a third of its
/// length away), else the shortest candidate holding it (`#sencha` for `#煎茶-sencha`).
/// Candidates are lowered and sorted once, so a check that suggests for thousands of broken
/// links costs one preparation, not one per link; ties go to the first in sorted order, so
/// the same site always gets the same suggestion.
struct NearestPool: Sendable {
    let names: [String]
    let lowered: [[Unicode.Scalar]]
    /// Candidates (indices into `names`, ascending) by length: only lengths within the edit
    /// limit are compared.
    let byLength: [Int: [Int]]
    /// Candidates (ascending) by each three-scalar run they hold: "holds it" is looked for only
    /// among the candidates holding the rarest run of it. Together they keep a suggestion's cost
    /// near the number of likely candidates, not the site's size (42,000 broken links on 20,000
    /// pages took 13 s scanning every candidate for each).
    let byTrigram: [UInt64: [Int]]

    init(_ candidates: some Sequence<String>) {
        names = Array(Set(candidates)).sorted()
        lowered = names.map { Array($0.lowercased().unicodeScalars) }
        var byLength: [Int: [Int]] = [:], byTrigram: [UInt64: [Int]] = [:]
        for (index, scalars) in lowered.enumerated() {
            byLength[scalars.count, default: []].append(index)
            var seen = Set<UInt64>()
            for key in Self.trigrams(scalars) where seen.insert(key).inserted {
                byTrigram[key, default: []].append(index)
            }
        }
        self.byLength = byLength
        self.byTrigram = byTrigram
    }

    /// The nearest of `candidates` to `wanted`, for a one-off choice among a few.
    static func find(_ wanted: String, among candidates: [String]) -> String? {
        NearestPool(candidates).find(wanted)
    }

    func find(_ wanted: String) -> String? {
        let target = Array(wanted.lowercased().unicodeScalars)
        let limit = max(2, target.count / 3)
        var best: (index: Int, distance: Int)?
        var rows = (Array(repeating: 0, count: 0), Array(repeating: 0, count: 0))
        for length in max(0, target.count - limit)...(target.count + limit) {
            for index in byLength[length] ?? [] {
                // Ties go to the first name in order, whatever the length.
                let bound = best.map { index < $0.index ? $0.distance : $0.distance - 1 } ?? limit
                guard bound >= 0 else { continue }
                if let distance = Self.levenshtein(target, lowered[index], limit: bound, rows: &rows) {
                    best = (index, distance)
                }
            }
        }
        if let best { return names[best.index] }
        guard target.count >= 3 else { return nil }
        var rarest: [Int]?
        for key in Self.trigrams(target) {
            guard let holders = byTrigram[key] else { return nil }
            if holders.count < rarest?.count ?? .max { rarest = holders }
        }
        var shortest: Int?
        for index in rarest ?? []
        where lowered[index].count < (shortest.map { lowered[$0].count } ?? .max)
            && Self.contains(lowered[index], target)
        {
            shortest = index
        }
        return shortest.map { names[$0] }
    }

    /// Each run of three scalars, as one number (21 bits each).
    static func trigrams(_ scalars: [Unicode.Scalar]) -> [UInt64] {
        guard scalars.count >= 3 else { return [] }
        return (0...(scalars.count - 3)).map { start in
            UInt64(scalars[start].value) << 42 | UInt64(scalars[start + 1].value) << 21
                | UInt64(scalars[start + 2].value)
        }
    }

    /// The edit distance, or nil when it is over `limit`.
    static func levenshtein(
        _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, rows: inout ([Int], [Int])
    ) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        rows.0.removeAll(keepingCapacity: true)
        rows.0.append(contentsOf: 0...b.count)
        rows.1.removeAll(keepingCapacity: true)
        rows.1.append(contentsOf: repeatElement(0, count: b.count + 1))
        for i in 1...a.count {
            rows.1[0] = i
            var rowBest = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let value = min(rows.0[j] + 1, rows.1[j - 1] + 1, rows.0[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rows.1[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return nil }
            swap(&rows.0, &rows.1)
        }
        return rows.0[b.count] <= limit ? rows.0[b.count] : nil
    }

    /// Whether `part` occurs in `whole`.
    static func contains(_ whole: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
        guard part.count <= whole.count else { return false }
        for start in 0...(whole.count - part.count) where whole[start] == part[0] {
            if whole[start..<(start + part.count)].elementsEqual(part) { return true }
        }
        return false
    }
}
