/// Edits a page's front matter in place: setting, adding or removing a field touches only that
/// field's lines; every other byte of the file stays as it was. New values follow the file's own
/// style (quotes, date layout, inline or block lists).
public struct FrontMatterEditor: Sendable {
    /// The page with the edits so far.
    public private(set) var page: PageText
    /// The file name used in errors.
    public let file: String

    /// Starts editing `page`. Fails when the front matter does not parse (nothing can be edited safely).
    public init(page: PageText, file: String) throws(ContentError) {
        _ = try FrontMatterReader.fields(of: page, file: file)
        self.page = page
        self.file = file
    }

    /// The current fields.
    public func fields() throws(ContentError) -> FrontMatterFields {
        try FrontMatterReader.fields(of: page, file: file)
    }

    /// Sets `key` (replacing its value where it is, or adding it in a sensible place).
    public mutating func set(_ key: String, to value: FrontMatterValue) throws(ContentError) {
        if page.frontMatter == nil {
            page.frontMatter = FrontMatterBlock(
                format: .yaml, opening: "---\n", content: "", closing: "---\n",
                firstContentLine: 1)
            if !page.leading.isEmpty || !page.body.isEmpty, !page.body.hasPrefix("\n") { page.body = "\n" + page.body }
        }
        var block = page.frontMatter!
        switch block.format {
        case .yaml: block.content = try YAMLBlockEditor(block: block, file: file).setting(key, to: value)
        case .toml: block.content = try TOMLBlockEditor(block: block, file: file).setting(key, to: value)
        case .json: block.content = try JSONBlockEditor(block: block, file: file).setting(key, to: value)
        }
        try commit(block, expecting: key, value)
    }

    /// Removes `key` and its lines. Removing a key that is not there does nothing.
    public mutating func remove(_ key: String) throws(ContentError) {
        guard var block = page.frontMatter else { return }
        switch block.format {
        case .yaml: block.content = YAMLBlockEditor(block: block, file: file).removing(key)
        case .toml: block.content = TOMLBlockEditor(block: block, file: file).removing(key)
        case .json: block.content = try JSONBlockEditor(block: block, file: file).removing(key)
        }
        try commit(block, expecting: key, nil)
    }

    /// Re-reads the edited block and checks it says what was intended before accepting it.
    private mutating func commit(_ block: FrontMatterBlock, expecting key: String, _ value: FrontMatterValue?)
        throws(ContentError)
    {
        var candidate = page
        candidate.frontMatter = block
        let fields = try FrontMatterReader.fields(of: candidate, file: file)
        let actual = fields[key]
        let matches: Bool
        switch (value, actual) {
        case (nil, nil): matches = true
        case (.date(let a)?, .string(let b)?), (.string(let a)?, .date(let b)?): matches = a == b
        case (.list(let a)?, .list(let b)?):
            matches = a.count == b.count && zip(a, b).allSatisfy { $0.text == $1.text }
        case (let a?, let b?): matches = a == b || a.text == b.text && a.text != nil
        default: matches = false
        }
        guard matches else {
            throw ContentError(
                file: file, line: block.firstContentLine,
                problem: "nakedblog could not change `\(key)` without disturbing the rest of the front matter",
                hint: "Edit this field by hand; nothing was written")
        }
        page = candidate
    }
}

/// Orders insertion: new keys go after these fields when present (last one found wins).
package enum InsertionAnchor {
    package static let after = ["title", "date"]
}
