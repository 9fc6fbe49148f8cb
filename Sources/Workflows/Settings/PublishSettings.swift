import Blog
import ChildProcesses
import Foundation
import TOMLKit

/// The `[publish]` table of the config file (`$XDG_CONFIG_HOME/nakedblog/config.toml`): what the
/// app and `publish`/`check` share about the build check.
///
/// ```toml
/// [publish]
/// check = "build"            # build the site before publishing ("off": never)
/// check_timeout = 120        # seconds before a build check is stopped
/// untrusted = false          # true: no plugins or programs of the site's run (always so with --restricted)
/// check_memory_mib = 2048    # an untrusted check's address-space ceiling (MiB)
/// check_processes = 4096     # an untrusted check's ceiling on processes and threads
/// ```
public struct PublishSettings: Sendable, Equatable {
    /// `check = "build" | "off"`: whether a publish builds the site first.
    public var buildCheck = true
    /// `check_timeout`: seconds before a build check is stopped.
    public var checkTimeout = BuildPolicy.defaultTimeout
    /// `untrusted = true`: build the site as untrusted code (always so with `--restricted`).
    public var untrustedBuild = false
    /// `check_memory_mib`: an untrusted check's address-space ceiling.
    public var checkMemoryMiB = BuildPolicy.defaultMemoryMiB
    /// `check_processes`: an untrusted check's ceiling on processes and threads.
    public var checkProcesses = BuildPolicy.defaultProcesses

    public init() {}

    /// A problem in the config file, said so the user can fix it.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// The config file's path.
    public static func file(environment: [String: String]) -> String {
        XDGDirectory.config(environment) + "/config.toml"
    }

    /// The `[publish]` settings of the config file; defaults when there is none (or no such table).
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Problem)
        -> PublishSettings
    {
        let path = file(environment: environment)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return PublishSettings() }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch {
            throw Problem(
                description: "\(path): not valid TOML: \(error). Fix the file, or move it away to use the defaults.")
        }
        return try parse(table["publish"], file: path)
    }

    /// Reads a `[publish]` table (nil: the defaults).
    public static func parse(_ publish: TOMLValueConvertible?, file: String) throws(Problem) -> PublishSettings {
        var settings = PublishSettings()
        guard let publish else { return settings }
        let help =
            "`[publish]` takes check = \"build\" or \"off\" (build the site before publishing), check_timeout = 120 "
            + "(seconds before a build check is stopped), untrusted = true (build the site as untrusted code: no plugins, no programs), "
            + "check_memory_mib = 2048 and check_processes = 4096 (an untrusted check's ceilings)"
        guard let table = publish.table,
            table.keys.allSatisfy({
                ["check", "check_timeout", "untrusted", "check_memory_mib", "check_processes"].contains($0)
            }),
            let check = table["check"]?.string ?? (table["check"] == nil ? "build" : nil),
            ["build", "off"].contains(check)
        else {
            throw Problem(description: "\(file): \(help).")
        }
        settings.buildCheck = check == "build"
        if let timeout = table["check_timeout"] {
            guard let seconds = timeout.int, (1...3600).contains(seconds) else {
                throw Problem(
                    description:
                        "\(file): `check_timeout` must be a whole number of seconds from 1 to 3600, e.g. check_timeout = 120."
                )
            }
            settings.checkTimeout = Double(seconds)
        }
        if let memory = table["check_memory_mib"] {
            guard let mib = memory.int, (256...1_048_576).contains(mib) else {
                throw Problem(
                    description:
                        "\(file): `check_memory_mib` must be a whole number of MiB from 256 to 1048576, e.g. check_memory_mib = 2048."
                )
            }
            settings.checkMemoryMiB = mib
        }
        if let processes = table["check_processes"] {
            guard let count = processes.int, (16...1_000_000).contains(count) else {
                throw Problem(
                    description:
                        "\(file): `check_processes` must be a whole number from 16 to 1000000, e.g. check_processes = 4096."
                )
            }
            settings.checkProcesses = count
        }
        if let untrusted = table["untrusted"] {
            guard let value = untrusted.bool else {
                throw Problem(description: "\(file): `untrusted` must be true or false.")
            }
            settings.untrustedBuild = value
        }
        return settings
    }

    /// Whether publishing builds the site first: the site's git config (`nakedblog.check`) wins
    /// over the config file.
    public func buildsBeforePublishing(siteSetting: String?) -> Bool {
        switch siteSetting?.lowercased() {
        case "off", "false", "no": false
        case "build", "true", "yes": true
        default: buildCheck
        }
    }

    /// The build check's policy under these settings (`restricted`: always sandboxed).
    public func buildPolicy(restricted: Bool = false, stopper: ProcessStopper = ProcessStopper()) -> BuildPolicy {
        BuildPolicy(
            trust: BuildPolicy.trust(restricted: restricted, untrustedSetting: untrustedBuild), timeout: checkTimeout,
            stopper: stopper,
            memoryMiB: checkMemoryMiB, processes: checkProcesses)
    }
}
