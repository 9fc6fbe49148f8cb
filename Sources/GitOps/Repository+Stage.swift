import CGit2
import Foundation

extension Repository {
    /// Stages exactly `paths` (files or directories, relative to the work tree): every file under
    /// a directory is added (new, modified), index entries whose file is gone are removed, ignored
    /// files are skipped. Work is proportional to the paths, not to the repository. Returns the
    /// index (the caller writes the tree and the index).
    func stage(_ paths: [String], in index: OpaquePointer) throws(GitError) {
        guard let workdir = workingDirectory else {
            throw GitError(kind: .other, operation: "stage", message: "the repository has no work tree (it is bare)")
        }
        for raw in paths {
            let path = Self.normalized(raw)
            try Self.requireInside(path, workdir: workdir)
            let full = workdir + path
            var info = stat()
            // lstat: a symlink (to a folder anywhere) is staged as a symlink, never followed.
            if lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                for file in Self.files(under: full, relativeTo: workdir) where !isIgnored(file) {
                    try check(git_index_add_bypath(index, file), "git_index_add_bypath")
                }
                try removeVanished(under: path + "/", in: index, workdir: workdir)
            } else if Self.exists(full) {
                if info.st_mode & S_IFMT == S_IFLNK {
                    // A folder that became a link: its old files are gone from the commit.
                    try removeVanished(under: path + "/", in: index, workdir: workdir, all: true)
                }
                try check(git_index_add_bypath(index, path), "git_index_add_bypath")
            } else {
                if git_index_get_bypath(index, path, 0) != nil {
                    try check(git_index_remove_bypath(index, path), "git_index_remove_bypath")
                }
                try removeVanished(under: path + "/", in: index, workdir: workdir)
            }
        }
    }

    /// The one rule for what a commit may take from the disk: `path` (relative to the work tree)
    /// must stay inside it as written (no `..`, not absolute, not in `.git`) and must not lie
    /// beyond a symbolic link — a symlinked folder is committed as the link (mode 120000), and
    /// nothing is ever read through it from outside the repository (git refuses the same:
    /// "beyond a symbolic link").
    static func requireInside(_ path: String, workdir: String) throws(GitError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        if path.hasPrefix("/") || components.contains("..") || components.first == ".git" || components.contains(".git")
        {
            throw GitError(
                kind: .unsupportedState, operation: "stage", message: "\(path) is outside the repository's work tree")
        }
        var current = workdir.hasSuffix("/") ? String(workdir.dropLast()) : workdir
        for component in components.dropLast() {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw GitError(
                    kind: .unsupportedState, operation: "stage",
                    message:
                        "\(path) is beyond a symbolic link (\(current.dropFirst(workdir.count))): nakedblog does not commit files through a link"
                )
            }
        }
    }

    /// Stages everything in the work tree (`git add --all`).
    func stageAll(in index: OpaquePointer) throws(GitError) {
        let (added, updated) = withPathspec(["*"]) { pathspec in
            var spec = pathspec!
            let added = git_index_add_all(index, &spec, GIT_INDEX_ADD_DEFAULT.rawValue, nil, nil)
            guard added == 0 else { return (added, Int32(0)) }
            return (added, git_index_update_all(index, &spec, nil, nil))
        }
        try check(added, "git_index_add_all")
        try check(updated, "git_index_update_all")
    }

    /// Removes index entries under `prefix` whose files no longer exist (`all`: every one).
    private func removeVanished(under prefix: String, in index: OpaquePointer, workdir: String, all: Bool = false)
        throws(GitError)
    {
        var position = 0
        guard git_index_find_prefix(&position, index, prefix) == 0 else { git_error_clear(); return }
        var gone: [String] = []
        let count = git_index_entrycount(index)
        while position < count, let entry = git_index_get_byindex(index, position), let cPath = entry.pointee.path {
            let path = String(cString: cPath)
            guard path.hasPrefix(prefix) else { break }
            if all || !Self.exists(workdir + path) { gone.append(path) }
            position += 1
        }
        for path in gone { try check(git_index_remove_bypath(index, path), "git_index_remove_bypath") }
    }

    /// Whether git ignores `path` (relative to the work tree, or absolute inside it).
    public func isIgnored(_ path: String) -> Bool {
        var ignored: Int32 = 0
        guard git_ignore_path_is_ignored(&ignored, handle, path) == 0 else { git_error_clear(); return false }
        return ignored == 1
    }

    /// Files (and symlinks) under `directory`, as paths relative to `root`; `.git` entries skipped.
    /// A nested repository (a submodule, or a clone inside the bundle) is listed as its directory,
    /// which `git_index_add_bypath` stages as a gitlink — never its files.
    static func files(under directory: String, relativeTo root: String) -> [String] {
        var result: [String] = []
        var pending = [directory]
        while let current = pending.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names.sorted() where name != ".git" {
                let full = current + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    if exists(full + "/.git") {
                        result.append(String(full.dropFirst(root.count)))
                    } else {
                        pending.append(full)
                    }
                } else {
                    result.append(String(full.dropFirst(root.count)))
                }
            }
        }
        return result
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Without `./`, a leading `/` or a trailing `/`.
    static func normalized(_ path: String) -> String {
        var result = Substring(path)
        while result.hasPrefix("./") { result = result.dropFirst(2) }
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
