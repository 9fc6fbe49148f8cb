import Foundation

extension Site {
    /// The folders the site's configuration declares (each language's `contentDir`,
    /// `archetypeDir`, `themesDir`), site-relative or absolute as written.
    public var declaredFolders: [(setting: String, path: String)] {
        guard case .hugo = kind else { return [] }
        return config.contentRoots.map { ("contentDir", $0.dir) }
            + [("archetypeDir", config.archetypeDir), ("themesDir", config.themesDir)]
    }

    /// Throws the refusal for the first Hugo module setting that reaches past the site: a mount
    /// whose `source` is absolute or climbs out with `..` (`source = "/etc"`, `"../../srv"`), a
    /// replacement, a local import or theme path, a workspace or `vendorClosest`
    /// (`SiteConfig.moduleReaches`), or a `go.mod` replacing a module by a folder or a `go.work`:
    /// an untrusted build check never starts with one — inside its sandbox it would find only
    /// what the sandbox shows (the history of `enableGitInfo`, once), outside it another's files.
    public func requireModuleMountsInside() throws(ContentError) {
        if let reach = config.moduleReaches.first {
            throw ContentError(file: reach, problem: "refused: it reaches past the site", hint: SiteContainment.rule)
        }
        if FileManager.default.fileExists(atPath: root + "/go.work") {
            throw ContentError(
                file: "go.work", problem: "refused: a Go workspace reaches past the site", hint: SiteContainment.rule)
        }
        if let goMod = WholeFile.read(root + "/go.mod"),
            Self.replacesWithAFolder(String(decoding: goMod, as: UTF8.self))
        {
            throw ContentError(
                file: "go.mod", problem: "refused: a replace directive names a folder", hint: SiteContainment.rule)
        }
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

    /// Whether a `go.mod` replaces a module by a folder (`replace x => ../y`, or in a
    /// `replace ( … )` block): Go's module system then reads that folder.
    static func replacesWithAFolder(_ goMod: String) -> Bool {
        var inBlock = false
        for raw in goMod.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if inBlock, line.hasPrefix(")") { inBlock = false; continue }
            if line.hasPrefix("replace") && line.hasSuffix("(") { inBlock = true; continue }
            guard inBlock || line.hasPrefix("replace "), let arrow = line.range(of: "=>") else { continue }
            let target = line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            if target.hasPrefix(".") || target.hasPrefix("/") || target.hasPrefix("~") { return true }
        }
        return false
    }
}
