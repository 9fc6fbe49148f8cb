import Foundation

/// What nakedblog needs from a Jekyll site's `_config.yml` (values read, never rewritten).
public struct JekyllConfig: Sendable, Equatable {
    /// One entry of `defaults:`: values applied to documents under `path` (a prefix, or a glob
    /// with `*`) and of `type` (`posts`, `drafts`, `pages`; nil for any).
    public struct Default: Sendable, Equatable {
        public var path: String
        public var type: String?
        public var values: [FrontMatterField]
    }

    public var title: String
    /// The zone dates without an offset are read in (`timezone`, else the process's own, as Jekyll).
    public var timeZone: TimeZone
    /// `permalink`: a style name (`date`, `pretty`, `ordinal`, `weekdate`, `none`) or a pattern.
    public var permalink: String
    /// `collections.posts.permalink` when set (wins over `permalink` for posts).
    public var postsPermalink: String?
    /// Extensions (lowercase, no dot) rendered as markdown (`markdown_ext`).
    public var markdownExtensions: Set<String>
    public var defaults: [Default]
    /// `baseurl` without a trailing slash ("" when none).
    public var baseURL: String
    /// `excerpt_separator` (Jekyll's default is a blank line).
    public var excerptSeparator: String
    /// `jekyll_compose.default_front_matter.drafts`, in file order.
    public var draftFrontMatter: [FrontMatterField]?
    /// `exclude` entries (on top of Jekyll's own).
    public var exclude: [String]
    /// The whole configuration, for `{{ site.x }}` in the preview.
    public var fields: [FrontMatterField]
    /// The config file read, site-root-relative.
    public var file: String

    /// Config file names Jekyll reads at the site root, in its order.
    public static let fileNames = ["_config.yml", "_config.yaml", "_config.toml"]

    /// Entries Jekyll excludes without being told (4.3's defaults).
    static let builtInExcludes = [
        ".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock", "node_modules",
        "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/",
    ]

    /// Reads the configuration of the Jekyll site at `root`.
    /// Without a config file, Jekyll's defaults (as `jekyll build` does). `files` are the
    /// config files to read instead, in order, later ones overriding (`--config a.yml,b.yml`;
    /// site-root-relative or absolute).
    public static func load(root: String, files: [String]? = nil) throws(ContentError) -> JekyllConfig {
        let names =
            files ?? fileNames.first(where: { FileManager.default.fileExists(atPath: root + "/" + $0) }).map { [$0] }
            ?? []
        var merged: [FrontMatterField] = []
        for name in names {
            let path = name.hasPrefix("/") ? name : root + "/" + name
            // The site's own config (not one named on the command line) is repository content.
            if files == nil { try SiteContainment.require(path, insideSite: root, display: name) }
            merged = ConfigMerge.merge(merged, try SiteConfig.readConfigFile(path, display: name).fields)
        }
        return JekyllConfig(merged, file: names.last ?? "")
    }

    init(_ fields: [FrontMatterField], file: String) {
        func value(_ key: String, in list: [FrontMatterField]) -> FrontMatterValue? {
            list.first { $0.key == key }?.value
        }
        func map(_ value: FrontMatterValue?) -> [FrontMatterField] {
            if case .map(let entries)? = value { return entries }
            return []
        }
        self.fields = fields
        self.file = file
        // Older themes (and GitHub Pages' jekyll-seo-tag) name the site with `name:` when there is no `title:`.
        title = value("title", in: fields)?.text ?? value("name", in: fields)?.text ?? ""
        timeZone = value("timezone", in: fields)?.text.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        permalink = value("permalink", in: fields)?.text ?? "date"
        postsPermalink = value("permalink", in: map(value("posts", in: map(value("collections", in: fields)))))?.text
        let extensions = value("markdown_ext", in: fields)?.text ?? "markdown,mkdown,mkdn,mkd,md"
        markdownExtensions = Set(
            extensions.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        var base = value("baseurl", in: fields)?.text ?? ""
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base
        excerptSeparator = value("excerpt_separator", in: fields)?.text ?? "\n\n"
        if case .map(let drafts)? = value(
            "drafts", in: map(value("default_front_matter", in: map(value("jekyll_compose", in: fields)))))
        {
            draftFrontMatter = drafts
        } else {
            draftFrontMatter = nil
        }
        exclude = value("exclude", in: fields)?.strings ?? []
        var defaults: [Default] = []
        if case .list(let entries)? = value("defaults", in: fields) {
            for case .map(let entry) in entries {
                let scope = map(value("scope", in: entry))
                guard case .map(let values)? = value("values", in: entry) else { continue }
                defaults.append(
                    Default(
                        path: value("path", in: scope)?.text ?? "", type: value("type", in: scope)?.text, values: values
                    ))
            }
        }
        self.defaults = defaults
    }

    /// The permalink pattern for posts and drafts, after style names are expanded.
    public var postPermalinkPattern: String {
        postsPermalink.map(Self.expand) ?? Self.expand(permalink)
    }

    /// A built-in style's pattern, or the text itself.
    static func expand(_ style: String) -> String {
        switch style {
        case "none": "/:categories/:title:output_ext"
        case "date": "/:categories/:year/:month/:day/:title:output_ext"
        case "ordinal": "/:categories/:year/:y_day/:title:output_ext"
        case "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext"
        case "pretty": "/:categories/:year/:month/:day/:title/"
        default: style
        }
    }

    /// Whether files with extension `ext` (no dot) render as markdown.
    public func isMarkdown(extension ext: String) -> Bool {
        markdownExtensions.contains(ext.lowercased())
    }
}
