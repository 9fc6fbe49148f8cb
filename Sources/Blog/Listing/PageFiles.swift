import Foundation

/// Every page file of a site, read and handed to a visitor on the worker that read it — the
/// listing's walk without its parsing, for work over the text of all posts (search, link checks).
/// What the listing would show is visited (`sections`: and sections' `_index.md` pages, whose text
/// search reads); a file reached through a link that leads out of the site is never read.
public enum PageFiles {
    /// Calls `visit(path, bytes)` for every page (site-relative path, the whole file), on every
    /// core; returns the non-nil results, in no particular order.
    public static func each<T: Sendable>(
        in site: Site, sections: Bool = false, _ visit: @escaping @Sendable (String, [UInt8]) -> T?
    ) -> [T] {
        if case .jekyll(let config) = site.kind {
            let root = site.root
            let candidates = JekyllScanner(root: root, config: config).candidates()
            return ParallelMap.map(candidates) { candidate -> T? in
                let file = root + "/" + candidate.path
                guard let bytes = readInside(file, root: root) else { return nil }
                guard candidate.kind != .page || JekyllPostReader.startsWithFrontMatterLine(bytes) else { return nil }
                return visit(candidate.path, bytes)
            }.compactMap { $0 }
        }
        var scanner = ContentScanner(site: site, listings: nil)
        scanner.includesSectionIndexes = sections
        let root = site.root
        let (batches, _, _) = scanner.scan { location, directory -> T? in
            let bytes: [UInt8]?
            if location.throughLink {
                // Reached through a link (the file's or a folder's on the way): read only when,
                // every link followed, it is inside the site.
                let file = root + "/" + location.path
                bytes = SiteContainment.isInside(file, site: root) ? WholeFile.read(file) : nil
            } else {
                bytes = WholeFile.read(opening: directory.open(location.fileName, flags: O_RDONLY | O_CLOEXEC))?.bytes
            }
            return bytes.flatMap { visit(location.path, $0) }
        }
        return batches.flatMap { $0.compactMap { $0 } }
    }

    /// The file's bytes unless it is a link leading out of the site (a Jekyll candidate: the
    /// scanner never enters a linked folder).
    private static func readInside(_ file: String, root: String) -> [UInt8]? {
        var info = stat()
        if lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, !SiteContainment.isInside(file, site: root) {
            return nil
        }
        return WholeFile.read(file)
    }
}
