import Blog
import Foundation
import FrontMatter

/// Keeping a published post's old address after its URL changed: the old one goes into the
/// post's redirects (`aliases` for Hugo, `redirect_from` for Jekyll with jekyll-redirect-from),
/// the one line changed in place.
public enum OldAddress {
    /// Adds `change.old` to the redirects of `post` (site-relative) on disk; returns the front
    /// matter key it went under.
    public static func keep(_ change: URLChange, post: String, site: Site) throws(WorkflowError) -> String {
        let file = site.absolute(post)
        do {
            try SiteContainment.require(file, insideSite: site.root, display: post)
            let text = try PageText.read(path: file, display: post).text
            guard let key = URLChange.redirectKey(site: site),
                let kept = try change.keepingOldAddress(text, file: post, site: site)
            else {
                throw WorkflowError(
                    .refused, "this site has no redirects (a Jekyll site needs the jekyll-redirect-from plugin).")
            }
            var info = stat()
            try AtomicFile.write(
                Data(kept.utf8), to: file, permissions: stat(file, &info) == 0 ? info.st_mode & 0o7777 : 0o644)
            return key
        } catch let error as WorkflowError {
            throw error
        } catch let error as ContentError {
            throw WorkflowError(.refused, error.description)
        } catch {
            throw WorkflowError(.unreadable, "\(error)")
        }
    }
}
