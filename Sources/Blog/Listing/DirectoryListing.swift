import FrontMatter

#if canImport(Glibc)
    import Glibc
#endif

/// Fast directory reads with `readdir` (Foundation's `FileManager` costs a stat per entry).
enum DirectoryListing {
    struct Entry {
        let name: String
        let isDirectory: Bool
        /// A symbolic link (only these can lead back into a directory already walked).
        var isSymbolicLink = false
        /// False when the name's bytes are not UTF-8 (`name` then shows them as U+FFFD).
        var nameIsUTF8 = true
    }

    /// The entries of `path` (no `.`/`..`), sorted by name; nil if it cannot be read.
    /// Symbolic links are followed to decide whether an entry is a directory.
    static func entries(_ path: String) -> [Entry]? {
        DirectoryHandle(path: path)?.entries(sorted: true)
    }

    /// Files under `path`, relative to it, recursively (hidden entries skipped), sorted.
    static func files(under path: String, prefix: String = "") -> [String] {
        guard let entries = entries(path) else { return [] }
        var files: [String] = []
        for entry in entries where entry.name.utf8.first != UInt8(ascii: ".") {
            if entry.isDirectory {
                files += Self.files(under: path + "/" + entry.name, prefix: prefix + entry.name + "/")
            } else {
                files.append(prefix + entry.name)
            }
        }
        return files
    }

    /// Reads a whole file; nil if it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        WholeFile.read(path)
    }

    /// Reads a whole file with its modification time and size (from the same open file, so
    /// no second lookup of the path).
    static func readWithStamp(_ path: String) -> (bytes: [UInt8], stamp: FileStamp)? {
        readWithStamp(opening: open(path, O_RDONLY | O_CLOEXEC))
    }

    /// The same for the file `name` in an open directory (the kernel looks up one name, not a path).
    static func readWithStamp(_ name: String, in directory: DirectoryHandle) -> (bytes: [UInt8], stamp: FileStamp)? {
        readWithStamp(opening: directory.open(name, flags: O_RDONLY | O_CLOEXEC))
    }

    /// Reads the whole file `name` in an open directory whose filesystem ends a regular file's
    /// reads only at its end (`directory.shortReadEnds`): no `fstat` for its size, reads until
    /// one comes back short. Nil if it cannot be read (or is a directory).
    static func readWhole(_ name: String, in directory: DirectoryHandle) -> [UInt8]? {
        precondition(directory.shortReadEnds, "only where a short read is the end")
        let fd = directory.open(name, flags: O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var capacity = 16 * 1024
        var whole: [UInt8] = []
        while true {
            var failed = false, short = false
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count {
                    let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                    if n < 0 { if errno == EINTR { continue }; failed = true; return }
                    count += n
                    if n == 0 || count < buffer.count { short = true; return }
                }
            }
            if failed { return nil }
            if whole.isEmpty { whole = chunk } else { whole += chunk }
            if short { return whole }
            capacity *= 2
        }
    }

    /// Reads the file open at `fd` and closes it.
    private static func readWithStamp(opening fd: Int32) -> (bytes: [UInt8], stamp: FileStamp)? {
        WholeFile.read(opening: fd).map { ($0.bytes, FileStamp($0.info)) }
    }
}
