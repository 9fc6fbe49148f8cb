import Foundation

/// An archetype: the template a new post starts from.
public struct Archetype: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// A bundle archetype directory (`archetypes/posts/`): its `index.md` plus resources.
        case bundle(directory: String)
        /// A single archetype file (`archetypes/posts.md`).
        case file(String)
        /// nakedblog's built-in default (Hugo's own default archetype).
        case builtIn
    }

    public let source: Source

    /// Site-root-relative description for messages.
    public var name: String {
        switch source {
        case .bundle(let dir): return dir + "/"
        case .file(let path): return path
        case .builtIn: return "the built-in default archetype"
        }
    }

    /// Hugo's default archetype.
    static let builtInText =
        "+++\ntitle = '{{ replace .File.ContentBaseName \"-\" \" \" | title }}'\ndate = {{ .Date }}\ndraft = true\n+++\n"

    /// Finds the archetype for `kind` (usually the section) like Hugo: `archetypes/<kind>/`,
    /// `archetypes/<kind>.md`, `archetypes/default.md`, then the same in each theme, then built in.
    /// `allowBundle: false` skips bundle directories (for single-file posts).
    public static func find(kind: String, in site: Site, allowBundle: Bool = true) -> Archetype {
        let fm = FileManager.default
        var roots = [site.config.archetypeDir]
        roots += site.config.themes.map { site.config.themesDir + "/" + $0 + "/archetypes" }
        var isDirectory: ObjCBool = false
        for root in roots {
            let dir = root + "/" + kind
            if allowBundle, !kind.isEmpty, fm.fileExists(atPath: site.absolute(dir), isDirectory: &isDirectory),
                isDirectory.boolValue,
                fm.fileExists(atPath: site.absolute(dir + "/index.md"))
            {
                return Archetype(source: .bundle(directory: dir))
            }
            if !kind.isEmpty, fm.fileExists(atPath: site.absolute(root + "/" + kind + ".md")) {
                return Archetype(source: .file(root + "/" + kind + ".md"))
            }
        }
        for root in roots where fm.fileExists(atPath: site.absolute(root + "/default.md")) {
            return Archetype(source: .file(root + "/default.md"))
        }
        return Archetype(source: .builtIn)
    }

    /// The template text of the content file.
    func templateText(in site: Site) throws(ContentError) -> String {
        let path: String
        switch source {
        case .builtIn: return Self.builtInText
        case .file(let file): path = file
        case .bundle(let dir): path = dir + "/index.md"
        }
        guard let data = FileManager.default.contents(atPath: site.absolute(path)),
            let text = String(validating: data, as: UTF8.self)
        else {
            throw ContentError(
                file: path, problem: "cannot read the archetype", hint: "Check that it exists and is UTF-8 text")
        }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Throws unless every file this archetype copies into a new post (its template, and each
    /// file of a bundle) may be read by `SiteContainment`'s rule — so a bundle file that is a link
    /// to `~/.ssh/id_ed25519` or `.git/config` never becomes a post. A theme folder the site
    /// declares outside itself (`themesDir = "../.."`, an author's own disk; refused earlier on a
    /// shared server) is read too; `.git` never is.
    func requireReadable(in site: Site) throws(ContentError) {
        let template: String
        switch source {
        case .builtIn: return
        case .file(let file): template = file
        case .bundle(let dir): template = dir + "/index.md"
        }
        var files = [template]
        if case .bundle(let dir) = source { files += resources(in: site).map { dir + "/" + $0 } }
        // A theme folder outside the site is a second root the same rule is applied to.
        let themes = site.absolute(site.config.themesDir)
        let themesOutside = !SiteContainment.isInside(themes, site: site.root)
        for file in files {
            let verdict = SiteContainment.verdict(site.absolute(file), site: site.root)
            if case .outside = verdict, themesOutside, SiteContainment.isInside(site.absolute(file), site: themes) {
                continue
            }
            if let refusal = SiteContainment.refusal(verdict, display: file) { throw refusal }
        }
    }

    /// Files besides `index.md` in a bundle archetype, relative to its directory.
    func resources(in site: Site) -> [String] {
        guard case .bundle(let dir) = source,
            let enumerator = FileManager.default.enumerator(atPath: site.absolute(dir))
        else { return [] }
        var files: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: site.absolute(dir + "/" + item), isDirectory: &isDirectory)
            if !isDirectory.boolValue, item != "index.md", !(item as NSString).lastPathComponent.hasPrefix(".") {
                files.append(item)
            }
        }
        return files.sorted()
    }
}
