import Foundation

/// Runs work on all cores in contiguous shares, keeping order.
public enum ParallelMap {
    /// The number of cores (asked once: the question costs a system call).
    public static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Splits `0..<count` into one contiguous share per core and runs `body` on each in parallel;
    /// returns the shares' results in order.
    public static func shares<R: Sendable>(_ count: Int, _ body: @Sendable (Range<Int>) -> R) -> [R] {
        let workers = count > 64 ? cores : 1
        if workers == 1 { return [body(0..<count)] }
        let size = (count + workers - 1) / workers
        let ranges = (0..<workers).map { min(count, $0 * size)..<min(count, ($0 + 1) * size) }
        return map(ranges, body)
    }

    /// Runs `body` once per core; each run claims chunks of `0..<count` through `next` until none
    /// are left, so a core whose chunks cost more does not end up working alone while the others
    /// wait (fixed halves did: one core read the last fifth of a site by itself). Returns each
    /// run's result, in no particular order.
    public static func claiming<R: Sendable>(
        _ count: Int, chunk: Int, _ body: @Sendable (_ next: () -> Range<Int>?) -> R
    ) -> [R] {
        let workers = count > chunk ? cores : 1
        let lock = NSLock()
        nonisolated(unsafe) var claimed = 0
        let next: @Sendable () -> Range<Int>? = {
            lock.withLock {
                guard claimed < count else { return nil }
                let range = claimed..<min(count, claimed + chunk)
                claimed = range.upperBound
                return range
            }
        }
        if workers == 1 { return [body(next)] }
        return map(Array(0..<workers)) { _ in body(next) }
    }

    /// Calls `body` once for every index of `0..<count`, in parallel contiguous shares.
    static func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
        let workers = count > 1 ? min(cores, count) : 1
        guard workers > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        let size = (count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in (worker * size)..<min(count, (worker + 1) * size) { body(index) }
        }
    }

    /// `items.map(transform)` on all cores, in contiguous shares. The results are moved out of
    /// the work buffer, never copied, so each result is owned exactly once.
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        collect(items.count) { slots in
            nonisolated(unsafe) let output = slots
            forEach(items.count) { (output + $0).initialize(to: transform(items[$0])) }
        }
    }

    /// `items.map(transform)` with each item claimed by the next free core: for items of uneven
    /// cost, and so a core slowed by other work takes fewer of them.
    public static func mapClaimingEach<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard cores > 1 else { return items.map(transform) }
        return collect(items.count) { slots in
            nonisolated(unsafe) let output = slots
            DispatchQueue.concurrentPerform(iterations: items.count) {
                (output + $0).initialize(to: transform(items[$0]))
            }
        }
    }

    /// An array of `count` results that `fill` initializes in place (every slot exactly once).
    private static func collect<R>(_ count: Int, _ fill: (UnsafeMutablePointer<R>) -> Void) -> [R] {
        guard count > 0 else { return [] }
        let slots = UnsafeMutablePointer<R>.allocate(capacity: count)
        defer { slots.deallocate() }
        fill(slots)
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: slots, count: count)
            initialized = count
        }
    }
}
