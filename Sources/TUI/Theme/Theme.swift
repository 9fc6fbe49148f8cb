import Foundation
import TOMLKit

/// Colours and attributes for each style role, read from a TOML file in `themes/`.
public struct Theme: Sendable, Equatable {
    /// One role's look.
    public struct Entry: Sendable, Equatable {
        public var foreground: Color = .terminalDefault
        public var background: Color = .terminalDefault
        public var bold = false
        public var italic = false
        public var underline = false
        public var reverse = false
        public var dim = false
    }

    public let name: String
    public var entries: [StyleRole: Entry]

    /// The look of `style`: its role's entry plus the style's own attributes.
    public func entry(for style: Style) -> Entry {
        var entry =
            entries[style.role] ?? Self.fallback(style.role).flatMap { entries[$0] } ?? entries[.normal] ?? Entry()
        entry.bold = entry.bold || style.bold
        entry.italic = entry.italic || style.italic
        entry.underline = entry.underline || style.underline
        entry.reverse = entry.reverse != style.reverse
        return entry
    }

    /// The role a theme written before `role` existed draws it as.
    static func fallback(_ role: StyleRole) -> StyleRole? {
        switch role {
        case .frontMatter: return .dim
        case .frontMatterKey: return .marker
        case .codeKeyword: return .heading
        case .codeType, .codeFunction: return .link
        case .codeString: return .code
        case .codeComment: return .dim
        case .codeNumber: return .marker
        case .codePreprocessor: return .warning
        default: return nil
        }
    }

    /// A theme file's problem: which file, which line, what to do. The default theme is used.
    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public let file: String
        public let line: Int?
        public let problem: String
        public var description: String {
            "\(file)\(line.map { ":\($0)" } ?? ""): \(problem). Fix the theme file; the default theme is used meanwhile."
        }
    }

    /// Reads a theme. Format: `[styles]` with one table per role, e.g.
    /// `heading = { fg = "#e5c07b", bold = true }`. Colours are approximated for 256- and
    /// 8-colour terminals and dropped on monochrome ones (attributes stay).
    public static func load(path: String) throws(LoadError) -> Theme {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw LoadError(file: path, line: nil, problem: "cannot read the theme file")
        }
        return try parse(
            text, name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension, file: path)
    }

    static func parse(_ text: String, name: String, file: String) throws(LoadError) -> Theme {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw LoadError(file: file, line: error.source.begin.line, problem: "invalid TOML: \(error.description)")
        } catch {
            throw LoadError(file: file, line: nil, problem: "invalid TOML")
        }
        guard let styles = table["styles"]?.table else {
            throw LoadError(file: file, line: nil, problem: "there is no [styles] table")
        }
        func line(of key: String) -> Int? {
            text.components(separatedBy: "\n").firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(key) }.map
            { $0 + 1 }
        }
        var entries: [StyleRole: Entry] = [:]
        for key in styles.keys {
            guard let role = StyleRole(rawValue: key) else {
                throw LoadError(
                    file: file, line: line(of: key),
                    problem:
                        "`\(key)` is not a style; use one of \(StyleRole.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            guard let spec = styles[key]?.table else {
                throw LoadError(
                    file: file, line: line(of: key), problem: "`\(key)` must be a table like { fg = \"red\" }")
            }
            var entry = Entry()
            for (field, target) in [("fg", \Entry.foreground), ("bg", \Entry.background)] {
                guard let value = spec[field] else { continue }
                let text = value.string ?? value.int.map(String.init) ?? ""
                let color = value.int.map { Color.indexed($0) } ?? Color(text)
                guard let color else {
                    throw LoadError(
                        file: file, line: line(of: key),
                        problem: "`\(text)` is not a colour (use a name like red, a number 0–255, or #rrggbb)")
                }
                entry[keyPath: target] = color
            }
            entry.bold = spec["bold"]?.bool ?? false
            entry.italic = spec["italic"]?.bool ?? false
            entry.underline = spec["underline"]?.bool ?? false
            entry.reverse = spec["reverse"]?.bool ?? false
            entry.dim = spec["dim"]?.bool ?? false
            entries[role] = entry
        }
        return Theme(name: name, entries: entries)
    }

    /// The built-in fallback when no theme file can be read: attributes only.
    public static let builtIn = Theme(
        name: "built-in",
        entries: [
            .title: Entry(bold: true), .heading: Entry(bold: true), .strong: Entry(bold: true),
            .emphasis: Entry(italic: true),
            .selection: Entry(reverse: true), .statusBar: Entry(reverse: true), .keyHintKey: Entry(bold: true),
            .dim: Entry(dim: true), .border: Entry(dim: true), .error: Entry(bold: true), .link: Entry(underline: true),
        ])
}
