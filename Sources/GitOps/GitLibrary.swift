import CGit2

/// Process-wide libgit2 state.
public enum GitLibrary {
    /// Initialises libgit2. Call once, early in `main` (further calls only bump a counter).
    public static func initialize() {
        git_libgit2_init()
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
