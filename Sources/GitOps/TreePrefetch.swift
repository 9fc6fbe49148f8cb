import CGit2
import Foundation
import Synchronization

/// Reads every tree under one commit on another thread, so the repository's object cache holds
/// them before a push needs them.
///
/// libgit2's push marks the whole tree of the remote's commit as already there, reading every
/// subtree (20,000 of them in a 20,000-post blog; git reads only the changed paths). The reads
/// here go through the object database only — which libgit2 documents as thread-safe (since
/// 1.2) and which caches what it reads in its repository's object cache — so the push later
/// finds those trees parsed-ready instead of inflating them. Started before the commit is made,
/// it runs on the second core while the commit and the connection are under way. It changes
/// nothing: an unfinished prefetch only means the push reads the rest itself.
/// `@unchecked` for the object database pointer and the commit id (C values the thread reads,
/// never writes); the count it writes is atomic.
final class TreePrefetch: @unchecked Sendable {
    /// Kept alive until the thread is done: the cache being filled is the repository's.
    private let repository: Repository
    private let odb: OpaquePointer
    private let root: git_oid
    private let stop = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    /// How many trees were read (final after `finish()`).
    var treesRead: Int { readCount.load(ordering: .acquiring) }
    private let readCount = Atomic<Int>(0)

    /// Starts reading the trees of `commit` (nil when the object database cannot be opened).
    init?(repository: Repository, commit: git_oid) {
        var odb: OpaquePointer?
        guard git_repository_odb(&odb, repository.handle) == 0, let odb else { git_error_clear(); return nil }
        self.repository = repository
        self.odb = odb
        root = commit
        let thread = Thread { [self] in
            readTrees()
            done.signal()
        }
        thread.name = "nakedblog-tree-prefetch"
        thread.start()
    }

    /// Stops early if still reading and waits for the thread; call before the repository closes
    /// (the cache the reads fill belongs to it).
    func finish() {
        stop.store(true, ordering: .relaxed)
        waitAndClose()
    }

    /// Waits for every tree to be read (tests), then closes like `finish()`.
    func waitUntilRead() { waitAndClose() }

    private func waitAndClose() {
        done.wait()
        git_odb_free(odb)
    }

    private func readTrees() {
        var commitID = root
        guard let tree = read(&commitID, Self.treeOfCommit) ?? nil else { return }
        var pending = [tree]
        while var id = pending.popLast(), !stop.load(ordering: .relaxed) {
            guard let subtrees = read(&id, Self.subtrees) else { continue }
            readCount.add(1, ordering: .releasing)
            pending += subtrees
        }
    }

    /// Reads an object (through the cache, which keeps small objects) and looks at its bytes
    /// in place.
    private func read<T>(_ id: inout git_oid, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        var object: OpaquePointer?
        guard git_odb_read(&object, odb, &id) == 0, let object else { git_error_clear(); return nil }
        defer { git_odb_object_free(object) }
        return body(UnsafeRawBufferPointer(start: git_odb_object_data(object), count: git_odb_object_size(object)))
    }

    /// The `tree <hex>` line of a raw commit.
    static func treeOfCommit<Bytes: RandomAccessCollection<UInt8>>(_ commit: Bytes) -> git_oid?
    where Bytes.Index == Int {
        let prefix = Array("tree ".utf8)
        guard commit.count >= prefix.count + 40, commit.starts(with: prefix) else { return nil }
        var oid = git_oid()
        let start = commit.startIndex + prefix.count
        let hex = String(decoding: commit[start..<(start + 40)], as: UTF8.self)
        guard git_oid_fromstr(&oid, hex) == 0 else { git_error_clear(); return nil }
        return oid
    }

    /// The ids of the subtrees in a raw tree (`<mode> <name>\0<20-byte id>` entries; mode 40000).
    static func subtrees<Bytes: RandomAccessCollection<UInt8>>(_ tree: Bytes) -> [git_oid] where Bytes.Index == Int {
        var result: [git_oid] = []
        var index = tree.startIndex
        while index < tree.endIndex {
            guard let space = tree[index...].firstIndex(of: 0x20), let nul = tree[space...].firstIndex(of: 0),
                nul + 21 <= tree.endIndex
            else { break }
            let isTree = tree[index..<space].elementsEqual("40000".utf8)
            if isTree {
                var oid = git_oid()
                withUnsafeMutableBytes(of: &oid.id) { raw in
                    for offset in 0..<20 { raw[offset] = tree[nul + 1 + offset] }
                }
                result.append(oid)
            }
            index = nul + 21
        }
        return result
    }
}
