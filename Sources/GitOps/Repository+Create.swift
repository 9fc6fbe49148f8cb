import CGit2

extension Repository {
    /// Creates a repository at `path` (bare or with a work tree) whose first branch is `branch`.
    public static func create(at path: String, bare: Bool, branch: String = "main") throws(GitError) -> Repository {
        GitLibrary.initialize()
        var options = git_repository_init_options()
        try check(
            git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
            "git_repository_init_options_init")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | (bare ? GIT_REPOSITORY_INIT_BARE.rawValue : 0)
        var repo: OpaquePointer?
        let status: Int32 = branch.withCString { name in
            options.initial_head = name
            return git_repository_init_ext(&repo, path, &options)
        }
        try check(status, "git_repository_init_ext")
        return Repository(taking: repo!)
    }

    /// Adds a remote `name` with `url`.
    public func addRemote(_ name: String, url: String) throws(GitError) {
        var remote: OpaquePointer?
        try check(git_remote_create(&remote, handle, name, url), "git_remote_create")
        git_remote_free(remote)
    }

    /// Sets a configuration value in this repository's own config file.
    public func setConfig(_ key: String, _ value: String) throws(GitError) {
        var config: OpaquePointer?, local: OpaquePointer?
        try check(git_repository_config(&config, handle), "git_repository_config")
        defer { git_config_free(config) }
        try check(git_config_open_level(&local, config, GIT_CONFIG_LEVEL_LOCAL), "git_config_open_level")
        defer { git_config_free(local) }
        try check(git_config_set_string(local, key, value), "git_config_set_string")
    }
}

extension GitLibrary {
    /// Writes `user.name` and `user.email` to the user's global git configuration (~/.gitconfig),
    /// as `git config --global` would (the app asks for them when a commit finds none).
    public static func setGlobalIdentity(name: String, email: String) throws(GitError) {
        initialize()
        var config: OpaquePointer?, global: OpaquePointer?
        try check(git_config_open_default(&config), "git_config_open_default")
        defer { git_config_free(config) }
        let status = git_config_open_level(&global, config, GIT_CONFIG_LEVEL_GLOBAL)
        if status == GIT_ENOTFOUND.rawValue {
            git_error_clear()
            var path = git_buf()
            defer { git_buf_dispose(&path) }
            // No ~/.gitconfig yet: create it.
            if git_config_find_global(&path) < 0 { git_error_clear() }
            let file = path.ptr.map { String(cString: $0) } ?? (userHome + "/.gitconfig")
            try check(git_config_open_ondisk(&global, file), "git_config_open_ondisk")
        } else {
            try check(status, "git_config_open_level")
        }
        defer { git_config_free(global) }
        try check(git_config_set_string(global, "user.name", name), "git_config_set_string")
        try check(git_config_set_string(global, "user.email", email), "git_config_set_string")
    }
}
