import Foundation

/// Timing helpers: wall-clock medians of alternating runs, so both sides see the same machine state.
enum Measure {
    /// Seconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Runs `ours` and `reference` alternately `runs` times (after `setUp` before each) and
    /// returns both medians.
    static func alternating(runs: Int, setUp: () throws -> Void = {}, ours: () throws -> Void,
                            reference: () throws -> Void) rethrows -> (ours: Double, reference: Double) {
        var a: [Double] = [], b: [Double] = []
        for index in 0..<runs {
            // Alternate which goes first so neither always gets the warmer cache.
            if index.isMultiple(of: 2) {
                try setUp(); a.append(try time(ours))
                try setUp(); b.append(try time(reference))
            } else {
                try setUp(); b.append(try time(reference))
                try setUp(); a.append(try time(ours))
            }
        }
        return (median(a), median(b))
    }

    /// Runs each of `bodies` in turn `runs` times (the first of each round moving on, so none
    /// always goes first) and returns their medians, in order.
    static func rotating(runs: Int, _ bodies: [() throws -> Void]) throws -> [Double] {
        var samples = Array(repeating: [Double](), count: bodies.count)
        for round in 0..<runs {
            for step in 0..<bodies.count {
                let index = (round + step) % bodies.count
                samples[index].append(try time(bodies[index]))
            }
        }
        return samples.map(median)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[mid]
    }
}
