import Foundation

extension Site {
    /// The folders the site's configuration declares (each language's `contentDir`,
    /// `archetypeDir`, `themesDir`), site-relative or absolute as written.
    public var declaredFolders: [(setting: String, path: String)] {
        guard case .hugo = kind else { return [] }
        return config.contentRoots.map { ("contentDir", $0.dir) }
            + [("archetypeDir", config.archetypeDir), ("themesDir", config.themesDir)]
    }

    /// Throws the refusal for the first Hugo module mount whose `source` is absolute or climbs
    /// out with `..` (`source = "/etc"`, `"../../srv"`): the build check never starts with one —
    /// inside its sandbox it would find nothing there, and outside it, another's files.
    public func requireModuleMountsInside() throws(ContentError) {
        for source in config.moduleMountSources {
            let climbs = source.split(separator: "/").contains("..") || source.split(separator: "\\").contains("..")
            guard source.hasPrefix("/") || source.hasPrefix("~") || climbs else { continue }
            throw ContentError(
                file: "module mount \(source)", problem: "refused: outside the site", hint: SiteContainment.rule)
        }
    }

    /// Throws the refusal for the first declared folder that leads into `.git`, or (on a shared
    /// server, `restricted`) outside the site: there nothing is listed, read or written from it.
    /// On an author's own machine a folder outside the site is theirs (a theme's exampleSite has
    /// `themesDir = "../.."`) and is kept; `.git` never is.
    public func requireDeclaredFoldersInside(restricted: Bool) throws(ContentError) {
        for (setting, path) in declaredFolders {
            let verdict = SiteContainment.verdict(absolute(path), site: root)
            if case .outside = verdict, !restricted { continue }
            if let refusal = SiteContainment.refusal(verdict, display: "\(setting) \(path)") { throw refusal }
        }
    }
}
