import CGit2

extension Repository {
    /// Clones `url` into `path` and returns the opened repository. Blocks the calling thread.
    ///
    /// This is the plain form used by tools and smoke tests; the app's clone (with progress,
    /// cancellation and credentials) builds on the same funnel.
    public static func clone(url: String, into path: String) throws(GitError) -> Repository {
        GitLibrary.initialize()
        var options = git_clone_options()
        try check(git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION)), "git_clone_options_init")
        var repo: OpaquePointer?
        try check(git_clone(&repo, url, path, &options), "git_clone")
        return Repository(taking: repo!)
    }
}
