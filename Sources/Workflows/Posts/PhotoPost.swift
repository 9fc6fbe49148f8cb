import Blog
import Foundation

/// A photo post: a new post whose body opens with its picture (fit to publish, in its bundle or
/// the site's image folder), the caption as the picture's alt text and as the first paragraph,
/// and the picture named as the post's cover where generators look for one: Hugo's `images`
/// (its Open Graph and Twitter card templates, and themes that follow them), Jekyll's `image`
/// (jekyll-seo-tag and the themes that read it). Only that field's line is added.
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
                site.kind.jekyll != nil ? ("image", .string(added.link)) : ("images", .list([.string(added.link)]))
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
}
