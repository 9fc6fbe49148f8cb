import CScans

#if canImport(Glibc)
    import Glibc
#endif

/// Whether reading a directory can stop at the first short `getdents64` read. On ext4, xfs,
/// btrfs and tmpfs the kernel fills the buffer while entries remain, so a read that leaves room
/// for another entry was the last; a FUSE or NFS directory may return fewer entries than fit.
/// So only a tree on one of those, with nothing else mounted anywhere below it, qualifies.
enum LocalFilesystem {
    /// ext2/3/4, xfs, btrfs, tmpfs (`statfs.f_type`).
    static let fillingTypes: Set<Int> = [0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994]

    /// Whether every directory under the open directory `descriptor` (at `path`) fills its reads.
    static func fillsDirectoryReads(descriptor: Int32, path: String) -> Bool {
        guard fillingTypes.contains(nb_filesystem_type(descriptor)) else { return false }
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        guard let mounts = mountPoints else { return false }
        return !hasMount(below: String(cString: resolved), in: mounts)
    }

    /// Whether a mount point lies strictly below `root`.
    static func hasMount(below root: String, in mounts: [String]) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return mounts.contains { $0.hasPrefix(prefix) }
    }

    /// The mount points of this process (read once); nil if they cannot be read.
    static let mountPoints: [String]? = {
        guard let text = readSmallFile("/proc/self/mountinfo") else { return nil }
        return parseMountInfo(text)
    }()

    /// The fifth field of each line of `/proc/self/mountinfo`, with its octal escapes (`\040`) undone.
    static func parseMountInfo(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 4 else { return nil }
            return unescape(fields[4])
        }
    }

    private static func unescape(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        let raw = Array(field.utf8)
        var index = 0
        while index < raw.count {
            if raw[index] == 0x5C, index + 3 < raw.count,
                raw[(index + 1)...(index + 3)].allSatisfy({ (0x30...0x37).contains($0) })
            {
                bytes.append(
                    UInt8(
                        truncatingIfNeeded: Int(raw[index + 1] - 0x30) * 64 + Int(raw[index + 2] - 0x30) * 8
                            + Int(raw[index + 3] - 0x30)))
                index += 4
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            data += chunk[..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }
}
