import Foundation

/// Paths inside the nakedblog checkout (tests and benchmarks run in-tree).
public enum PackageRoot {
    /// The directory holding Package.swift.
    public static let path: String = {
        // This file is <root>/Sources/Harness/PackageRoot.swift.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `<root>/relative`.
    public static func appending(_ relative: String) -> String { path + "/" + relative }

    /// Copies the bundled demo blog's files into `directory` (created if needed), for a test or
    /// benchmark to change freely.
    public static func copyDemo(to directory: String) throws {
        try Shell.check(["cp", "-R", appending("demo") + "/.", directory])
    }

    /// A plain Jekyll blog in `directory` (created): the bundled Jekyll demo's layouts, posts and
    /// images under Jekyll's defaults (no time zone, no jekyll-compose settings, `pretty`
    /// permalinks) plus `_posts/2020-04-01-whats-jekyll.md` — the repository's own fixture for
    /// tests that need a Jekyll site, so they never depend on anything beside the checkout.
    public static func copyPlainJekyllSite(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Shell.check(["cp", "-R", appending("demo-jekyll") + "/.", directory])
        try "title: Plain Jekyll\nbaseurl: ''\npermalink: pretty\nexclude:\n  - README.md\n"
            .write(toFile: directory + "/_config.yml", atomically: true, encoding: .utf8)
        // Posts as a plain theme ships them: dates only in their names, titles unquoted.
        for folder in ["_posts", "_drafts"] {
            try? FileManager.default.removeItem(atPath: directory + "/" + folder)
            try FileManager.default.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
        }
        let posts = [
            "2020-04-01-whats-jekyll.md": "What's Jekyll?",
            "2020-03-01-example-content.md": "Example content",
            "2020-02-01-introducing-the-theme.md": "Introducing the theme",
        ]
        for (name, title) in posts {
            let text =
                "---\nlayout: post\ntitle: \(title)\n---\n\n[Jekyll](https://jekyllrb.com) is a static site generator.\n\nIt's an immensely useful tool.\n"
            try text.write(toFile: directory + "/_posts/" + name, atomically: true, encoding: .utf8)
        }
    }

    /// The shared corpus of real Hugo content beside the checkout (`../shared/corpus`), if present.
    public static var sharedCorpus: String? {
        let candidates = [
            ProcessInfo.processInfo.environment["NAKEDBLOG_CORPUS"],
            URL(fileURLWithPath: path).deletingLastPathComponent().path + "/shared/corpus",
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The built products directory of a debug build (`.build/debug`).
    public static var debugProducts: String { appending(".build/debug") }
}
