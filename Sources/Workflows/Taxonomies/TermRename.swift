import Blog
import Foundation
import FrontMatter

/// Renames a taxonomy term across every post that uses it (any spelling of its page), or merges
/// it into another: each post changed by exactly the list item (or the one value) that holds the
/// term, every other byte as it was (`FrontMatterEditor` keeps the other items as written);
/// a post that had both keeps one.
public enum TermRename {
    /// What a rename changed.
    public struct Result: Sendable, Equatable {
        /// The posts written (site-relative), in path order.
        public let changed: [String]
        /// The term pages that stop existing (the old term's, unless it is the same page).
        public let goneAddresses: [String]
    }

    public static func rename(
        _ old: String, to new: String, taxonomy: String, site: Site, index: PostIndex
    ) throws(WorkflowError) -> Result {
        let trimmed = new.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw WorkflowError(.refused, "the new term is empty") }
        let oldKey = SiteTaxonomies.key(old)
        let before = SiteTaxonomies.of(site, index: index).taxonomies.first { $0.name == taxonomy }
        guard let term = before?.terms.first(where: { SiteTaxonomies.key($0.name) == oldKey }) else {
            throw WorkflowError(.refused, "no post has the \(taxonomy) term “\(old)”")
        }
        var changed: [String] = []
        for path in term.posts {
            let file = site.absolute(path)
            if let refusal = SiteContainment.refusal(SiteContainment.verdict(file, site: site.root), display: path) {
                throw WorkflowError(.refused, refusal.description)
            }
            do {
                let page = try PageText.read(path: file, display: path)
                var editor = try FrontMatterEditor(page: page, file: path)
                let fields = try editor.fields()
                guard let key = fields.keys.first(where: { $0.lowercased() == taxonomy }), let value = fields[key]
                else { continue }
                let renamed: FrontMatterValue
                switch value {
                case .list(let items):
                    var seen = Set<String>()
                    var kept: [FrontMatterValue] = []
                    for item in items {
                        let text = item.text.map { SiteTaxonomies.key($0) == oldKey ? trimmed : $0 }
                        // Merging into a term the post already has: the post keeps it once.
                        if let text, !seen.insert(SiteTaxonomies.key(text)).inserted { continue }
                        kept.append(text.map { FrontMatterValue.string($0) } ?? item)
                    }
                    renamed = .list(kept)
                case .string(let text) where SiteTaxonomies.key(text) == oldKey:
                    renamed = .string(trimmed)
                default:
                    continue
                }
                guard renamed != value else { continue }
                try editor.set(key, to: renamed)
                // Written as the editor saves a post (atomic, inside the site, its permissions kept).
                _ = try PostText.save(
                    path, text: String(decoding: editor.page.data(), as: UTF8.self), root: site.root, expected: nil)
                changed.append(path)
            } catch let error as WorkflowError {
                throw WorkflowError(error.kind, "\(error.description) Changed so far: \(changed.count).")
            } catch let error as ContentError {
                throw WorkflowError(.refused, "\(error) Nothing more was changed (changed so far: \(changed.count)).")
            } catch {
                throw WorkflowError(.unwritable, "\(path): \(error). Changed so far: \(changed.count).")
            }
        }
        let gone = SiteTaxonomies.key(trimmed) == oldKey ? [] : term.addresses
        return Result(changed: changed, goneAddresses: gone)
    }
}
