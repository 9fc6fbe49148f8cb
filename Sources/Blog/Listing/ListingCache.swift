import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The names in a site's content directories, remembered between runs so that a directory whose
/// entries have not changed is not opened and read again (opening, reading and closing 20,000
/// bundle directories was a third of listing a site). A remembered listing is used only while
/// the directory's inode, modification time and change time are exactly what they were: any
/// entry created, removed or renamed moves both times, and the change time cannot be set back
/// by any tool. Directories that changed within `settle` seconds of being read are not
/// remembered (a second change in the same clock tick would keep the times), nor are those
/// holding symbolic links or entries of unknown type (a link's target can change alone), nor
/// those on another device. Files' contents are never remembered: every page is still read.
///
/// One file per site under the given directory (`$XDG_CACHE_HOME/nakedblog/listings`); a missing,
/// foreign, truncated or corrupt file is ignored and replaced. Immutable once loaded, so workers
/// share it; what a scan learns goes into `ListingRecords` and is saved with `save(_:)`.
public final class ListingCache: Sendable {
    /// The cache file of this site.
    public let file: String
    /// The site root it belongs to.
    let root: String
    /// The device of the site root (inodes are per device).
    let device: UInt64
    /// Directories whose times are at or after this (ns since 1970) are not remembered.
    let settledBefore: Int64
    /// The loaded records (header and checksum stripped).
    private let bytes: [UInt8]
    /// Open addressing by inode: the offset of each record in `bytes`, plus one (0 = empty).
    private let slots: [Int32]
    /// How many records were loaded.
    let count: Int

    /// Loads the cache of the site at `root` from `directory` (an empty one if there is none or
    /// it cannot be used); nil if the site root cannot be examined.
    public init?(root: String, directory: String, settle: TimeInterval = 2, now: Date = Date()) {
        var info = stat()
        guard stat(root, &info) == 0 else { return nil }
        self.root = root
        device = UInt64(info.st_dev)
        file = directory + "/" + Self.name(for: root)
        settledBefore = Int64((now.timeIntervalSince1970 - settle) * 1e9)
        let loaded = Self.load(file, root: root, device: device) ?? (bytes: [], offsets: [])
        bytes = loaded.bytes
        count = loaded.offsets.count
        var capacity = 16
        while capacity < count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        for offset in loaded.offsets {
            var slot = Self.slot(Self.inode(in: loaded.bytes, at: offset), capacity)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(offset + 1)
        }
        self.slots = slots
    }

    /// The remembered entries of the directory `info` describes, if it has not changed, and its
    /// record (for `keep(_:in:)`).
    func entries(for info: stat) -> (entries: [DirectoryListing.Entry], record: Range<Int>)? {
        guard count > 0, UInt64(info.st_dev) == device else { return nil }
        let key = DirectoryKey(info)
        var slot = Self.slot(key.inode, slots.count)
        while slots[slot] != 0 {
            let offset = Int(slots[slot]) - 1
            if Self.inode(in: bytes, at: offset) == key.inode {
                return bytes.withUnsafeBufferPointer { buffer in
                    var reader = ByteReader(buffer, at: offset)
                    guard reader.key() == key, let entries = reader.entries() else { return nil }
                    return (entries, offset..<reader.position)
                }
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Whether the listing of the directory `info` describes may be remembered.
    func canRemember(_ info: stat, plain: Bool) -> Bool {
        let key = DirectoryKey(info)
        return plain && UInt64(info.st_dev) == device && key.modified < settledBefore && key.changed < settledBefore
    }

    /// Notes a record of this cache (a directory found unchanged) for the next file.
    func keep(_ record: Range<Int>, in records: inout ListingRecords) {
        records.kept.append((Int32(record.lowerBound), Int32(record.upperBound)))
    }

    /// Writes what a scan found, unless it is what the file holds already. Never fails the
    /// listing: a cache that cannot be written is only slower next time.
    func save(_ parts: [ListingRecords]) {
        let kept = parts.reduce(0) { $0 + $1.kept.count }, added = parts.reduce(0) { $0 + $1.added }
        guard added > 0 || kept != count else { return }
        var out = Self.magic
        out.reserveCapacity(bytes.count + parts.reduce(64 + root.utf8.count) { $0 + $1.bytes.count })
        ByteWriter.append(UInt32(root.utf8.count), to: &out)
        out += root.utf8
        ByteWriter.append(device, to: &out)
        for part in parts {
            for record in part.kept { out += bytes[Int(record.start)..<Int(record.end)] }
            out += part.bytes
        }
        ByteWriter.append(Self.checksum(out[...]), to: &out)
        let directory = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? AtomicFile.write(Data(out), to: file, permissions: 0o600)
        Self.removeUnused(in: directory)
    }

    /// Sites not listed for this long lose their cache file (sites deleted or moved would
    /// otherwise leave theirs forever).
    static let unusedAfter: TimeInterval = 30 * 24 * 3600

    /// Removes the cache files in `directory` that no listing has read or written for
    /// `unusedAfter` (read: the access time, which `relatime` mounts update once a day).
    static func removeUnused(in directory: String, now: Date = Date()) {
        for entry in DirectoryListing.entries(directory) ?? []
        where !entry.isDirectory && entry.name.hasSuffix(".listing") {
            let path = directory + "/" + entry.name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let used = max(TimeInterval(info.st_atim.tv_sec), TimeInterval(info.st_mtim.tv_sec))
            if now.timeIntervalSince1970 - used > unusedAfter { unlink(path) }
        }
    }

    // MARK: - File format
    // "NBLC" u32 version, u32 root length, root, u64 device, records…, u64 checksum of all before it.
    // A record: u64 inode, i64 modified ns, i64 changed ns, u32 entry count, then per entry
    // u8 flags (1 = directory), u16 name length, name bytes. Little-endian.

    static let magic: [UInt8] = Array("NBLC".utf8) + [1, 0, 0, 0]

    /// The file name for a site root: a hash of its path (one file per site).
    static func name(for root: String) -> String {
        String(checksum(Array(root.utf8)[...]), radix: 16) + ".listing"
    }

    /// The records of the file and where each starts, if the file belongs to this site and is whole.
    private static func load(_ file: String, root: String, device: UInt64) -> (bytes: [UInt8], offsets: [Int])? {
        guard let data = DirectoryListing.read(file), data.count >= magic.count + 4 + 8 + 8,
            data.starts(with: magic)
        else { return nil }
        let body = data[..<(data.count - 8)]
        let stored = data.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer, at: data.count - 8)
            return reader.uint64()
        }
        guard stored == checksum(body) else { return nil }
        return data.withUnsafeBufferPointer { buffer -> (bytes: [UInt8], offsets: [Int])? in
            var reader = ByteReader(UnsafeBufferPointer(rebasing: buffer[..<body.count]), at: magic.count)
            guard let length = reader.uint32(), let path = reader.bytes(Int(length)),
                path.elementsEqual(root.utf8), reader.uint64() == device
            else { return nil }
            let start = reader.position
            var offsets: [Int] = []
            while !reader.atEnd {
                offsets.append(reader.position - start)
                guard reader.key() != nil, reader.skipEntries() else { return nil }
            }
            return (Array(buffer[start..<body.count]), offsets)
        }
    }

    private static func slot(_ inode: UInt64, _ capacity: Int) -> Int {
        Int(truncatingIfNeeded: (inode &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity - 1)
    }

    private static func inode(in bytes: [UInt8], at offset: Int) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer, at: offset)
            return reader.uint64() ?? 0
        }
    }

    /// FNV-1a over 8-byte words (then the tail bytes): a guard against a truncated or damaged
    /// file, not against tampering.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            let words = raw.count / 8
            for index in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
            }
            for index in (words * 8)..<raw.count { hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3 }
            return hash
        }
    }
}

/// What one worker of a scan learned for the next cache file: records kept from the old one and
/// records of directories read afresh.
struct ListingRecords: Sendable {
    /// Records of directories read afresh.
    var bytes: [UInt8] = []
    var added = 0
    /// Where the records of directories found unchanged lie in the loaded cache.
    var kept: [(start: Int32, end: Int32)] = []

    /// Adds the listing of a directory read afresh.
    mutating func add(_ info: stat, entries: [DirectoryListing.Entry]) {
        let key = DirectoryKey(info)
        ByteWriter.append(key.inode, to: &bytes)
        ByteWriter.append(UInt64(bitPattern: key.modified), to: &bytes)
        ByteWriter.append(UInt64(bitPattern: key.changed), to: &bytes)
        ByteWriter.append(UInt32(entries.count), to: &bytes)
        for entry in entries {
            bytes.append(entry.isDirectory ? 1 : 0)
            ByteWriter.append(UInt16(entry.name.utf8.count), to: &bytes)
            bytes += entry.name.utf8
        }
        added += 1
    }
}

/// A directory as `stat` saw it: which one, and when its entries last changed.
struct DirectoryKey: Equatable {
    let inode: UInt64
    /// Modification and change times, in nanoseconds since 1970.
    let modified: Int64
    let changed: Int64

    init(inode: UInt64, modified: Int64, changed: Int64) {
        self.inode = inode
        self.modified = modified
        self.changed = changed
    }

    init(_ info: stat) {
        self.init(
            inode: UInt64(info.st_ino),
            modified: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec),
            changed: Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec))
    }
}

/// Little-endian integers appended to a byte array.
enum ByteWriter {
    static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}

/// Reads a cache file's bytes with bounds checks: every read past the end is nil, never a trap.
struct ByteReader {
    let buffer: UnsafeBufferPointer<UInt8>
    private(set) var position: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, at position: Int) {
        self.buffer = buffer
        self.position = position
    }

    var atEnd: Bool { position >= buffer.count }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard position >= 0, position + MemoryLayout<T>.size <= buffer.count else { return nil }
        let value = UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: position, as: T.self)
        position += MemoryLayout<T>.size
        return T(littleEndian: value)
    }

    mutating func uint64() -> UInt64? { integer(UInt64.self) }
    mutating func uint32() -> UInt32? { integer(UInt32.self) }

    mutating func bytes(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
        guard count >= 0, position + count <= buffer.count else { return nil }
        defer { position += count }
        return UnsafeBufferPointer(rebasing: buffer[position..<(position + count)])
    }

    mutating func key() -> DirectoryKey? {
        guard let inode = uint64(), let modified = uint64(), let changed = uint64() else { return nil }
        return DirectoryKey(inode: inode, modified: Int64(bitPattern: modified), changed: Int64(bitPattern: changed))
    }

    /// The entries of the record being read; nil if they run past the end.
    mutating func entries() -> [DirectoryListing.Entry]? {
        guard let count = uint32(), Int(count) <= buffer.count else { return nil }
        var entries: [DirectoryListing.Entry] = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let flags = integer(UInt8.self), let length = integer(UInt16.self), let name = bytes(Int(length))
            else { return nil }
            entries.append(
                DirectoryListing.Entry(name: String(decoding: name, as: UTF8.self), isDirectory: flags & 1 != 0))
        }
        return entries
    }

    /// Passes over the entries of the record being read; false if they run past the end.
    mutating func skipEntries() -> Bool {
        guard let count = uint32() else { return false }
        for _ in 0..<count {
            guard integer(UInt8.self) != nil, let length = integer(UInt16.self), bytes(Int(length)) != nil else {
                return false
            }
        }
        return true
    }
}
