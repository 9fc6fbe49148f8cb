/// The three front matter formats Hugo reads.
public enum FrontMatterFormat: String, Sendable, Codable, CaseIterable {
    /// Between `---` lines.
    case yaml
    /// Between `+++` lines.
    case toml
    /// A JSON object at the start of the file.
    case json

    /// The delimiter line (`---` / `+++`); nil for JSON, whose braces delimit it.
    public var delimiter: String? {
        switch self {
        case .yaml: return "---"
        case .toml: return "+++"
        case .json: return nil
        }
    }
}
