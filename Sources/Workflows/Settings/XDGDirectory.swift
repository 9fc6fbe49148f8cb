import Foundation

/// nakedblog's directories under the XDG base directories: `$XDG_STATE_HOME/nakedblog`
/// (logs, recovery journals, recent sites), `$XDG_CONFIG_HOME/nakedblog` (config.toml) and
/// `$XDG_DATA_HOME/nakedblog` (the demo) and `$XDG_CACHE_HOME/nakedblog` (directory listings).
/// Relative values are ignored, as the spec says.
public enum XDGDirectory {
    public static func state(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        directory("XDG_STATE_HOME", default: ".local/state", environment)
    }

    public static func config(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        directory("XDG_CONFIG_HOME", default: ".config", environment)
    }

    public static func data(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        directory("XDG_DATA_HOME", default: ".local/share", environment)
    }

    public static func cache(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        directory("XDG_CACHE_HOME", default: ".cache", environment)
    }

    private static func directory(_ variable: String, default relative: String, _ environment: [String: String])
        -> String
    {
        if let base = environment[variable], base.hasPrefix("/") { return base + "/nakedblog" }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return home + "/" + relative + "/nakedblog"
    }
}
