import Blog
import Foundation
import TUI

/// The front-matter form over the editor: title, date, draft, tags and categories (completed from
/// the site's terms), description, and the other scalar fields with their types. Lists of other
/// kinds and tables stay in the text (the raw view). Applying edits the text in place, field by
/// field, so untouched lines stay byte-for-byte the same.
public struct FrontMatterForm: Sendable {
    public var form: Form
    /// The key each field edits, and the text it started with.
    let keys: [String]
    let originals: [String]
    let originalToggles: [Bool]
    public var problem: String?
    /// Keys the form does not show (lists and tables): edit them in the text.
    public var rawKeys: [String]

    static let known: [(key: String, label: String)] = [
        ("title", "Title"), ("date", "Date"), ("draft", "Draft"), ("tags", "Tags"), ("categories", "Categories"),
        ("description", "Description"),
    ]

    /// The form for `text` (a whole page), or the reason there is none.
    static func make(text: String, path: String, tags: [String], categories: [String]) -> Result<
        FrontMatterForm, ContentError
    > {
        let fields: FrontMatterFields
        do {
            let page = try PageText(text: text, file: path)
            guard page.frontMatter != nil else {
                return .failure(
                    ContentError(
                        file: path, problem: "this post has no front matter",
                        hint: "Add a block (--- title: … ---) at the top of the text"))
            }
            fields = try FrontMatterEditor(page: page, file: path).fields()
        } catch {
            return .failure(error)
        }
        var formFields: [Form.Field] = [], keys: [String] = [], originals: [String] = [], toggles: [Bool] = []
        func add(_ key: String, _ label: String, _ kind: Form.Kind, _ value: FrontMatterValue?) {
            let text = kind == .toggle ? "" : (value.map(display) ?? "")
            let isOn = value?.bool ?? false
            formFields.append(Form.Field(label: label, kind: kind, value: text, isOn: isOn))
            keys.append(fields.keys.first { $0.lowercased() == key.lowercased() } ?? key)
            originals.append(text)
            toggles.append(isOn)
        }
        // Jekyll's singular `category:` (one name) is the Categories row when there is no `categories:`.
        let singularCategory = fields["categories"] == nil && fields["category"] != nil
        for (key, label) in known {
            let kind: Form.Kind
            switch key {
            case "draft": kind = .toggle
            case "date": kind = .date
            case "tags": kind = .tags(vocabulary: tags)
            case "categories" where singularCategory: kind = .text
            case "categories": kind = .tags(vocabulary: categories)
            default: kind = .text
            }
            let shown = key == "categories" && singularCategory ? "category" : key
            add(shown, label, kind, fields[shown])
        }
        var raw: [String] = []
        for field in fields.fields
        where !known.contains(where: { $0.key == field.key.lowercased() })
            && !(singularCategory && field.key.lowercased() == "category")
        {
            switch field.value {
            case .bool: add(field.key, field.key, .toggle, field.value)
            case .date: add(field.key, field.key, .date, field.value)
            case .string, .int, .double: add(field.key, field.key, .text, field.value)
            case .list(let items) where items.allSatisfy({ $0.text != nil }):
                add(field.key, field.key, .tags(vocabulary: []), field.value)
            default: raw.append(field.key)
            }
        }
        var form = Form(fields: formFields)
        form.validateDate = { text in
            text.isEmpty || HugoDate.parse(text) != nil
                ? nil : "not a date Hugo reads: use 2024-05-01 or 2024-05-01T10:00:00+02:00"
        }
        return .success(
            FrontMatterForm(form: form, keys: keys, originals: originals, originalToggles: toggles, rawKeys: raw))
    }

    static func display(_ value: FrontMatterValue) -> String {
        switch value {
        case .list: return value.strings.joined(separator: ", ")
        default: return value.text ?? ""
        }
    }

    /// `text` with every changed field set in place; throws a user-facing problem.
    func apply(to text: String, path: String) throws(ContentError) -> String {
        var editor = try FrontMatterEditor(page: try PageText(text: text, file: path), file: path)
        let existing = try editor.fields()
        for (index, field) in form.fields.enumerated() {
            let key = keys[index]
            if field.kind == .toggle {
                guard field.isOn != originalToggles[index] else { continue }
                try editor.set(key, to: .bool(field.isOn))
                continue
            }
            let value = field.editor.text
            guard value != originals[index] else { continue }
            if value.trimmingCharacters(in: .whitespaces).isEmpty {
                if existing[key] != nil { try editor.remove(key) }
                continue
            }
            let forced: FieldValueParser.Kind?
            switch field.kind {
            case .tags: forced = .list
            case .date: forced = .date
            default: forced = existing[key] == nil ? .string : nil
            }
            try editor.set(
                key, to: try FieldValueParser.parse(value, key: key, existing: existing[key], forced: forced))
        }
        return editor.page.textWithBOM
    }
}

extension FrontMatterForm {
    /// The form over the editor; returns the focused field's cursor.
    func render(into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let form = self
        let rows = form.form.fields.count
        var footer = ["", form.problem ?? "Enter applies · Tab next (completes tags) · Space toggles · Esc cancels"]
        if !form.rawKeys.isEmpty { footer.append("In the text only: " + form.rawKeys.joined(separator: ", ")) }
        let lines = Array(repeating: "", count: rows) + footer
        guard
            let inner = OverlayRender.box(title: "Front matter", lines: lines, minWidth: 64, into: &screen, area: area)
        else {
            return nil
        }
        if let problem = form.problem {
            screen.put(problem, x: inner.x, y: inner.y + rows + 1, style: Style(.error), clip: inner)
        }
        return form.form.render(
            into: &screen, area: Rect(x: inner.x, y: inner.y, width: inner.width, height: min(rows, inner.height)))
    }
}
