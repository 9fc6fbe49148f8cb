import Foundation

/// A Jekyll post's life in a repository with a remote, for history tests: drafted, edited,
/// published (moved into `_posts`), pushed, then one word of a long paragraph and the title
/// changed (not pushed).
public enum JekyllLife {
    public static let paragraph =
        "The morning was cold and the quick walk to the station took longer than I had planned, "
        + "because every corner of the old town had something worth stopping for."

    /// A Jekyll site in a repository with a remote: drafted, edited, published (moved), pushed,
    /// then one word changed (not pushed).
    public static func make(_ work: TemporaryDirectory) throws -> String {
        let site = work.appending("site"), remote = work.appending("remote.git")
        let git = { (arguments: [String]) in
            try Shell.check(["git", "-c", "user.name=Ann", "-c", "user.email=ann@example.com"] + arguments, in: site)
        }
        try FileManager.default.createDirectory(atPath: site + "/_drafts", withIntermediateDirectories: true)
        try Shell.check(["git", "init", "-q", "--bare", remote])
        try git(["init", "-q", "-b", "main"])
        try "---\ntitle: Hello\n---\nFirst words.\n".write(
            toFile: site + "/_drafts/hello.md", atomically: true, encoding: .utf8)
        try git(["add", "-A"]); try git(["commit", "-q", "-m", "Draft: Hello"])
        try "---\ntitle: Hello\n---\nFirst words.\n\n\(paragraph)\n".write(
            toFile: site + "/_drafts/hello.md", atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "Update: Hello"])
        try FileManager.default.createDirectory(atPath: site + "/_posts", withIntermediateDirectories: true)
        try git(["mv", "_drafts/hello.md", "_posts/2020-01-01-hello.md"])
        try git(["commit", "-q", "-m", "Publish: Hello"])
        try git(["remote", "add", "origin", remote]); try git(["push", "-q", "-u", "origin", "main"])
        try
            "---\ntitle: Hello again\n---\nFirst words.\n\n\(paragraph.replacingOccurrences(of: "quick", with: "slow"))\n"
            .write(toFile: site + "/_posts/2020-01-01-hello.md", atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "Update: Hello again"])
        return site
    }

}
