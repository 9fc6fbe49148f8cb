import Blog
import Foundation
import Preview

/// What the editor offers to insert: the site's own shortcodes (Hugo: `layouts/shortcodes`, the
/// theme's too) and includes (Jekyll: `_includes`) with the parameters their templates read,
/// the writer's snippets, the site's images, and a post's heading anchors.
public enum SiteSnippets {
    public struct Snippet: Sendable, Equatable {
        /// The shortcode's or include's name (`figure`, `note.html`), or the snippet file's.
        public let name: String
        /// Named parameters the template reads (`.Get "src"`, `include.src`).
        public let parameters: [String]
        /// The template uses what is between an opening and a closing tag (`.Inner`).
        public let paired: Bool
        /// A snippet's text (nil for a shortcode or include).
        public let text: String?
    }

    /// Hugo shortcodes of the site and its themes (the site's win), by name.
    public static func shortcodes(_ site: Site) -> [Snippet] {
        guard site.kind.jekyll == nil else { return [] }
        let folders =
            ["layouts/shortcodes", "layouts/_shortcodes"]
            + site.config.themes.flatMap {
                [
                    "\(site.config.themesDir)/\($0)/layouts/shortcodes",
                    "\(site.config.themesDir)/\($0)/layouts/_shortcodes",
                ]
            }
        var found: [String: Snippet] = [:]
        for folder in folders {
            for file in templates(in: site, folder: folder) {
                let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                let plain = name.split(separator: ".").first.map(String.init) ?? name
                guard found[plain] == nil, let text = read(file, site: site) else { continue }
                let parameters = text.matches(of: #/\.Get\s+"([A-Za-z_][A-Za-z0-9_-]*)"/#).map { String($0.output.1) }
                found[plain] = Snippet(
                    name: plain, parameters: unique(parameters), paired: text.contains(".Inner"), text: nil)
            }
        }
        // Hugo's own (embedded) shortcodes, unless the site or a theme has its own of that name.
        for builtIn in hugoBuiltIns where found[builtIn.name] == nil { found[builtIn.name] = builtIn }
        return found.values.sorted { $0.name < $1.name }
    }

    /// Hugo's embedded shortcodes, with the named parameters writers use (issue 60.6: `figure`
    /// and `highlight` were missing where the site relies on Hugo's).
    static let hugoBuiltIns: [Snippet] = [
        Snippet(name: "figure", parameters: ["src", "alt", "caption"], paired: false, text: nil),
        Snippet(name: "details", parameters: ["summary"], paired: true, text: nil),
        Snippet(name: "highlight", parameters: [], paired: true, text: nil),
        Snippet(name: "param", parameters: [], paired: false, text: nil),
        Snippet(name: "qr", parameters: ["text"], paired: false, text: nil),
        Snippet(name: "ref", parameters: [], paired: false, text: nil),
        Snippet(name: "relref", parameters: [], paired: false, text: nil),
        Snippet(name: "vimeo", parameters: ["id"], paired: false, text: nil),
        Snippet(name: "youtube", parameters: ["id"], paired: false, text: nil),
    ]

    /// Jekyll includes (`_includes/`), with the `include.x` parameters they read.
    public static func includes(_ site: Site) -> [Snippet] {
        guard site.kind.jekyll != nil else { return [] }
        return templates(in: site, folder: "_includes").compactMap { file in
            guard let text = read(file, site: site) else { return nil }
            let parameters = text.matches(of: #/include\.([A-Za-z_][A-Za-z0-9_]*)/#).map { String($0.output.1) }
            return Snippet(
                name: String(file.dropFirst("_includes/".count)), parameters: unique(parameters), paired: false,
                text: nil)
        }.sorted { $0.name < $1.name }
    }

    /// The writer's snippets: each file in `$XDG_CONFIG_HOME/nakedblog/snippets/` is one, named
    /// by its file name, inserted as it is.
    public static func userSnippets(environment: [String: String]) -> [Snippet] {
        let folder = XDGDirectory.config(environment) + "/snippets"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name), data.count <= 65_536,
                let text = String(data: data, encoding: .utf8)
            else { return nil }
            let trimmed = text.hasSuffix("\n") ? String(text.dropLast()) : text
            return Snippet(name: (name as NSString).deletingPathExtension, parameters: [], paired: false, text: trimmed)
        }
    }

    /// Images served at the site's root (Hugo `static/` and the theme's, Jekyll's site files),
    /// as site-absolute paths (`/images/a.png`).
    public static func images(_ site: Site) -> [String] {
        let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "svg"]
        var found: [String] = []
        for folder in LinkTargets.servedFolders(site) {
            LinkTargets.walk(site.absolute(folder)) { path in
                if extensions.contains((path as NSString).pathExtension.lowercased()) { found.append("/" + path) }
            }
            if found.count > 5_000 { break }
        }
        return found.sorted()
    }

    /// The anchors the headings of the post at `path` get on this site (`#` after a link).
    public static func anchors(of path: String, site: Site) -> [(id: String, heading: String)] {
        guard SiteContainment.isInside(site.absolute(path), site: site.root),
            let text = try? String(contentsOfFile: site.absolute(path), encoding: .utf8)
        else { return [] }
        let headings = MarkdownOutline.headings(in: text, skippingLines: FrontMatterLines.count(in: text))
        return Array(zip(HeadingID.ids(headings.map(\.text), site: site), headings.map(\.text)))
    }

    /// Template files in `folder` (site-relative), never through a link out of the site.
    private static func templates(in site: Site, folder: String) -> [String] {
        var files: [String] = []
        LinkTargets.walk(site.absolute(folder)) { files.append(folder + "/" + $0) }
        return files.filter { SiteContainment.isInside(site.absolute($0), site: site.root) }
    }

    private static func read(_ file: String, site: Site) -> String? {
        guard let data = FileManager.default.contents(atPath: site.absolute(file)), data.count <= 262_144 else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
