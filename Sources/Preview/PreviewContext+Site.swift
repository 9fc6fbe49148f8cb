import Blog
import Foundation

extension PreviewContext {
    /// What the preview of the page in `file` (absolute) checks against, in its site: Hugo's
    /// bundle and `static/` images and `ref` targets; Jekyll's Liquid (the site's config, the
    /// page's front matter) and `{% link %}` / `{% post_url %}` targets. One rule for
    /// `nakedblog preview` and the app.
    public static func forPage(_ page: PageText?, file: String, site: Site?) -> PreviewContext {
        let directory = (file as NSString).deletingLastPathComponent
        guard let site else { return .files(in: directory) }
        guard case .jekyll(let config) = site.kind else {
            var context = PreviewContext.files(in: directory, staticDirectory: site.root + "/static", site: site.root)
            context.rendersAlerts = site.config.hasBlockquoteHook
            let relative = site.relative(file)
            // Hugo's lookup, as the link check makes it (`HugoRef`): by path, by bundle or file
            // name, in one language only.
            context.refExists = { target in
                let path =
                    target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
                    ?? target
                if path.isEmpty { return true }  // "#anchor" on the same page
                return HugoRef.current(site).resolve(path, from: relative) { section in
                    FileManager.default.fileExists(atPath: site.absolute(section))
                        && SiteContainment.isInside(site.absolute(section), site: site.root)
                } != nil
            }
            return context
        }
        var context = PreviewContext.files(in: directory, staticDirectory: site.root, site: site.root)
        context.rendersAlerts = false
        let fields = page.flatMap { try? FrontMatterReader.fields(of: $0, file: file).fields } ?? []
        context.liquid = LiquidContext(
            site: config.fields, page: fields, baseURL: config.baseURL,
            excerptSeparator: config.excerptSeparator.contains("\n") ? nil : config.excerptSeparator)
        let root = site.root
        context.refExists = { target in
            if target.hasPrefix("link:") {
                let path = target.dropFirst(5).trimmingCharacters(in: .whitespaces)
                return FileManager.default.fileExists(atPath: root + "/" + path.drop { $0 == "/" })
            }
            if target.hasPrefix("post_url:") {
                return JekyllPostLookup.exists(
                    String(target.dropFirst(9)).trimmingCharacters(in: .whitespaces), site: site, config: config)
            }
            return true
        }
        return context
    }
}
