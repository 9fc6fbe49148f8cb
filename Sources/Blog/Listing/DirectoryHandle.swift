import CScans

#if canImport(Glibc)
    import Glibc
#endif

/// A directory, open or reached through an open ancestor. What lies inside it is opened
/// relative to a descriptor (`openat`), so the kernel looks up one or two names instead of
/// walking the whole path again, and the entries of an open one are read with `getdents64`
/// straight from the descriptor (`fdopendir` added two system calls per directory). On a site of
/// 20,000 bundles these were a fifth of the listing's time. A directory whose entries are known
/// already (`ListingCache`) is never opened: what it holds is opened as `name/file` from the
/// nearest open ancestor. Closed when the last reference goes (children being walked keep their
/// parent open).
final class DirectoryHandle: Sendable {
    /// The descriptor to open things relative to: this directory's own, or its open ancestor's.
    let descriptor: Int32
    /// The way from `descriptor` to this directory, ending in `/`; empty when it is open itself.
    let prefix: String
    /// Whether a short read of its entries was the last (see `LocalFilesystem`): one system call
    /// fewer per directory. Decided where a tree is opened by path, inherited below.
    let shortReadEnds: Bool
    /// The open ancestor `descriptor` belongs to (kept open while this one is in use).
    private let ancestor: DirectoryHandle?

    /// Opens the directory at `path`; nil if it cannot be opened.
    init?(path: String) {
        descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0 { return nil }
        prefix = ""
        ancestor = nil
        shortReadEnds = LocalFilesystem.fillsDirectoryReads(descriptor: descriptor, path: path)
    }

    /// Opens the directory `name` inside `parent`; nil if it cannot be opened.
    init?(name: String, in parent: DirectoryHandle) {
        descriptor = parent.open(name, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0 { return nil }
        prefix = ""
        ancestor = nil
        shortReadEnds = parent.shortReadEnds
    }

    /// The directory `name` inside `parent`, not opened (its entries are known already).
    init(reaching name: String, in parent: DirectoryHandle) {
        descriptor = parent.descriptor
        prefix = parent.prefix + name + "/"
        ancestor = parent.prefix.isEmpty ? parent : parent.ancestor
        shortReadEnds = parent.shortReadEnds
    }

    deinit { if prefix.isEmpty { close(descriptor) } }

    /// Calls `body` with the path of `name` relative to `descriptor`, as a C string.
    private func withRelativePath<R>(_ name: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
        // withCString: passing the String straight to C made a copy of it (`utf8CString`).
        prefix.isEmpty ? name.withCString(body) : (prefix + name).withCString(body)
    }

    /// Opens `name` inside this directory (`openat` with `flags`); a descriptor, or -1 with errno set.
    func open(_ name: String, flags: Int32) -> Int32 {
        withRelativePath(name) { openat(descriptor, $0, flags) }
    }

    /// `stat` of `name` inside this directory (symbolic links followed); nil if it cannot be read.
    func status(of name: String) -> stat? {
        var info = stat()
        return withRelativePath(name) { fstatat(descriptor, $0, &info, 0) } == 0 ? info : nil
    }

    /// `stat` of this directory itself (only for one that is open).
    func status() -> stat? {
        precondition(prefix.isEmpty, "only an open directory")
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info : nil
    }

    /// The entries (no `.`/`..`), sorted by name unless `sorted` is false (then in the
    /// directory's own order: sorting 20,000 names is wasted when the caller orders results
    /// itself). Symbolic links are followed to decide whether an entry is a directory. Read once:
    /// the descriptor's position stays at the end.
    func entries(sorted: Bool) -> [DirectoryListing.Entry] {
        var entries = listing().entries
        if sorted { entries.sort { $0.name < $1.name } }
        return entries
    }

    /// The entries in the directory's own order, and whether each one's type came from the
    /// directory itself (`plain`: only directories and regular files, so the listing stays true
    /// for as long as the directory's own times do — a symbolic link's target may change alone).
    func listing() -> (entries: [DirectoryListing.Entry], plain: Bool) {
        precondition(prefix.isEmpty, "only an open directory is read")
        var entries: [DirectoryListing.Entry] = []
        var plain = true
        let capacity = 32 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = nb_getdents64(descriptor, buffer, UInt(capacity))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                // struct linux_dirent64: d_ino, d_off (8 bytes each), d_reclen (2), d_type (1), d_name.
                let record = buffer + offset
                let length = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                let type = record.load(fromByteOffset: 18, as: UInt8.self)
                offset += length
                let namePointer = (record + 19).assumingMemoryBound(to: CChar.self)
                if namePointer[0] == 0x2E && (namePointer[1] == 0 || (namePointer[1] == 0x2E && namePointer[2] == 0)) {
                    continue
                }
                let valid = String(validatingCString: namePointer)
                let name = valid ?? String(cString: namePointer)
                var isDirectory: Bool
                var isLink = false
                switch Int32(type) {
                case Int32(DT_DIR): isDirectory = true
                case Int32(DT_REG): isDirectory = false
                default:
                    plain = false
                    var info = stat()
                    isLink =
                        fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
                    isDirectory = fstatat(descriptor, name, &info, 0) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                }
                entries.append(
                    DirectoryListing.Entry(
                        name: name, isDirectory: isDirectory, isSymbolicLink: isLink, nameIsUTF8: valid != nil))
            }
            // Room left for the largest entry (280 bytes): on a filling filesystem that was all.
            if shortReadEnds && count < capacity - 512 { break }
        }
        return (entries, plain)
    }
}
