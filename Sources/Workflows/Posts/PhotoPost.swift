import Blog
import Foundation

/// A photo post: a new post whose body opens with its picture (fit to publish, in its bundle or
/// the site's image folder), the caption as the picture's alt text and as the first paragraph,
/// and the picture named as the post's cover where generators look for one: Hugo's `images`
/// (its Open Graph and Twitter card templates, and themes that follow them), Jekyll's `image`
/// (jekyll-seo-tag and the themes that read it). Only that field's line is added.
///
/// Hugo's cover is the picture's path from the site's root without a leading slash
/// (`posts/fog/fog.jpg`): Hugo 0.111's templates make it absolute with `absURL` (a bare name
/// would land at the site's root, a leading slash would drop a `baseURL` path), and current
/// Hugo, finding no page resource of that name, does the same.
public enum PhotoPost {
    public static func addPhoto(
        _ photo: String, caption: String, to post: String, site: Site, restricted: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment, author: String? = nil
    ) throws(WorkflowError) {
        let added = try ImageImport.add(
            photo, to: post, site: site, restricted: restricted, environment: environment, author: author)
        let file = site.absolute(post)
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw WorkflowError(.unreadable, "cannot read \(post) to put the photo in it")
        }
        let alt = caption.replacingOccurrences(of: "]", with: "").replacingOccurrences(of: "\n", with: " ")
        var withCover = text
        if let page = try? PageText(text: text, file: post), var editor = try? FrontMatterEditor(page: page, file: post)
        {
            let cover: (String, FrontMatterValue) =
                // Jekyll: the path from the site's root (the link may be Liquid, `relative_url` for a
                // baseurl, which front matter does not render; jekyll-seo-tag adds url and baseurl).
                site.kind.jekyll != nil
                ? ("image", .string("/" + added.folder + "/" + added.name))
                : ("images", .list([.string(hugoCover(added.link, post: post, text: text, site: site))]))
            if (try? editor.set(cover.0, to: cover.1)) != nil { withCover = editor.page.text }
        }
        let separator = withCover.hasSuffix("\n") || withCover.isEmpty ? "" : "\n"
        let photoText = withCover + separator + "\n![\(alt)](\(added.link))\n\n\(caption)\n"
        do {
            try AtomicFile.write(Data(photoText.utf8), to: file, permissions: 0o644)
        } catch {
            throw WorkflowError(.refused, "cannot write \(post): \(error)")
        }
    }

    /// The picture at `link` (beside the post, or from the site's root) as a path from the site's root.
    static func hugoCover(_ link: String, post: String, text: String, site: Site) -> String {
        if link.hasPrefix("/") { return String(link.drop { $0 == "/" }) }
        guard let page = PostIndex.post(at: post, bytes: Array(text.utf8), site: site) else { return link }
        let folder = page.url(config: site.config).drop { $0 == "/" }
        return folder.isEmpty || folder.hasSuffix("/") ? folder + link : folder + "/" + link
    }
}
