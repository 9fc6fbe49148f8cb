import Foundation

/// Hugo's sections as the generator serves them: each `_index` page, and the files of its
/// branch bundle published beside its list page (`content/docs/setup/images/a.png` at
/// `/docs/setup/images/a.png`, once: under its page in its first language).
public enum HugoSections {
    /// The `_index` files of the site's content (site-relative, sorted), found from the folders
    /// alone (nothing is read); none reached through a link out of the site.
    public static func indexes(_ site: Site) -> [String] {
        var scanner = ContentScanner(site: site, listings: nil)
        scanner.includesSectionIndexes = true
        let root = site.root
        let (batches, _, _) = scanner.scan { location, _ -> String? in
            guard ContentFileName.isBranchIndex((location.path as NSString).lastPathComponent) else { return nil }
            return !location.throughLink || SiteContainment.isInside(root + "/" + location.path, site: root)
                ? location.path : nil
        }
        return batches.joined().compactMap { $0 }.sorted()
    }

    /// The addresses (`/docs/setup/images/a.png`) of the files the sections at `indexes`
    /// publish: the files beside each `_index` and in folders below it that are neither a bundle
    /// nor a section (a content root's own folders are sections: the home page takes only its
    /// files). Links are not followed.
    public static func resources(_ site: Site, indexes: [String]) -> [String] {
        let roots = Set(site.config.contentRoots.map(\.dir))
        let order = site.config.languageCodes.map { $0.lowercased() }
        var out: [String] = []
        // Published once, under the section's page in its first language (the default first, as
        // Hugo 0.111 and 0.168 both do: `/fr/…/images/a.png` is not made when `/…/images/a.png` is).
        for (folder, pages) in Dictionary(grouping: indexes, by: { ($0 as NSString).deletingLastPathComponent }) {
            func rank(_ index: String) -> Int {
                let language =
                    ContentFileName.language(of: (index as NSString).lastPathComponent, config: site.config)?
                    .lowercased() ?? site.config.defaultContentLanguage.lowercased()
                return order.firstIndex(of: language) ?? order.count
            }
            guard let first = pages.min(by: { (rank($0), $0) < (rank($1), $1) }),
                let url = HugoURL.section(first, config: site.config)
            else { continue }
            collect(site.absolute(folder), under: url, descend: !roots.contains(folder), into: &out)
        }
        return out.sorted()
    }

    private static func collect(_ directory: String, under address: String, descend: Bool, into out: inout [String]) {
        let manager = FileManager.default
        for name in ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            guard let type = (try? manager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType,
                type != .typeSymbolicLink
            else { continue }
            if type == .typeDirectory {
                guard descend else { continue }
                let inside = (try? manager.contentsOfDirectory(atPath: path)) ?? []
                // A bundle or a section of its own publishes its files itself.
                if inside.contains(where: { ContentFileName.isLeafIndex($0) || ContentFileName.isBranchIndex($0) }) {
                    continue
                }
                collect(path, under: address + name + "/", descend: true, into: &out)
            } else if !ContentFileName.isContent(name) {
                out.append(address + name)
            }
        }
    }
}
