import Blog
import Foundation

/// A new post as the writer asked for it: the new-post dialog and `nakedblog new` alike.
public struct NewPostRequest: Sendable, Equatable {
    public var title: String
    /// Hugo: the section (`posts`); ignored on Jekyll (a draft in `_drafts/`).
    public var section: String
    /// Hugo: a page bundle (`<slug>/index.md`) rather than a single file.
    public var bundle: Bool
    /// Hugo: the language, when the site has several.
    public var lang: String?
    /// The writer's own folders outside the site are honoured (never on a shared server).
    public var outsideSite: Bool
    /// A photo post: this picture goes in first, fitted, the title as its alt text and caption.
    public var photo: String?
    /// A shared server: the photo may come from inside the site only.
    public var restricted = false
    /// With `restricted`: the author (email) whose upload folder a photo may also come from.
    public var author: String?

    public init(
        title: String, section: String = "posts", bundle: Bool = true, lang: String? = nil, outsideSite: Bool = false
    ) {
        self.title = title
        self.section = section
        self.bundle = bundle
        self.lang = lang
        self.outsideSite = outsideSite
    }
}

/// Makes a new post from the site's archetype (`PostCreator`).
public enum PostCreation {
    /// A new post: its path (site-relative), and what the writer should be told about it.
    public struct Made: Sendable, Equatable {
        public let path: String
        /// E.g. the site's archetype was refused and the built-in one used.
        public let note: String?
    }

    /// The new post's path (site-relative).
    public static func create(_ request: NewPostRequest, site: Site) throws(WorkflowError) -> String {
        try make(request, site: site).path
    }

    /// The new post, with a note for the writer when something was not as asked.
    public static func make(_ request: NewPostRequest, site: Site) throws(WorkflowError) -> Made {
        let path: String
        let note: String?
        do {
            let created = try PostCreator(site: site).create(
                .init(
                    title: request.title, section: request.section, bundle: request.bundle, lang: request.lang,
                    outsideSite: request.outsideSite))
            path = created.path
            note = created.note
        } catch {
            throw WorkflowError(.refused, String(describing: error))
        }
        if let photo = request.photo?.trimmingCharacters(in: .whitespaces), !photo.isEmpty {
            do throws(WorkflowError) {
                try PhotoPost.addPhoto(
                    photo, caption: request.title, to: path, site: site, restricted: request.restricted,
                    author: request.author)
            } catch {
                // No half-made photo post: the new file goes (a bundle's folder with it).
                let file = site.absolute(path)
                try? FileManager.default.removeItem(
                    atPath: PagePath.bundleDirectory(of: file) ?? file)
                throw error
            }
        }
        return Made(path: path, note: note)
    }
}
