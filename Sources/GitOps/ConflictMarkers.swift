import CGit2
import Foundation

extension ConflictFile {
    /// The file with git's conflict markers (`<<<<<<< mine`, `=======`, `>>>>>>> remote`) around
    /// each clash and everything that merged cleanly in place, for resolving by hand.
    public func textWithMarkers(remoteName: String = "remote") -> String {
        GitLibrary.initialize()
        let base = self.base ?? Data(), mine = local ?? Data(), theirs = remote ?? Data()
        var options = git_merge_file_options()
        guard git_merge_file_options_init(&options, UInt32(GIT_MERGE_FILE_OPTIONS_VERSION)) == 0 else { return "" }
        var result = git_merge_file_result()
        let status: Int32 = base.withUnsafeBytes { basePointer in
            mine.withUnsafeBytes { minePointer in
                theirs.withUnsafeBytes { theirsPointer in
                    "base".withCString { baseLabel in
                        "mine".withCString { mineLabel in
                            remoteName.withCString { remoteLabel in
                                options.ancestor_label = baseLabel
                                options.our_label = mineLabel
                                options.their_label = remoteLabel
                                var a = Self.input(basePointer), o = Self.input(minePointer),
                                    t = Self.input(theirsPointer)
                                return git_merge_file(&result, &a, &o, &t, &options)
                            }
                        }
                    }
                }
            }
        }
        defer { git_merge_file_result_free(&result) }
        guard status == 0, let pointer = result.ptr else {
            git_error_clear(); return String(decoding: mine, as: UTF8.self)
        }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: result.len), as: UTF8.self)
    }

    private static func input(_ bytes: UnsafeRawBufferPointer) -> git_merge_file_input {
        var input = git_merge_file_input()
        git_merge_file_input_init(&input, UInt32(GIT_MERGE_FILE_INPUT_VERSION))
        input.ptr = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        input.size = bytes.count
        return input
    }
}

extension Publisher {
    /// How conflicts are resolved when the remote's changes clash with ours.
    public enum ConflictResolution: Sendable, Equatable {
        /// Every conflicting file takes one side.
        case side(ConflictSide)
        /// Per file (repository-relative path): one side, or content written by hand; a conflicting
        /// file missing from the map stops the publish with `.conflict` again.
        case files([String: FileResolution])
    }

    /// One file's resolution.
    public enum FileResolution: Sendable, Equatable {
        case local, remote
        case content(Data)
    }

    /// The files that conflict when replaying local commits onto the (already fetched)
    /// remote-tracking branch, with their three versions. Changes nothing.
    public static func conflictingFiles(repositoryAt path: String) throws(GitError) -> [ConflictFile] {
        GitLibrary.initialize()
        let repository = try Repository.open(at: path)
        let head = try repository.headState()
        guard let remote = repository.remoteName(for: head),
            let upstreamRef = repository.upstreamTrackingRef(remote: remote, head: head)
        else {
            return []
        }
        let rebase = try Rebase(
            repository: repository, upstreamRef: upstreamRef, environment: ProcessInfo.processInfo.environment)
        defer { rebase.abort() }
        if case .conflicts(let files) = try rebase.run() { return files }
        return []
    }
}
