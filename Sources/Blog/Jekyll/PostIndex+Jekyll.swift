import Foundation

extension PostIndex {
    /// Reads every post, draft and markdown page of a Jekyll site, on all cores.
    static func buildJekyll(_ site: Site, config: JekyllConfig, stamps: Bool) -> PostIndex {
        let candidates = JekyllScanner(root: site.root, config: config).candidates()
        let root = site.root
        // Each folder opened once; its files are opened by name inside it (one lookup, not a path).
        // A folder's candidates come together: look up only where the folder changes.
        var handles: [String: DirectoryHandle] = [:]
        var previous: String?
        for candidate in candidates where candidate.folder != previous {
            previous = candidate.folder
            if handles[candidate.folder] == nil {
                handles[candidate.folder] = DirectoryHandle(
                    path: candidate.folder.isEmpty ? root : root + "/" + candidate.folder)
            }
        }
        let open = handles
        let results = ParallelMap.map(candidates) { candidate -> Result<Post?, ContentError> in
            do throws(ContentError) {
                return .success(
                    try JekyllPostReader.read(
                        candidate, root: root, config: config, stamps: stamps,
                        in: open[candidate.folder]))
            } catch { return .failure(error) }
        }
        var posts: [Post] = []
        var problems: [ContentError] = []
        posts.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let post?): posts.append(post)
            case .success(nil): break
            case .failure(let error): problems.append(error)
            }
        }
        return PostIndex(site: site, posts: posts, problems: problems)
    }

    /// The Jekyll document at `path`, or nil when Jekyll would not read it as one.
    static func readJekyll(_ path: String, site: Site, config: JekyllConfig) throws(ContentError) -> Post? {
        guard let candidate = JekyllScanner(root: site.root, config: config).candidate(at: path) else { return nil }
        return try JekyllPostReader.read(candidate, root: site.root, config: config)
    }
}
