import Foundation

/// What the kernel counts for a process (`/proc/PID/io`, `/proc/PID/status`): the numbers the
/// memory and read-count tests and benches compare.
public enum ProcessCounters {
    /// A counter that could not be read (the process is gone, or /proc hides it): a measure
    /// fails with this rather than report a number.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Read system calls the process (every thread) has made (`syscr`).
    public static func readCalls(_ pid: pid_t = getpid()) throws -> Int {
        try field("syscr:", in: "/proc/\(pid)/io")
    }

    /// Resident memory (`VmRSS`), in KiB.
    public static func residentKiB(_ pid: pid_t) throws -> Int {
        try field("VmRSS:", in: "/proc/\(pid)/status")
    }

    /// The highest resident set size process `pid` has had (VmHWM), KiB.
    public static func peakResidentKiB(_ pid: pid_t) throws -> Int {
        try field("VmHWM:", in: "/proc/\(pid)/status")
    }

    private static func field(_ name: String, in file: String) throws -> Int {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
        // "VmRSS:\t  123744 kB": a tab, then spaces.
        guard
            let value = Int(
                line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
                    ?? "")
        else {
            throw Unreadable(description: "no \(name) in \(file)")
        }
        return value
    }
}
