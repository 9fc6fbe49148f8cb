import Foundation

/// Walks a site's content directories and finds every regular page, as Hugo would:
/// leaf bundles (`index.md`, `index.<lang>.md` plus resources), single-file pages, and
/// per-language content directories. `_index.md` files are sections, not pages.
struct ContentScanner {
    let site: Site

    /// Page locations, and problems with directories that could not be read.
    func scan() -> (locations: [PostReader.Location], problems: [ContentError]) {
        var locations: [PostReader.Location] = []
        var problems: [ContentError] = []
        var visited = Set<DirectoryID>()
        for root in site.config.contentRoots {
            let absolute = site.absolute(root.dir)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue else {
                problems.append(ContentError(file: root.dir, problem: "the content directory does not exist",
                                             hint: "Create it (`mkdir -p \(root.dir)`) or fix contentDir in \(site.config.files.first ?? "the site config")"))
                continue
            }
            walk(relative: root.dir, root: root, visited: &visited, into: &locations, problems: &problems)
        }
        return (locations, problems)
    }

    /// The location of one content file (for refreshing after a change), or nil if it is not a page.
    func location(of path: String) -> PostReader.Location? {
        let name = (path as NSString).lastPathComponent
        guard ContentFileName.isContent(name), !ContentFileName.isBranchIndex(name),
              let root = site.config.contentRoots.filter({ path.hasPrefix($0.dir + "/") }).max(by: { $0.dir.count < $1.dir.count })
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

    private func walk(relative: String, root: (dir: String, language: String?), visited: inout Set<DirectoryID>,
                      into locations: inout [PostReader.Location], problems: inout [ContentError]) {
        let absolute = site.absolute(relative)
        guard let id = DirectoryID(absolute), visited.insert(id).inserted else {
            problems.append(ContentError(file: relative, problem: "this directory was already visited (a symbolic link loop?)",
                                         hint: "Remove the symbolic link that points back into the content directory"))
            return
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: absolute).sorted()
        } catch {
            problems.append(ContentError(file: relative, problem: "cannot read this directory", hint: "Check its permissions"))
            return
        }
        let leafIndexes = names.filter(ContentFileName.isLeafIndex)
        if !leafIndexes.isEmpty {
            let bundleResources = resources(in: relative)
            for name in leafIndexes {
                locations.append(makeLocation(path: relative + "/" + name, root: root, isBundle: true, resources: bundleResources))
            }
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = relative + "/" + name
            if isDirectory(site.absolute(path)) {
                walk(relative: path, root: root, visited: &visited, into: &locations, problems: &problems)
            } else if ContentFileName.isContent(name) && !ContentFileName.isBranchIndex(name) {
                locations.append(makeLocation(path: path, root: root, isBundle: false, resources: []))
            }
        }
    }

    private func makeLocation(path: String, root: (dir: String, language: String?), isBundle: Bool,
                              resources: [String]) -> PostReader.Location {
        let name = (path as NSString).lastPathComponent
        let lang = root.language ?? ContentFileName.language(of: name, config: site.config) ?? site.config.defaultContentLanguage
        return PostReader.Location(path: path, contentRoot: root.dir, lang: lang, isBundle: isBundle, resources: resources)
    }

    /// Every file under a bundle directory except its index files, relative to it.
    private func resources(in bundle: String) -> [String] {
        let absolute = site.absolute(bundle)
        guard let enumerator = FileManager.default.enumerator(atPath: absolute) else { return [] }
        var found: [String] = []
        while let item = enumerator.nextObject() as? String {
            let name = (item as NSString).lastPathComponent
            if name.hasPrefix(".") { if isDirectory(absolute + "/" + item) { enumerator.skipDescendants() }; continue }
            if !item.contains("/") && ContentFileName.isLeafIndex(name) { continue }
            if !isDirectory(absolute + "/" + item) { found.append(item) }
        }
        return found.sorted()
    }

    private func directoryHasLeafIndex(_ relative: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: site.absolute(relative))) ?? []).contains(where: ContentFileName.isLeafIndex)
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
