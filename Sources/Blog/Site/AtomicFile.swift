import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a crash or a full disk never leaves a half-written file: the data goes
/// to a temporary file in the same directory, is fsynced, then renamed (or linked, to never
/// replace an existing file) over the target. A target that is a symbolic link is written where
/// the link leads and stays a link (never silently turned into a file): callers check first, with
/// `SiteContainment`, that where it leads is theirs to write.
public enum AtomicFile {
    /// Why a write failed, in words for the user.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces (or creates) `path` atomically, keeping the existing file's permissions.
    public static func write(_ data: Data, to path: String, permissions: mode_t = 0o644) throws(Failure) {
        try write(data, to: path, permissions: permissions, replacing: true)
    }

    /// Creates `path` atomically; fails if it already exists (never overwrites).
    public static func create(_ data: Data, at path: String, permissions: mode_t = 0o644) throws(Failure) {
        try write(data, to: path, permissions: permissions, replacing: false)
    }

    private static func write(_ data: Data, to given: String, permissions: mode_t, replacing: Bool) throws(Failure) {
        guard let path = replacing ? SiteContainment.writeTarget(given) : given else {
            throw Failure(path: given, reason: "it is a loop of symbolic links")
        }
        let directory = (path as NSString).deletingLastPathComponent
        var mode = permissions
        var existing = stat()
        if stat(path, &existing) == 0 {
            guard replacing else { throw Failure(path: path, reason: "it already exists") }
            mode = existing.st_mode & 0o7777
        }
        let template = directory + "/.\((path as NSString).lastPathComponent).nakedblog-XXXXXX"
        var buffer = Array(template.utf8CString)
        let fd = mkstemp(&buffer)
        guard fd >= 0 else { throw Failure(path: path, reason: reason(errno)) }
        let temporary = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer { if !ok { unlink(temporary) } }
        fchmod(fd, mode)
        let written = data.withUnsafeBytes { raw -> Int in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return -1 }
                offset += n
            }
            return offset
        }
        let writeError = errno
        guard written == data.count else { close(fd); throw Failure(path: path, reason: reason(writeError)) }
        guard fsync(fd) == 0 else { let e = errno; close(fd); throw Failure(path: path, reason: reason(e)) }
        close(fd)
        if replacing {
            guard rename(temporary, path) == 0 else { throw Failure(path: path, reason: reason(errno)) }
        } else {
            guard link(temporary, path) == 0 else {
                throw Failure(path: path, reason: errno == EEXIST ? "it already exists" : reason(errno))
            }
            unlink(temporary)
        }
        ok = true
        let dirFD = open(directory, O_RDONLY)
        if dirFD >= 0 { fsync(dirFD); close(dirFD) }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied (check the file's and directory's permissions)"
        case EROFS: return "the file system is read-only"
        case ENOSPC, EDQUOT:
            return "the disk is full (free some space and save again; your text is still in the editor)"
        case ENOENT: return "the directory does not exist"
        default: return String(cString: strerror(code))
        }
    }
}
