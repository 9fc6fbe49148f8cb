import Foundation

/// Creates new posts from the site's archetype.
public struct PostCreator: Sendable {
    /// What to create.
    public struct Request: Sendable {
        public var title: String
        public var section: String
        /// A page bundle (`<slug>/index.md`) or a single file (`<slug>.md`).
        public var bundle: Bool
        /// Language code; nil for the site's default language.
        public var lang: String?
        public var now: Date
        public var timeZone: TimeZone
        /// Write (and read archetypes) where symbolic links or the site's configuration lead,
        /// even outside the site root. Off unless the user asked for it.
        public var outsideSite: Bool

        public init(
            title: String, section: String = "posts", bundle: Bool = true, lang: String? = nil,
            now: Date = Date(), timeZone: TimeZone = .current, outsideSite: Bool = false
        ) {
            self.outsideSite = outsideSite
            self.title = title
            self.section = section
            self.bundle = bundle
            self.lang = lang
            self.now = now
            self.timeZone = timeZone
        }
    }

    /// The result: the content file and any archetype resources copied beside it.
    public struct Created: Sendable, Equatable {
        /// Site-root-relative path of the content file.
        public let path: String
        public let slug: String
        public let archetype: String
        public let resources: [String]
        /// Something the writer should know: the site's archetype was refused and the built-in
        /// one used instead (why).
        public var note: String? = nil
    }

    public let site: Site

    public init(site: Site) { self.site = site }

    /// The slug `title` would get, before uniqueness (shown live as the user types).
    public static func slug(for title: String) -> String {
        let slug = Slug.make(title)
        return slug.isEmpty ? "untitled" : slug
    }

    public func create(_ request: Request) throws(ContentError) -> Created {
        let title = request.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else {
            throw ContentError(
                file: site.config.contentDir, problem: "a new post needs a title",
                hint: "Type a title, e.g. `nakedblog new \"My first post\"`")
        }
        if case .jekyll(let config) = site.kind {
            return try createJekyllDraft(title: title, config: config, outsideSite: request.outsideSite)
        }
        let section = try validatedSection(request.section)
        let lang = request.lang?.lowercased()
        if let lang, lang != site.config.defaultContentLanguage, !site.config.isLanguage(lang) {
            throw ContentError(
                file: site.config.files.first ?? "hugo.toml", problem: "the language `\(lang)` is not configured",
                hint: "Use one of: \(site.config.languageCodes.joined(separator: ", "))")
        }
        let (root, suffix) = contentRoot(for: lang)
        let base = Self.slug(for: title)
        let slug = UniqueName.first(base) { exists(root: root, section: section, slug: $0) }
        let sectionPath = section.isEmpty ? root : root + "/" + section
        let path = request.bundle ? "\(sectionPath)/\(slug)/index\(suffix).md" : "\(sectionPath)/\(slug)\(suffix).md"
        try ensureInside(path, root: root)

        if !request.outsideSite {
            try SiteContainment.require(site.absolute(path), insideSite: site.root, display: path)
        }
        var archetype = Archetype.find(kind: section, in: site, allowBundle: request.bundle)
        // Its text and resources end up in the post, and so on the remote: one leading out of
        // the site or into `.git` is not used; the post starts from the built-in one (a
        // co-author's bad link must not stop every author from writing).
        var note: String?
        if !request.outsideSite {
            do {
                try archetype.requireReadable(in: site)
            } catch {
                note =
                    "the archetype \(archetype.name) was not used (\(error.problem)): the post starts from the built-in one"
                archetype = Archetype(source: .builtIn)
            }
        }
        let template = GoTemplate(
            fields: templateFields(
                slug: slug, title: title, section: section, lang: lang ?? site.config.defaultContentLanguage,
                bundle: request.bundle, request: request),
            now: request.now, zone: request.timeZone)
        let source = try archetype.templateText(in: site)
        let rendered: String
        do throws(GoTemplate.Failure) {
            rendered = try template.render(source)
        } catch let failure {
            throw ContentError(
                file: archetype.name, line: failure.line,
                problem: "cannot evaluate `{{ \(failure.expression) }}`: \(failure.problem)",
                hint: "Fix the archetype, or create the post with `hugo new content`")
        }
        // Where the address is made from the slug (`:slug` in the section's permalink), the slug
        // shown is written: retitling the post later then keeps its address.
        let pattern = section.isEmpty ? nil : site.config.permalinks[section] ?? site.config.permalinks["page"]
        let text = try finish(
            rendered, title: title, now: request.now, timeZone: request.timeZone, archetype: archetype.name,
            slug: pattern?.contains(":slug") == true ? slug : nil)
        let absolute = site.absolute(path)
        do {
            try FileManager.default.createDirectory(
                atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw ContentError(
                file: path, problem: "cannot create the post's directory",
                hint: "Check the permissions of \(sectionPath)")
        }
        do {
            try AtomicFile.create(Data(text.utf8), at: absolute)
        } catch {
            throw ContentError(file: path, problem: error.reason, hint: "Nothing was created")
        }
        var copied: [String] = []
        for resource in archetype.resources(in: site) where request.bundle {
            guard case .bundle(let dir) = archetype.source else { break }
            let target = (absolute as NSString).deletingLastPathComponent + "/" + resource
            try? FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if (try? FileManager.default.copyItem(atPath: site.absolute(dir + "/" + resource), toPath: target)) != nil {
                copied.append(resource)
            }
        }
        return Created(path: path, slug: slug, archetype: archetype.name, resources: copied, note: note)
    }

    /// The archetype's output with the user's title, `draft: true`, a date, and `slug` when given
    /// (and the archetype sets none).
    func finish(
        _ rendered: String, title: String, now: Date, timeZone: TimeZone, archetype: String, slug: String? = nil
    ) throws(ContentError) -> String {
        let page: PageText
        var editor: FrontMatterEditor
        do {
            page = try PageText(text: rendered, file: archetype)
            editor = try FrontMatterEditor(page: page, file: archetype)
        } catch {
            throw ContentError(
                file: archetype, line: error.line,
                problem: "the archetype does not produce valid front matter: \(error.problem)",
                hint: "Fix the archetype so that, filled in, it is valid YAML, TOML or JSON")
        }
        let fields = try editor.fields()
        try editor.set("title", to: .string(title))
        if fields["draft"]?.bool != true { try editor.set("draft", to: .bool(true)) }
        if fields["date"] == nil {
            try editor.set("date", to: .date(HugoDate.format(now, offsetSeconds: timeZone.secondsFromGMT(for: now))))
        }
        if let slug, fields["slug"] == nil { try editor.set("slug", to: .string(slug)) }
        return editor.page.text
    }

    private func templateFields(
        slug: String, title: String, section: String, lang: String, bundle: Bool,
        request: Request
    ) -> [String: GoTemplate.Value] {
        let date = GoTimeFormat.format(request.now, layout: GoTimeFormat.rfc3339, zone: request.timeZone)
        return [
            "Date": .string(date), "Name": .string(slug), "Title": .string(title), "Section": .string(section),
            "Type": .string(section), "Kind": .string("page"), "Lang": .string(lang),
            "File.ContentBaseName": .string(slug), "File.BaseFileName": .string(bundle ? "index" : slug),
            "File.TranslationBaseName": .string(bundle ? "index" : slug),
            "TranslationBaseName": .string(bundle ? "index" : slug),
            "File.Dir": .string(section + "/" + (bundle ? slug + "/" : "")), "File.Lang": .string(lang),
            "Site.Title": .string(site.config.title), "Site.Language.Lang": .string(lang),
            "Site.LanguageCode": .string(lang),
        ]
    }

    /// The content root for a language and the file-name suffix (`.fr`) it needs there.
    private func contentRoot(for lang: String?) -> (String, String) {
        guard let lang, lang != site.config.defaultContentLanguage else {
            let defaultRoot = site.config.contentRoots.first { $0.language == site.config.defaultContentLanguage }?.dir
            return (defaultRoot ?? site.config.contentDir, "")
        }
        if let own = site.config.contentRoots.first(where: { $0.language == lang }) { return (own.dir, "") }
        return (site.config.contentDir, "." + lang)
    }

    private func exists(root: String, section: String, slug: String) -> Bool {
        let dir = site.absolute(section.isEmpty ? root : root + "/" + section)
        let fm = FileManager.default
        if fm.fileExists(atPath: dir + "/" + slug) { return true }
        let names = (try? fm.contentsOfDirectory(atPath: dir)) ?? []
        return names.contains {
            ContentFileName.isContent($0) && ContentFileName.baseName($0, config: site.config) == slug
        }
    }

    /// A section is one or more plain path components: no `..`, no absolute paths, no hidden names.
    private func validatedSection(_ section: String) throws(ContentError) -> String {
        let parts = section.split(separator: "/", omittingEmptySubsequences: true)
        for part in parts where part == ".." || part == "." || part.hasPrefix(".") || part.contains("\\") {
            throw ContentError(
                file: section, problem: "the section `\(section)` would leave the content directory",
                hint: "Name a section inside \(site.config.contentDir)/, e.g. `posts`")
        }
        guard !section.hasPrefix("/") else {
            throw ContentError(
                file: section, problem: "the section must be relative to the content directory",
                hint: "Use e.g. `posts`, not a path")
        }
        return parts.joined(separator: "/")
    }

    private func ensureInside(_ path: String, root: String) throws(ContentError) {
        let resolvedRoot = URL(fileURLWithPath: site.absolute(root)).standardizedFileURL.path
        let resolved = URL(fileURLWithPath: site.absolute(path)).standardizedFileURL.path
        guard resolved.hasPrefix(resolvedRoot + "/") else {
            throw ContentError(
                file: path, problem: "the new post would be created outside \(root)/",
                hint: "Choose another title or section")
        }
    }
}
