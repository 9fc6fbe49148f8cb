import Foundation

/// A post as a publish names it: its title and draft flag (the folder or file name when the
/// front matter does not say), and the front-matter keys changed since the last commit. One
/// reading for `publish` and the app's sheet.
public struct PublishedPage: Sendable, Equatable {
    public var title: String
    public var isDraft: Bool
    public var changedKeys: [String]

    /// Reads the page a publish of `commitPath` (a bundle folder or page file, relative to
    /// `workdir`) commits; `committed` gives a path's bytes at HEAD.
    public static func read(_ commitPath: String, workdir: String, committed: (String) -> Data? = { _ in nil })
        -> PublishedPage
    {
        let root = workdir.hasSuffix("/") ? workdir : workdir + "/"
        var result = PublishedPage(title: (commitPath as NSString).lastPathComponent, isDraft: false, changedKeys: [])
        guard let page = PublishReview.pages(of: commitPath, workdir: workdir).first,
            let text = try? PageText.read(path: root + page, display: page),
            let fields = try? FrontMatterEditor(page: text, file: page).fields()
        else { return result }
        if let title = fields["title"]?.text, !title.isEmpty { result.title = title }
        result.isDraft = fields["draft"]?.bool ?? false
        if let old = committed(page), let oldPage = try? PageText(data: old, file: page),
            let oldFields = try? FrontMatterEditor(page: oldPage, file: page).fields()
        {
            result.changedKeys =
                fields.keys.filter { fields[$0] != oldFields[$0] } + oldFields.keys.filter { fields[$0] == nil }
        }
        return result
    }
}
