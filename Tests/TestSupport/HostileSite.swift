import Foundation

/// Sites made hostile the way a co-author could push them.
public enum HostileSite {
    /// A Hugo site (with `hugo.toml`) whose `contentDir` leads into `.git`, where a post titled
    /// "Secret" waits at `.git/c/posts/a.md`: nothing may list, read or show it.
    public static func declareContentInsideGit(_ site: String) throws {
        try FileManager.default.createDirectory(atPath: site + "/.git/c/posts", withIntermediateDirectories: true)
        try "---\ntitle: Secret\n---\n".write(toFile: site + "/.git/c/posts/a.md", atomically: true, encoding: .utf8)
        let config = site + "/hugo.toml"
        try ("contentDir = \".git/c\"\n" + (try String(contentsOfFile: config, encoding: .utf8))).write(
            toFile: config, atomically: true, encoding: .utf8)
    }
}
