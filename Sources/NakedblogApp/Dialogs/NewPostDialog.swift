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

extension NewPostDialog {
    /// The dialog over the page; returns the focused field's cursor.
    func render(into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let dialog = self
        let rows = dialog.form.fields.count
        var lines = Array(repeating: "", count: rows) + ["", "slug: \(dialog.slug)"]
        if dialog.jekyll { lines += ["A draft: _drafts/\(dialog.slug).md", "(dated when it is published)"] }
        let problemLines = dialog.problem.map { App.wrap($0, width: max(20, min(72, area.width - 8))) } ?? []
        lines +=
            [""]
            + (problemLines.isEmpty
                ? [
                    dialog.jekyll
                        ? "Enter creates · Esc cancels" : "Enter creates · Tab next field · ←/→ change · Esc cancels"
                ]
                : problemLines)
        guard let inner = OverlayRender.box(title: "New post", lines: lines, minWidth: 56, into: &screen, area: area)
        else {
            return nil
        }
        screen.put("slug: ", x: inner.x, y: inner.y + rows + 1, style: Style(.dim), clip: inner)
        for (index, line) in problemLines.enumerated() {
            screen.put(
                line, x: inner.x, y: inner.y + lines.count - problemLines.count + index, style: Style(.error),
                clip: inner)
        }
        return dialog.form.render(into: &screen, area: Rect(x: inner.x, y: inner.y, width: inner.width, height: rows))
    }
}
