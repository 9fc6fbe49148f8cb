import ChildProcesses
import Foundation
import Synchronization

/// The release of the `hugo` on `PATH`, asked only where Hugo's releases read a site
/// differently (one `hugo version`, remembered per `PATH`).
public enum HugoRelease {
    private static let known = Mutex<[String: [Int]?]>([:])

    /// `[major, minor, patch]` of the `hugo` found on `environment`'s `PATH`; nil when there is
    /// none or it does not say.
    public static func onPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> [Int]? {
        let path = environment["PATH"] ?? ""
        if let cached = known.withLock({ $0[path] }) { return cached }
        var release: [Int]? = nil
        if let hugo = SiteBuild.program("hugo", environment: environment),
            let outcome = OwnedProcess.run(hugo, ["version"], environment: environment, timeout: 10),
            outcome.status == 0
        {
            release = parse(String(decoding: outcome.output, as: UTF8.self))
        }
        known.withLock { $0[path] = .some(release) }
        return release
    }

    /// `hugo v0.111.3-5d4eb…+extended linux/amd64 …` → `[0, 111, 3]`.
    static func parse(_ text: String) -> [Int]? {
        guard let start = text.range(of: " v") else { return nil }
        let numbers = text[start.upperBound...].prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap {
            Int($0)
        }
        return numbers.count >= 2 ? numbers : nil
    }

    /// Whether a YAML config's language key such as `no:` is read as YAML 1.1's boolean (the
    /// Norwegian pages then live under `/false/`): so up to Hugo 0.151; from 0.152 the key is
    /// the string. With no Hugo installed, as the current release does.
    public static func readsYAMLKeysAsBooleans(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Bool
    {
        guard let release = onPath(environment: environment) else { return false }
        return release.lexicographicallyPrecedes([0, 152])
    }
}
