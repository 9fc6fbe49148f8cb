/// Fuzzy matching as quick switchers do it (fzf, Ctrl-P): the query's characters in order in the
/// candidate, case ignored; runs of them, word starts and an early start rank higher.
public enum FuzzyMatch {
    /// The score of `candidate` for `query` (higher is better), or nil when it does not match.
    /// An empty query matches everything with 0.
    public static func score(_ query: String, _ candidate: String) -> Int? {
        let needle = Array(query.lowercased().filter { $0 != " " })
        guard !needle.isEmpty else { return 0 }
        let hay = Array(candidate.lowercased())
        guard hay.count >= needle.count else { return nil }
        var score = 0, at = 0, previous = -2
        for character in needle {
            guard let found = hay[at...].firstIndex(of: character) else { return nil }
            let wordStart = found == 0 || !(hay[found - 1].isLetter || hay[found - 1].isNumber)
            score += 1
            if found == previous + 1 { score += 5 }  // a run
            if wordStart { score += 8 }
            if found == 0 { score += 4 }
            previous = found
            at = found + 1
        }
        // A contiguous match anywhere beats scattered letters; shorter candidates win ties.
        if candidate.lowercased().contains(String(needle)) { score += 10 }
        return score * 100 - min(99, hay.count)
    }

    /// `candidates` that match `query`, best first (ties keep their order).
    public static func rank<T>(_ candidates: [T], by query: String, _ key: (T) -> String) -> [T] {
        candidates.enumerated()
            .compactMap { index, item in score(query, key(item)).map { (item, $0, index) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
            .map(\.0)
    }
}
