import Blog
import Foundation
import GitOps
import Preview
import TUI

/// The `n` dialog: a title (the slug shown as it is typed), with section, kind and language.
public struct NewPostDialog: Sendable {
    public var title = TextField()
    public var sections: [String]
    public var section: Int = 0
    public var bundle = true
    public var languages: [String]
    public var language = 0
    /// 0: title, 1: section, 2: kind, 3: language.
    public var focus = 0
    public var problem: String?
    /// A Jekyll site: a new post is a draft file in `_drafts/` (no section, kind or language to pick).
    public var jekyll = false

    public init(sections: [String], languages: [String], jekyll: Bool = false) {
        self.sections = sections.isEmpty ? ["posts"] : sections
        if let posts = self.sections.firstIndex(of: "posts") { section = posts }
        self.languages = jekyll ? [] : languages
        self.jekyll = jekyll
    }

    /// How many fields Tab goes through.
    var fieldCount: Int { jekyll ? 1 : (languages.isEmpty ? 3 : 4) }

    public var slug: String { PostCreator.slug(for: title.text) }
}
