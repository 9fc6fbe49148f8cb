import Foundation

/// The peak resident memory of a program, measured from a small parent. A child that a large
/// process starts with `posix_spawn` shares that process's memory until it execs, and Linux
/// counts the parent's peak in the child's `ru_maxrss` (a test process of 900 MB makes every
/// child "900 MB"); a python3 that waits for the program reports its peak as it is.
public enum PeakMemory {
    /// Runs `arguments` to its end, its standard output into `output`, and returns its exit
    /// status and peak resident memory in KiB. Throws when it cannot be run or passes `timeout`.
    public static func run(
        _ arguments: [String], output: String = "/dev/null", environment: [String: String]? = nil,
        timeout: TimeInterval = 120
    ) throws -> (status: Int32, kib: Int) {
        let script = """
            import resource, subprocess, sys
            with open(sys.argv[1], "wb") as out:
                status = subprocess.run(sys.argv[2:], stdout=out).returncode
            print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let result = try Shell.run(
            ["python3", "-c", script, output] + arguments, environment: environment, timeout: timeout)
        let fields = result.stdout.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard !result.timedOut, result.status == 0, fields.count == 2 else {
            throw ShellError(command: arguments, result: result)
        }
        return (Int32(truncatingIfNeeded: fields[0]), fields[1])
    }
}
