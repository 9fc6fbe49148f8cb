import Blog
import Foundation
import TUI

/// The `n` dialog: a form of the fields a new post asks for (title; on a Hugo site section, kind
/// and language), the slug shown as the title is typed. Adding a field is one entry in `fields`
/// and its place in `request`.
public struct NewPostDialog: Sendable {
    /// One field of the dialog: its form field and how it sets the request.
    struct Definition: Sendable {
        let field: Form.Field
        let apply: @Sendable (String, inout NewPostRequest) -> Void
    }

    static let bundleChoice = "page bundle (folder with index.md)", fileChoice = "single file"

    public var form: Form
    let definitions: [Definition]
    public var problem: String?
    /// A Jekyll site: a new post is a draft file in `_drafts/` (no section, kind or language to pick).
    public let jekyll: Bool

    public init(sections: [String], languages: [String], jekyll: Bool = false) {
        self.jekyll = jekyll
        let sections = sections.isEmpty ? ["posts"] : sections
        var definitions = [Definition(field: Form.Field(label: "Title", kind: .text), apply: { $1.title = $0 })]
        if !jekyll {
            definitions.append(
                Definition(
                    field: Form.Field(
                        label: "Section", kind: .choice(options: sections),
                        value: sections.contains("posts") ? "posts" : sections[0]),
                    apply: { $1.section = $0 }))
            definitions.append(
                Definition(
                    field: Form.Field(
                        label: "Kind", kind: .choice(options: [Self.bundleChoice, Self.fileChoice]),
                        value: Self.bundleChoice),
                    apply: { $1.bundle = $0 == Self.bundleChoice }))
            // A photo post: the picture (optional) goes in first, fitted, the title its caption.
            definitions.append(
                Definition(
                    field: Form.Field(label: "Photo (optional)", kind: .text),
                    apply: { $1.photo = $0.isEmpty ? nil : $0 }))
            if !languages.isEmpty {
                definitions.append(
                    Definition(
                        field: Form.Field(label: "Language", kind: .choice(options: languages), value: languages[0]),
                        apply: { $1.lang = $0 }))
            }
        }
        self.definitions = definitions
        form = Form(fields: definitions.map(\.field))
    }

    /// The title as typed.
    public var title: String { form.fields[0].editor.text }

    public var slug: String { PostCreator.slug(for: title) }

    /// Which field has the focus (0: the title).
    public var focus: Int { form.focus }

    /// What the dialog asks for; nil while the title is empty.
    public var request: NewPostRequest? {
        let title = self.title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return nil }
        var request = NewPostRequest(title: title)
        for (definition, field) in zip(definitions, form.fields) { definition.apply(field.editor.text, &request) }
        request.title = title
        return request
    }
}
