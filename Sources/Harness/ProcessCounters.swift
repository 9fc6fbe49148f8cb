import Foundation

/// What the kernel counts for a process (`/proc/PID/io`, `/proc/PID/status`): the numbers the
/// memory and read-count tests and benches compare.
public enum ProcessCounters {
    /// Read system calls the process (every thread) has made (`syscr`).
    public static func readCalls(_ pid: pid_t = getpid()) -> Int {
        field("syscr:", in: "/proc/\(pid)/io")
    }

    /// Resident memory (`VmRSS`), in KiB.
    public static func residentKiB(_ pid: pid_t) -> Int {
        field("VmRSS:", in: "/proc/\(pid)/status")
    }

    /// The highest resident set size process `pid` has had (VmHWM), KiB.
    public static func peakResidentKiB(_ pid: pid_t) -> Int {
        field("VmHWM:", in: "/proc/\(pid)/status")
    }

    private static func field(_ name: String, in file: String) -> Int {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
        // "VmRSS:\t  123744 kB": a tab, then spaces.
        return Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? "") ?? -1
    }
}
