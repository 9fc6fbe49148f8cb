import CGit2
import Foundation

extension Repository {
    /// Changed and untracked paths (untracked directories listed file by file), sorted; limited
    /// to `paths` (files or directories) when not empty.
    /// The uncommitted changes under `paths` (repository-relative files or folders) only.
    public func changes(under paths: [String]) throws(GitError) -> [StatusEntry] {
        guard !paths.isEmpty else { return [] }
        return try changedPaths(limitedTo: paths)
    }

    /// Status options: index and work tree, untracked files one by one, and `extra` flags.
    private func statusOptions(_ extra: UInt32) throws(GitError) -> git_status_options {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags =
            GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_RENAMES_HEAD_TO_INDEX.rawValue | extra
        return options
    }

    func changedPaths(limitedTo paths: [String]) throws(GitError) -> [StatusEntry] {
        var options = try statusOptions(GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue)
        var list: OpaquePointer?
        let status: Int32 = withPathspec(paths) { pathspec in
            if let pathspec { options.pathspec = pathspec }
            return git_status_list_new(&list, handle, &options)
        }
        try check(status, "git_status_list_new")
        defer { git_status_list_free(list) }
        var entries: [StatusEntry] = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee else { continue }
            entries.append(Self.entry(entry))
        }
        return entries
    }

    /// The moves in the work tree as git's rename detection sees them: a tracked file deleted
    /// and an untracked one of like content (a post moved in the shell: `mv old new`).
    public func workTreeMoves() throws(GitError) -> [(old: String, new: String)] {
        var options = try statusOptions(GIT_STATUS_OPT_RENAMES_INDEX_TO_WORKDIR.rawValue)
        var list: OpaquePointer?
        try check(git_status_list_new(&list, handle, &options), "git_status_list_new")
        defer { git_status_list_free(list) }
        var moves: [(old: String, new: String)] = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee,
                entry.status.rawValue & GIT_STATUS_WT_RENAMED.rawValue != 0,
                let delta = entry.index_to_workdir?.pointee,
                let old = delta.old_file.path.map({ String(cString: $0) }),
                let new = delta.new_file.path.map({ String(cString: $0) }), old != new
            else { continue }
            moves.append((old, new))
        }
        return moves
    }

    private static func entry(_ entry: git_status_entry) -> StatusEntry {
        let flags = entry.status.rawValue
        func has(_ flag: git_status_t) -> Bool { flags & flag.rawValue != 0 }
        var result = StatusEntry(path: "")
        if has(GIT_STATUS_CONFLICTED) { result.staged = .conflicted; result.unstaged = .conflicted }
        if has(GIT_STATUS_INDEX_NEW) { result.staged = .new }
        if has(GIT_STATUS_INDEX_MODIFIED) { result.staged = .modified }
        if has(GIT_STATUS_INDEX_DELETED) { result.staged = .deleted }
        if has(GIT_STATUS_INDEX_RENAMED) { result.staged = .renamed }
        if has(GIT_STATUS_INDEX_TYPECHANGE) { result.staged = .typeChanged }
        if has(GIT_STATUS_WT_NEW) { result.unstaged = .new }
        if has(GIT_STATUS_WT_MODIFIED) { result.unstaged = .modified }
        if has(GIT_STATUS_WT_DELETED) { result.unstaged = .deleted }
        if has(GIT_STATUS_WT_TYPECHANGE) { result.unstaged = .typeChanged }
        let headToIndex = entry.head_to_index?.pointee
        let indexToWorkdir = entry.index_to_workdir?.pointee
        let newPath = (indexToWorkdir?.new_file.path ?? headToIndex?.new_file.path).map { String(cString: $0) } ?? ""
        result.path = newPath
        if has(GIT_STATUS_INDEX_RENAMED), let old = headToIndex?.old_file.path.map({ String(cString: $0) }),
            old != newPath
        {
            result.oldPath = old
        }
        return result
    }

    /// Calls `body` with a `git_strarray` of `paths` (nil when empty), literal matching.
    func withPathspec<T>(_ paths: [String], _ body: (git_strarray?) -> T) -> T {
        guard !paths.isEmpty else { return body(nil) }
        var pointers: [UnsafeMutablePointer<CChar>?] = paths.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            body(git_strarray(strings: buffer.baseAddress, count: paths.count))
        }
    }
}
