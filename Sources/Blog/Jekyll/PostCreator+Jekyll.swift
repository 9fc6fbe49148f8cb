import Foundation

extension PostCreator {
    /// A new Jekyll draft, the jekyll-compose way: `_drafts/<slug>.md` with `layout: post`, the
    /// title, and the site's `jekyll_compose.default_front_matter.drafts`; titles quoted the way
    /// most of the site's posts quote theirs.
    func createJekyllDraft(title: String, config: JekyllConfig, outsideSite: Bool) throws(ContentError) -> Created {
        let slugified = JekyllURL.slugify(title)
        let base = slugified.isEmpty ? "untitled" : slugified
        let slug = UniqueName.first(base) { FileManager.default.fileExists(atPath: site.absolute("_drafts/\($0).md")) }
        let path = "_drafts/\(slug).md"
        if !outsideSite { try SiteContainment.require(site.absolute(path), insideSite: site.root, display: path) }
        let style = titleStyle(config: config)
        var fields: [(String, String)] = [("layout", "post"), ("title", YAMLScalarWriter.string(title, style: style))]
        for field in config.draftFrontMatter ?? [] {
            let written = YAMLScalarWriter.write(field.value, style: .plain)
            if let index = fields.firstIndex(where: { $0.0 == field.key }) {
                if field.key != "title" { fields[index].1 = written }
            } else {
                fields.append((field.key, written))
            }
        }
        let text = "---\n" + fields.map { "\($0.0): \($0.1)\n" }.joined() + "---\n\n"
        do {
            try FileManager.default.createDirectory(atPath: site.absolute("_drafts"), withIntermediateDirectories: true)
        } catch {
            throw ContentError(
                file: "_drafts", problem: "cannot create the drafts folder", hint: "Check the permissions of the site")
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.create(Data(text.utf8), at: site.absolute(path))
        } catch {
            throw ContentError(file: path, problem: error.reason, hint: "Nothing was created")
        }
        return Created(
            path: path, slug: slug, archetype: config.draftFrontMatter == nil ? "layout: post" : config.file,
            resources: [])
    }

    /// Double or single quotes when most of the site's posts quote their titles so, else plain.
    private func titleStyle(config: JekyllConfig) -> QuoteStyle {
        var counts: [QuoteStyle: Int] = [:]
        for candidate in JekyllScanner(root: site.root, config: config).candidates().filter({ $0.kind != .page })
            .suffix(50)
        {
            guard let page = try? PageText.read(path: site.absolute(candidate.path), display: candidate.path),
                let block = page.frontMatter
            else { continue }
            for line in block.content.split(separator: "\n") where line.hasPrefix("title:") {
                counts[QuoteStyle.of(line.dropFirst(6).drop { $0 == " " }), default: 0] += 1
            }
        }
        return counts.max { $0.value < $1.value }?.key ?? .plain
    }
}
