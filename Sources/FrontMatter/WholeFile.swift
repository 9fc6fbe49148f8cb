#if canImport(Glibc)
    import Glibc
#endif

/// A whole file read straight into one array (no `Data` to copy from): the one reader for posts
/// and the site's files (`PageText.read`, Blog's listing and post readers).
package enum WholeFile {
    /// The bytes of the file at `path`; nil if it cannot be opened or read, or is a directory.
    package static func read(_ path: String) -> [UInt8]? {
        read(opening: open(path, O_RDONLY | O_CLOEXEC))?.bytes
    }

    /// Reads the file open at `fd` and closes it; returns its bytes and what `fstat` said of it
    /// (from the same open file, so no second lookup of the path). Nil as `read(_:)`.
    package static func read(opening fd: Int32) -> (bytes: [UInt8], info: stat)? {
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        var capacity = max(Int(info.st_size), 0) + 1
        while true {
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count {
                    let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                    if n < 0 { if errno == EINTR { continue }; failed = true; return }
                    if n == 0 { return }
                    count += n
                    // All that fstat promised arrived: done, without a second read to see the end
                    // (a file that grows meanwhile gets a new stamp, so the change is noticed).
                    if count == info.st_size && capacity == Int(info.st_size) + 1 { return }
                }
            }
            if failed { return nil }
            if bytes.count < capacity { return (bytes, info) }
            // The file grew while being read: read the rest into a bigger buffer.
            guard lseek(fd, 0, SEEK_SET) == 0 else { return nil }
            capacity *= 2
        }
    }
}
