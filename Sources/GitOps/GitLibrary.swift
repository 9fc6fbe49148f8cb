import CGit2

/// Process-wide libgit2 state.
public enum GitLibrary {
    /// Initialises libgit2 once, on first use (it loads TLS certificates: ~10 ms that commands
    /// which never touch git should not pay). Safe to call from any thread, any number of times.
    public static func initialize() {
        _ = initialized
    }

    private static let initialized: Bool = {
        git_libgit2_init()
        // Like git, do not re-hash every object read back from disk (fetched packs are verified
        // by the indexer as they arrive): checkout of a fresh clone gets ~40% faster.
        _ = nb_set_strict_hash_verification(0)
        return true
    }()

    /// Reads the user's global configuration (`.gitconfig`, identity, signing) from `directory`
    /// instead of `$HOME` as it was at start-up.
    public static func setGlobalConfigDirectory(_ directory: String) {
        initialize()
        _ = nb_set_global_config_directory(directory)
    }

    /// The linked libgit2's version, e.g. "1.5.1".
    public static var version: String {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        git_libgit2_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// Whether the linked libgit2 was built with HTTPS and SSH transports.
    public static var features: (https: Bool, ssh: Bool) {
        let flags = UInt32(bitPattern: git_libgit2_features())
        return (flags & GIT_FEATURE_HTTPS.rawValue != 0, flags & GIT_FEATURE_SSH.rawValue != 0)
    }
}
