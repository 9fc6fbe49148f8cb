import Blog
import Foundation

/// A photo post: a new post whose body opens with its picture (fit to publish, in its bundle or
/// the site's image folder), the caption as the picture's alt text and as the first paragraph.
public enum PhotoPost {
    public static func addPhoto(
        _ photo: String, caption: String, to post: String, site: Site, restricted: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(WorkflowError) {
        let added = try ImageImport.add(photo, to: post, site: site, restricted: restricted, environment: environment)
        let file = site.absolute(post)
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw WorkflowError(.unreadable, "cannot read \(post) to put the photo in it")
        }
        let alt = caption.replacingOccurrences(of: "]", with: "").replacingOccurrences(of: "\n", with: " ")
        let separator = text.hasSuffix("\n") || text.isEmpty ? "" : "\n"
        let photoText = text + separator + "\n![\(alt)](\(added.link))\n\n\(caption)\n"
        do {
            try AtomicFile.write(Data(photoText.utf8), to: file, permissions: 0o644)
        } catch {
            throw WorkflowError(.refused, "cannot write \(post): \(error)")
        }
    }
}
