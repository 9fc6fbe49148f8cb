import Blog
import Foundation

extension EffectRunner {
    /// Reads each post (front matter and body) and sends the paths that contain `query`, case
    /// ignored. Stops early when a newer search was asked for; never reads outside the site.
    func searchBodies(_ query: String, paths: [String], root: String, generation: Int) {
        guard let site = try? openSite(root) else { return }
        let needle = query.lowercased()
        var found = Set<String>()
        for (number, path) in paths.enumerated() {
            if number % 256 == 0, !isLatestSearch(generation) { return }
            let file = site.absolute(path)
            guard SiteContainment.isInside(file, site: site.root), let bytes = WholeFile.read(file) else { continue }
            if PostTextSearch.contains(bytes, needle) { found.insert(path) }
        }
        if isLatestSearch(generation) { send(.bodyMatches(query: query, paths: found)) }
    }
}

/// Case-insensitive search in a file's bytes: ASCII letters folded byte by byte (no string is
/// made of the file), anything else compared as lower-cased text.
enum PostTextSearch {
    static func contains(_ bytes: [UInt8], _ lowercasedNeedle: String) -> Bool {
        let needle = Array(lowercasedNeedle.utf8)
        guard !needle.isEmpty else { return true }
        guard needle.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: bytes, as: UTF8.self).lowercased().contains(lowercasedNeedle)
        }
        func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        let first = needle[0]
        guard bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if fold(bytes[index]) == first {
                var matched = 1
                while matched < needle.count, fold(bytes[index + matched]) == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
