import Foundation

/// Walks a site's content directories and finds every regular page, as Hugo would:
/// leaf bundles (`index.md`, `index.<lang>.md` plus resources), single-file pages, and
/// per-language content directories. `_index.md` files are sections, not pages.
struct ContentScanner {
    let site: Site
    /// Directory listings remembered from earlier runs (see `ListingCache`); nil reads every directory.
    var listings: ListingCache? = nil
    /// Visit sections' `_index.md` pages too (search and the link check read them; the listing,
    /// whose rows are posts, does not).
    var includesSectionIndexes = false

    /// Walks the content directories level by level (each level's directories read in parallel)
    /// and calls `visit` on every page found, on the worker that found it, with the page's
    /// directory still open (so the page can be opened relative to it). Returns the visits'
    /// results in batches (one per worker and level, in walking order), the problems met, and
    /// the listings read (for `ListingCache.save`).
    func scan<T: Sendable>(_ visit: @escaping @Sendable (PostReader.Location, DirectoryHandle) -> T)
        -> (batches: [[T]], problems: [ContentError], listings: [ListingRecords])
    {
        var batches: [[T]] = []
        var problems: [ContentError] = []
        var records: [ListingRecords] = []
        var visited = Set<DirectoryID>()
        var level: [Siblings] = []
        for root in site.config.contentRoots {
            let absolute = site.absolute(root.dir)
            guard let id = DirectoryID(absolute), isDirectory(absolute) else {
                problems.append(
                    ContentError(
                        file: root.dir, problem: "the content directory does not exist",
                        hint:
                            "Create it (`mkdir -p \(root.dir)`) or fix contentDir in \(site.config.files.first ?? "the site config")"
                    ))
                continue
            }
            visited.insert(id)
            level.append(
                Siblings(
                    parentDir: "", parent: nil, root: Root(dir: root.dir, language: root.language), names: [root.dir]))
        }
        let scanner = self
        while !level.isEmpty {
            // This level's directories by position, (group, name): no value per directory.
            let current = level
            level = []
            var positions: [(group: Int32, name: Int32)] = []
            positions.reserveCapacity(current.reduce(0) { $0 + $1.names.count })
            for (group, siblings) in current.enumerated() {
                for name in siblings.names.indices { positions.append((Int32(group), Int32(name))) }
            }
            let places = positions
            // Each worker claims chunks of this level's directories and keeps what it finds in its
            // own arrays (the order is the index's to decide).
            let shares = ParallelMap.claiming(places.count, chunk: 64) {
                next -> (
                    found: [T], children: [Siblings], links: [String], problems: [ContentError], records: ListingRecords
                ) in
                var found: [T] = []
                // Most directories hold one page: no regrowing.
                found.reserveCapacity(places.count / ParallelMap.cores + 64)
                var children: [Siblings] = []
                var links: [String] = []
                var problems: [ContentError] = []
                var records = ListingRecords()
                while let range = next() {
                    for index in range {
                        let siblings = current[Int(places[index].group)]
                        let name = siblings.names[Int(places[index].name)]
                        let dir = siblings.parentDir.isEmpty ? name : siblings.parentDir + "/" + name
                        guard
                            let (directory, entries) = scanner.enter(
                                name, at: dir, in: siblings.parent, records: &records)
                        else {
                            problems.append(
                                ContentError(
                                    file: dir, problem: "cannot read this directory", hint: "Check its permissions"))
                            continue
                        }
                        let scan = scanner.scanDirectory(
                            dir, root: siblings.root, entries: entries, throughLink: siblings.throughLink)
                        problems += scan.problems
                        if scan.locations.count > 64 {
                            // A flat section (thousands of single-file pages in one directory): its pages
                            // are read on every core, not by the one worker that listed it.
                            found += ParallelMap.map(scan.locations) { visit($0, directory) }
                        } else {
                            for location in scan.locations { found.append(visit(location, directory)) }
                        }
                        guard !scan.subdirectories.isEmpty else { continue }
                        // Folders reached through a link are walked apart: everything under them is
                        // marked. (Most directories hold no link: one list, no second pass.)
                        if !scan.subdirectories.contains(where: \.isSymbolicLink) {
                            children.append(
                                Siblings(
                                    parentDir: dir, parent: directory, root: siblings.root,
                                    names: scan.subdirectories.map(\.name),
                                    throughLink: siblings.throughLink))
                        } else {
                            let plain = scan.subdirectories.filter { !$0.isSymbolicLink }.map(\.name)
                            let linked = scan.subdirectories.filter(\.isSymbolicLink).map(\.name)
                            if !plain.isEmpty {
                                children.append(
                                    Siblings(
                                        parentDir: dir, parent: directory, root: siblings.root, names: plain,
                                        throughLink: siblings.throughLink))
                            }
                            children.append(
                                Siblings(
                                    parentDir: dir, parent: directory, root: siblings.root, names: linked,
                                    throughLink: true))
                        }
                        for subdirectory in scan.subdirectories where subdirectory.isSymbolicLink {
                            links.append(dir + "/" + subdirectory.name)
                        }
                    }
                }
                return (found, children, links, problems, records)
            }
            // readdir's d_type says which entries are links: only those need a look, made here,
            // where `visited` is kept.
            var loops = Set<String>()
            for share in shares {
                for link in share.links
                where !(DirectoryID(site.absolute(link)).map { visited.insert($0).inserted } ?? false) {
                    problems.append(
                        ContentError(
                            file: link, problem: "this directory was already visited (a symbolic link loop?)",
                            hint: "Remove the symbolic link that points back into the content directory"))
                    loops.insert(link)
                }
            }
            for share in shares {
                batches.append(share.found)
                problems += share.problems
                records.append(share.records)
                for var siblings in share.children {
                    if !loops.isEmpty { siblings.names.removeAll { loops.contains(siblings.parentDir + "/" + $0) } }
                    level.append(siblings)
                }
            }
        }
        return (batches, problems, records)
    }

    /// The directory `name` (at `dir`, inside `parent`; a content root when `parent` is nil) and
    /// its entries. When the listing cache knows the directory unchanged its entries come from
    /// there and it is not even opened (only `stat`ed); else it is opened and read, and its
    /// listing goes into `records`. Nil if it cannot be opened.
    func enter(
        _ name: String, at dir: String, in parent: DirectoryHandle?,
        records: inout ListingRecords
    ) -> (DirectoryHandle, [DirectoryListing.Entry])? {
        /// The remembered entries of the directory `info` describes, noted for the next cache file.
        func remembered(_ info: stat?) -> [DirectoryListing.Entry]? {
            guard let info, let listings, let known = listings.entries(for: info) else { return nil }
            listings.keep(known.record, in: &records)
            return known.entries
        }
        if let parent, listings != nil, parent.shortReadEnds, let entries = remembered(parent.status(of: name)) {
            return (DirectoryHandle(reaching: name, in: parent), entries)
        }
        guard
            let directory = parent.map({ DirectoryHandle(name: name, in: $0) })
                ?? DirectoryHandle(path: site.absolute(dir))
        else {
            return nil
        }
        // Its times are taken from the open directory, before its entries are read: a change
        // made meanwhile moves them past what is recorded, so the record is never trusted again.
        let info = listings != nil && directory.shortReadEnds ? directory.status() : nil
        if let entries = remembered(info) { return (directory, entries) }
        let listing = directory.listing()
        if let info, let listings, listings.canRemember(info, plain: listing.plain) {
            records.add(info, entries: listing.entries)
        }
        return (directory, listing.entries)
    }

    /// Subdirectories of one walked directory, waiting for the next level: their parent's
    /// site-root-relative path, the parent itself (held open until every child is walked; nil for
    /// the content roots, opened by path), and their names. One value per parent, not per child:
    /// queueing 20,000 directories a value each was much of the walk's single-threaded time.
    struct Siblings: Sendable {
        let parentDir: String
        let parent: DirectoryHandle?
        let root: Root
        var names: [String]
        /// Reached through a symbolic link (it may lead outside the site).
        var throughLink = false
    }

    /// A content root and the language it fixes.
    struct Root: Sendable {
        let dir: String
        let language: String?
    }

    /// What one directory holds: pages, subdirectories to walk, problems.
    struct DirectoryScan: Sendable {
        var locations: [PostReader.Location] = []
        /// Subdirectories to walk (names), and whether each is a symbolic link.
        var subdirectories: [(name: String, isSymbolicLink: Bool)] = []
        var problems: [ContentError] = []
    }

    /// Sorts one directory's entries (in the directory's own order: pages are ordered by the
    /// index, only a bundle's resources need the names sorted) into a leaf bundle (its index files
    /// and resources) or a list of pages and subdirectories.
    func scanDirectory(_ relative: String, root: Root, entries: [DirectoryListing.Entry], throughLink: Bool = false)
        -> DirectoryScan
    {
        var result = DirectoryScan()
        var entries = entries
        let tuple = (dir: root.dir, language: root.language)
        if entries.contains(where: { !$0.isDirectory && ContentFileName.isLeafIndex($0.name) }) {
            if entries.count > 1 { entries.sort { $0.name < $1.name } }  // sorting copies (the caller holds them too)
            let leafIndexes = entries.filter { !$0.isDirectory && ContentFileName.isLeafIndex($0.name) }
            let absolute = site.absolute(relative)
            var bundleResources: [String] = []
            for entry in entries where entry.name.utf8.first != UInt8(ascii: ".") {
                if entry.isDirectory {
                    bundleResources += DirectoryListing.files(
                        under: absolute + "/" + entry.name, prefix: entry.name + "/")
                } else if !ContentFileName.isLeafIndex(entry.name) {
                    bundleResources.append(entry.name)
                }
            }
            for entry in leafIndexes {
                result.locations.append(
                    makeLocation(
                        path: relative + "/" + entry.name, root: tuple, isBundle: true, resources: bundleResources,
                        throughLink: throughLink || entry.isSymbolicLink))
            }
            return result
        }
        for entry in entries where entry.name.utf8.first != UInt8(ascii: ".") {
            if !entry.nameIsUTF8 {
                // Its name cannot be kept as text (nor opened again by it): said, not dropped.
                result.problems.append(
                    ContentError(
                        file: relative + "/" + entry.name,
                        problem:
                            "this name is not valid UTF-8 (its bad bytes are shown as \u{FFFD}), so it is not listed",
                        hint: "Rename it to a UTF-8 name (for example with `mv` in a UTF-8 terminal)"))
                continue
            }
            if entry.isDirectory {
                result.subdirectories.append((entry.name, entry.isSymbolicLink))
            } else if ContentFileName.isContent(entry.name)
                && (includesSectionIndexes || !ContentFileName.isBranchIndex(entry.name))
            {
                result.locations.append(
                    makeLocation(
                        path: relative + "/" + entry.name, root: tuple, isBundle: false, resources: [],
                        throughLink: throughLink || entry.isSymbolicLink))
            }
        }
        return result
    }

    /// The location of one content file (for refreshing after a change), or nil if it is not a page.
    func location(of path: String) -> PostReader.Location? {
        let name = (path as NSString).lastPathComponent
        guard ContentFileName.isContent(name), !ContentFileName.isBranchIndex(name),
            let root = site.config.contentRoots.filter({ path.hasPrefix($0.dir + "/") }).max(by: {
                $0.dir.count < $1.dir.count
            })
        else { return nil }
        let directory = (path as NSString).deletingLastPathComponent
        if ContentFileName.isLeafIndex(name) {
            return makeLocation(path: path, root: root, isBundle: true, resources: resources(in: directory))
        }
        // A non-index file inside a leaf bundle is a resource, not a page.
        var parent = directory
        while parent.count > root.dir.count {
            if directoryHasLeafIndex(parent) { return nil }
            parent = (parent as NSString).deletingLastPathComponent
        }
        return makeLocation(path: path, root: root, isBundle: false, resources: [])
    }

    private func makeLocation(
        path: String, root: (dir: String, language: String?), isBundle: Bool,
        resources: [String], throughLink: Bool = false
    ) -> PostReader.Location {
        let name =
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map {
                String(Substring(path.utf8[path.utf8.index(after: $0)...]))
            } ?? path
        let lang =
            root.language ?? ContentFileName.language(of: name, config: site.config)
            ?? site.config.defaultContentLanguage
        var location = PostReader.Location(
            path: path, contentRoot: root.dir, lang: lang, isBundle: isBundle, resources: resources)
        location.throughLink = throughLink
        return location
    }

    /// Every file under a bundle directory except its index files, relative to it.
    private func resources(in bundle: String) -> [String] {
        DirectoryListing.files(under: site.absolute(bundle)).filter {
            $0.contains("/") || !ContentFileName.isLeafIndex($0)
        }
    }

    private func directoryHasLeafIndex(_ relative: String) -> Bool {
        (DirectoryListing.entries(site.absolute(relative)) ?? []).contains { ContentFileName.isLeafIndex($0.name) }
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// A directory's device and inode, to notice symbolic link loops.
struct DirectoryID: Hashable {
    let device: UInt64
    let inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
