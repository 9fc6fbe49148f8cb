import CGit2

#if canImport(Glibc)
    import Glibc
#endif

/// The objects a run of new commits adds, found by comparing each commit's tree with its
/// parent's and descending only into subtrees whose ids differ — the work follows the change,
/// not the repository (libgit2's push marks the whole old tree instead: 20,000 subtrees in a
/// 20,000-post blog). Every tree and blob that replaces one at the same path names it as a
/// delta base, which the receiver has (or gets earlier in the same pack).
struct ThinPackPlan {
    /// A tree or blob to send and the object it replaced at the same path, if any.
    struct Entry {
        var id: git_oid
        var base: git_oid?
    }

    /// The new commits, oldest first.
    private(set) var commits: [git_oid] = []
    /// Their new trees and blobs, in the order found (parents' before children's).
    private(set) var entries: [Entry] = []
    private var seen = Set<ObjectKey>()

    /// Plans `commits` (oldest first) whose parents are given alongside; `tree(of:)` reads a
    /// commit's tree id, `lookupTree` opens a tree (freed here).
    init(
        commits: [(commit: git_oid, tree: git_oid, parentTree: git_oid)],
        lookupTree: (git_oid) throws(GitError) -> OpaquePointer
    ) throws(GitError) {
        for item in commits {
            self.commits.append(item.commit)
            try addTree(item.tree, base: item.parentTree, lookupTree: lookupTree)
        }
    }

    private mutating func addTree(
        _ id: git_oid, base: git_oid?,
        lookupTree: (git_oid) throws(GitError) -> OpaquePointer
    ) throws(GitError) {
        guard seen.insert(ObjectKey(id)).inserted else { return }
        entries.append(Entry(id: id, base: base))
        let tree = try lookupTree(id)
        defer { git_tree_free(tree) }
        var old: OpaquePointer?
        if let base { old = try lookupTree(base) }
        defer { if let old { git_tree_free(old) } }
        let count = git_tree_entrycount(tree), oldCount = old.map { git_tree_entrycount($0) } ?? 0
        var oldIndex = 0
        for index in 0..<count {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            // Both trees are sorted the same way: step the old one up to this entry's name.
            var match: OpaquePointer?
            while oldIndex < oldCount, let candidate = git_tree_entry_byindex(old, oldIndex) {
                let order = Self.compare(candidate, entry)
                if order < 0 { oldIndex += 1; continue }
                if order == 0 { match = candidate; oldIndex += 1 }
                break
            }
            let entryID = git_tree_entry_id(entry)!
            if let match, git_oid_equal(git_tree_entry_id(match), entryID) != 0 { continue }
            let type = git_tree_entry_type(entry)
            let previous = match.flatMap { git_tree_entry_type($0) == type ? git_tree_entry_id($0)!.pointee : nil }
            switch type {
            case GIT_OBJECT_TREE:
                try addTree(entryID.pointee, base: previous, lookupTree: lookupTree)
            case GIT_OBJECT_BLOB:
                if seen.insert(ObjectKey(entryID.pointee)).inserted {
                    entries.append(Entry(id: entryID.pointee, base: previous))
                }
            default:
                break  // a submodule's commit lives in its own repository
            }
        }
    }

    /// Git's order of tree entries: by name bytes, a tree's name read as if it ended in "/".
    static func compare(_ a: OpaquePointer, _ b: OpaquePointer) -> Int32 {
        guard let nameA = git_tree_entry_name(a), let nameB = git_tree_entry_name(b) else { return 0 }
        let lengthA = strlen(nameA), lengthB = strlen(nameB)
        let common = min(lengthA, lengthB)
        let order = memcmp(nameA, nameB, common)
        if order != 0 { return order }
        func next(_ name: UnsafePointer<CChar>, _ length: Int, _ entry: OpaquePointer) -> Int32 {
            if length > common { return Int32(UInt8(bitPattern: name[common])) }
            return git_tree_entry_type(entry) == GIT_OBJECT_TREE ? 0x2F : 0
        }
        return next(nameA, lengthA, a) - next(nameB, lengthB, b)
    }
}

/// An object id as a hashable value.
struct ObjectKey: Hashable {
    private let high: UInt64, middle: UInt64, low: UInt32

    init(_ oid: git_oid) {
        var oid = oid
        (high, middle, low) = withUnsafeBytes(of: &oid.id) { raw in
            (
                raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
            )
        }
    }
}
