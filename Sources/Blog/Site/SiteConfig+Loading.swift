import Foundation

extension SiteConfig {
    /// Config file names Hugo looks for at the site root, in its order of preference.
    public static let rootFileNames = [
        "hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json",
        "config.toml", "config.yaml", "config.yml", "config.json",
    ]

    /// Reads the configuration of the site at `root`: the root config file, then
    /// `config/_default/*` merged over it (as Hugo does).
    public static func load(root: String) throws(ContentError) -> SiteConfig {
        var merged: [FrontMatterField] = []
        var files: [String] = []
        if let name = rootFileNames.first(where: { FileManager.default.fileExists(atPath: root + "/" + $0) }) {
            try SiteContainment.require(root + "/" + name, insideSite: root, display: name)
            merged = try readConfigFile(root + "/" + name, display: name).fields
            files.append(name)
        }
        let defaultDir = root + "/config/_default"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: defaultDir)) ?? []
        for name in entries.sorted() where ["toml", "yaml", "yml", "json"].contains((name as NSString).pathExtension) {
            let display = "config/_default/" + name
            try SiteContainment.require(defaultDir + "/" + name, insideSite: root, display: display)
            let fields = try readConfigFile(defaultDir + "/" + name, display: display).fields
            let base =
                ((name as NSString).deletingPathExtension as NSString).pathExtension.isEmpty
                ? (name as NSString).deletingPathExtension : ""
            if base == "hugo" || base == "config" {
                merged = ConfigMerge.merge(merged, fields)
            } else if !base.isEmpty {
                merged = ConfigMerge.merge(merged, [FrontMatterField(key: base, value: .map(fields))])
            }
            files.append(display)
        }
        guard !files.isEmpty else {
            throw ContentError(
                file: root,
                problem:
                    "this is not a Hugo site: no hugo.toml/yaml/json, config.toml/yaml/json or config/_default/ here",
                hint: "Run nakedblog inside a Hugo site, or pass the site's directory")
        }
        var config = SiteConfig(FrontMatterFields(merged), files: files)
        config.hasBlockquoteHook = config.findsBlockquoteHook(root: root)
        return config
    }

    /// Whether the site or its theme has a Hugo `render-blockquote` hook (the only way Hugo
    /// draws `> [!NOTE]` as an alert): `layouts/_default/_markup/` (Hugo before 0.146) or
    /// `layouts/_markup/`, any output format or language variant of the name. Looked for once, when
    /// the site is opened (not at every preview); a folder leading into `.git` is not read.
    func findsBlockquoteHook(root: String) -> Bool {
        let layouts = ["layouts"] + themes.map { themesDir + "/" + $0 + "/layouts" }
        for folder in layouts {
            for markup in ["/_default/_markup", "/_markup"] {
                let path = folder.hasPrefix("/") ? folder + markup : root + "/" + folder + markup
                switch SiteContainment.verdict(path, site: root) {
                case .intoGit, .loop: continue
                case .inside, .outside: break
                }
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
                if names.contains(where: { $0.hasPrefix("render-blockquote") }) { return true }
            }
        }
        return false
    }

    /// The Hugo-shaped view of a Jekyll site: its title; one language; no content directory.
    init(jekyll: JekyllConfig) {
        self.init(
            FrontMatterFields([
                FrontMatterField(key: "title", value: .string(jekyll.title)),
                FrontMatterField(key: "contentDir", value: .string(".")),
            ]),
            files: [jekyll.file])
    }

    init(_ config: FrontMatterFields, files: [String]) {
        func clean(_ path: String?) -> String? {
            guard var path, !path.isEmpty else { return nil }
            while path.hasSuffix("/") { path.removeLast() }
            if path.hasPrefix("./") { path.removeFirst(2) }
            return path
        }
        title = config["title"]?.text ?? ""
        contentDir = clean(config["contentDir"]?.text) ?? "content"
        archetypeDir = clean(config["archetypeDir"]?.text) ?? "archetypes"
        themesDir = clean(config["themesDir"]?.text) ?? "themes"
        themes = config["theme"]?.strings ?? []
        defaultContentLanguage = config["defaultContentLanguage"]?.text?.lowercased() ?? "en"
        var languages: [Language] = []
        if case .map(let entries)? = config["languages"] {
            for entry in entries {
                guard case .map(let settings) = entry.value else { continue }
                let fields = FrontMatterFields(settings)
                var weight = 0
                if case .int(let w)? = fields["weight"] { weight = w }
                languages.append(
                    Language(
                        code: entry.key.lowercased(), name: fields["languageName"]?.text ?? fields["label"]?.text,
                        weight: weight, contentDir: clean(fields["contentDir"]?.text),
                        title: fields["title"]?.text, languageCode: fields["languageCode"]?.text))
            }
        }
        // Hugo orders languages by weight, then code; the default language comes first here.
        let defaultLanguage = defaultContentLanguage
        self.languages = languages.sorted {
            ($0.code == defaultLanguage ? 0 : 1, $0.weight == 0 ? Int.max : $0.weight, $0.code)
                < ($1.code == defaultLanguage ? 0 : 1, $1.weight == 0 ? Int.max : $1.weight, $1.code)
        }
        if case .map(let entries)? = config["taxonomies"] {
            taxonomies = entries.compactMap { $0.value.text }
        } else {
            taxonomies = ["tags", "categories"]
        }
        self.files = files
        if case .map(let entries)? = config["permalinks"] {
            for entry in entries { if let pattern = entry.value.text { permalinks[entry.key.lowercased()] = pattern } }
        }
        uglyURLs = config["uglyURLs"]?.bool ?? false
        enableGitInfo = (config["enableGitInfo"] ?? config["enablegitinfo"] ?? config["EnableGitInfo"])?.bool ?? false
        if let base = config["baseURL"]?.text, let scheme = base.range(of: "://") {
            var path = base[scheme.upperBound...].drop { $0 != "/" }
            while path.hasSuffix("/") { path.removeLast() }
            baseURLPath = String(path)
        }
        defaultContentLanguageInSubdir = config["defaultContentLanguageInSubdir"]?.bool ?? false
        languageCode = config["languageCode"]?.text
        moduleReaches = Self.moduleReaches(config)
        if case .map(let module)? = config["module"], case .list(let mounts)? = FrontMatterFields(module)["mounts"] {
            moduleMountSources = mounts.compactMap { mount in
                guard case .map(let settings) = mount else { return nil }
                return FrontMatterFields(settings)["source"]?.text
            }
            for mount in mounts {
                guard case .map(let settings) = mount else { continue }
                let fields = FrontMatterFields(settings)
                guard let source = clean(fields["source"]?.text), let target = clean(fields["target"]?.text) else {
                    continue
                }
                if target == "content" {
                    let lang = fields["lang"]?.text ?? Self.matrixLanguage(fields)
                    contentMounts.append(ContentMount(source: source, lang: lang?.lowercased()))
                } else if target == "archetypes" {
                    archetypeDir = source
                }
            }
        }
        let yaml = files.contains { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
        if yaml && self.languages.contains(where: { Self.yamlBooleanKeys[$0.code] != nil }) {
            yamlLanguageKeysAreBooleans = HugoRelease.readsYAMLKeysAsBooleans()
        }
    }

    /// The module settings that reach past the site's folders (`moduleReaches`): replacements
    /// (any: each maps a module to a folder), imports and themes named by a local path (absolute,
    /// `~`, `.` or with `..`), a Go workspace, `vendorClosest` (a `_vendor` folder above the site).
    /// The one language a mount serves in current Hugo's form (0.150 and later):
    /// `sites: {matrix: {languages: [ja]}}`; nil for several or none.
    static func matrixLanguage(_ mount: FrontMatterFields) -> String? {
        guard case .map(let sites)? = mount["sites"], case .map(let matrix)? = FrontMatterFields(sites)["matrix"]
        else { return nil }
        switch FrontMatterFields(matrix)["languages"] {
        case .list(let languages)?: return languages.count == 1 ? languages[0].text : nil
        case let language?: return language.text
        case nil: return nil
        }
    }

    static func moduleReaches(_ config: FrontMatterFields) -> [String] {
        func local(_ path: String) -> Bool {
            path.hasPrefix("/") || path.hasPrefix("~") || path.hasPrefix(".") || path.hasPrefix("\\")
                || path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
        }
        var reaches: [String] = []
        for theme in config["theme"]?.strings ?? [] where local(theme) {
            reaches.append("theme \(theme)")
        }
        guard case .map(let fields)? = config["module"] else { return reaches }
        let module = FrontMatterFields(fields)
        for replacement in module["replacements"]?.strings ?? [] where !replacement.isEmpty {
            reaches.append("module.replacements \(replacement)")
        }
        if case .list(let imports)? = module["imports"] {
            for case .map(let entry) in imports {
                if let path = FrontMatterFields(entry)["path"]?.text, local(path) {
                    reaches.append("module.imports path \(path)")
                }
            }
        }
        if let workspace = module["workspace"]?.text, !workspace.isEmpty, workspace != "off" {
            reaches.append("module.workspace \(workspace)")
        }
        if module["vendorClosest"]?.bool == true { reaches.append("module.vendorClosest") }
        return reaches
    }

    static func readConfigFile(_ path: String, display: String) throws(ContentError) -> FrontMatterFields {
        guard let data = FileManager.default.contents(atPath: path), let text = String(validating: data, as: UTF8.self)
        else {
            throw ContentError(
                file: display, problem: "cannot read the site configuration (missing, unreadable or not UTF-8)",
                hint: "Check the file's permissions and encoding")
        }
        let format: FrontMatterFormat
        switch (path as NSString).pathExtension {
        case "toml": format = .toml
        case "json": format = .json
        default: format = .yaml
        }
        let block = FrontMatterBlock(format: format, opening: "", content: text, closing: "", firstContentLine: 1)
        return try FrontMatterReader.fields(of: block, file: display)
    }
}

/// Deep merge of configuration tables: maps merge key by key, anything else is replaced.
enum ConfigMerge {
    static func merge(_ base: [FrontMatterField], _ overlay: [FrontMatterField]) -> [FrontMatterField] {
        var result = base
        for field in overlay {
            if let index = result.firstIndex(where: { $0.key.lowercased() == field.key.lowercased() }) {
                if case .map(let old) = result[index].value, case .map(let new) = field.value {
                    result[index].value = .map(merge(old, new))
                } else {
                    result[index].value = field.value
                }
            } else {
                result.append(field)
            }
        }
        return result
    }
}
