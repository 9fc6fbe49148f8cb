import Foundation
import Harness

/// Timing helpers: wall-clock medians of alternating runs, so both sides see the same machine state.
enum Measure {
    /// Seconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Runs a program to its end, started directly (its path looked up first) with its output
    /// thrown away — `/dev/null`, as hyperfine does — and waited for in `wait4`: what is timed
    /// around this is that process alone, not reading its output back. Throws if it fails.
    /// Returns the ended child (its peak memory).
    @discardableResult
    static func process(_ arguments: [String], environment: [String: String]? = nil) throws -> ChildProcess {
        let child = try ChildProcess([Measure.path(of: arguments[0])] + arguments.dropFirst(), environment: environment)
        let status = child.waitUntilExit()
        guard status == 0 else { throw ProcessFailed(arguments: arguments, status: status) }
        return child
    }

    /// A timed process that did not exit 0.
    struct ProcessFailed: Error, CustomStringConvertible {
        let arguments: [String]
        let status: Int32
        var description: String { "`\(arguments.joined(separator: " "))` exited \(status)" }
    }

    /// `program`'s path: itself when it names one, else found on PATH.
    static func path(of program: String) -> String {
        guard !program.contains("/") else { return program }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = directory + "/" + program
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return program
    }

    /// Runs `ours` and `reference` alternately `runs` times (after `setUp` before each) and
    /// returns both medians.
    static func alternating(
        runs: Int, setUp: () throws -> Void = {}, ours: () throws -> Void,
        reference: () throws -> Void
    ) rethrows -> (ours: Double, reference: Double) {
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
