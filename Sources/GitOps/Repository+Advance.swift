import CGit2
import Foundation

extension Repository {
    /// Moves `head`'s branch from `old` to `new` and updates the work tree and index for exactly
    /// the files that differ between the two commits. Refuses, changing nothing, when one of those
    /// files has uncommitted edits (or is an untracked file in the way): `.wouldOverwrite` naming them.
    func advance(_ head: HeadState, from old: git_oid, to new: inout git_oid, reflog: String) throws(GitError) {
        var oldID = old
        if git_oid_equal(&oldID, &new) == 1 { return }
        var oldCommit: OpaquePointer?, newCommit: OpaquePointer?
        try check(git_commit_lookup(&oldCommit, handle, &oldID), "git_commit_lookup")
        defer { git_commit_free(oldCommit) }
        try check(git_commit_lookup(&newCommit, handle, &new), "git_commit_lookup")
        defer { git_commit_free(newCommit) }
        let oldTree = try treeOf(oldCommit), newTree = try treeOf(newCommit)
        defer { git_tree_free(oldTree); git_tree_free(newTree) }
        let incoming = try changedFiles(from: oldTree!, to: newTree!)
        if !incoming.isEmpty {
            let edited = Set(try changedPaths(limitedTo: incoming).map(\.path))
            let blocked = incoming.filter { edited.contains($0) }
            if !blocked.isEmpty {
                var error = GitError(
                    kind: .wouldOverwrite, operation: "update work tree",
                    message:
                        "incoming commits change files you have edited but not committed: \(blocked.joined(separator: ", ")); publish or save them elsewhere first, then sync again"
                )
                error.paths = blocked
                throw error
            }
            try checkout(newTree!, baseline: oldTree!, paths: incoming)
        }
        try moveBranch(head, to: &new, from: old, reflog: reflog)
    }

    /// Writes `paths` of `tree` to the work tree and index (safe: never overwrites edits).
    private func checkout(_ tree: OpaquePointer, baseline: OpaquePointer, paths: [String]) throws(GitError) {
        var options = git_checkout_options()
        try check(
            git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue | GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue
        options.baseline = baseline
        let status: Int32 = withPathspec(paths) { spec in
            if let spec { options.paths = spec }
            return git_checkout_tree(handle, tree, &options)
        }
        try check(status, "git_checkout_tree")
    }
}

extension Repository {
    /// Creates the unborn branch at `commit` and checks it out (a sync into an empty clone).
    func checkoutFirst(branch: String, commit: inout git_oid) throws(GitError) {
        var object: OpaquePointer?
        try check(git_object_lookup(&object, handle, &commit, GIT_OBJECT_COMMIT), "git_object_lookup")
        defer { git_object_free(object) }
        var options = git_checkout_options()
        try check(
            git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue
        try check(git_checkout_tree(handle, object, &options), "git_checkout_tree")
        try moveBranch(.unborn(branch), to: &commit, from: nil, reflog: "sync: first checkout")
    }
}
