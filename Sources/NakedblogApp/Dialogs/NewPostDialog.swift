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

    public init(sections: [String], languages: [String]) {
        self.sections = sections.isEmpty ? ["posts"] : sections
        if let posts = self.sections.firstIndex(of: "posts") { section = posts }
        self.languages = languages
    }

    public var slug: String { PostCreator.slug(for: title.text) }
}
