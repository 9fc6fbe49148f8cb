import Foundation
import TOMLKit
import Yams

/// Reads a front matter block's values with Yams, TOMLKit or Foundation's JSON parser.
/// These libraries only read; the text is never re-serialised from what they return.
public enum FrontMatterReader {
    /// Parses `block`; errors name `file` and the line in the file.
    public static func fields(of block: FrontMatterBlock, file: String) throws(ContentError) -> FrontMatterFields {
        switch block.format {
        case .yaml: return try yaml(block, file: file)
        case .toml: return try toml(block, file: file)
        case .json: return try json(block, file: file)
        }
    }

    /// The fields of a page, or empty when it has no front matter.
    public static func fields(of page: PageText, file: String) throws(ContentError) -> FrontMatterFields {
        guard let block = page.frontMatter else { return FrontMatterFields() }
        return try fields(of: block, file: file)
    }

    package static func yaml(_ block: FrontMatterBlock, file: String) throws(ContentError) -> FrontMatterFields {
        let node: Node?
        do {
            // The basic resolver: plain scalars are typed by `YAMLScalar` (as go-yaml types them),
            // and Yams' default rules compile ICU regular expressions on first use — milliseconds
            // added to any listing that meets one block the fast reader hands over.
            node = try Yams.compose(yaml: block.content, .basic)
        } catch let error as YamlError {
            throw yamlError(error, block: block, file: file)
        } catch {
            throw ContentError(
                file: file, line: block.firstContentLine, problem: "cannot read the YAML front matter: \(error)",
                hint: "Fix the YAML between the `---` lines")
        }
        guard let node else { return FrontMatterFields() }
        guard case .mapping(let mapping) = node else {
            throw ContentError(
                file: file, line: block.firstContentLine,
                problem: "the YAML front matter is not a list of `key: value` fields",
                hint: "Write one `key: value` per line between the `---` lines")
        }
        // Aliases are shared while composed, but every value reached through one becomes a copy:
        // nine levels of nine aliases ("billion laughs", 430 bytes) would be 10⁹ values. The
        // values made may be at most a few per byte of the block, as hardened YAML readers limit
        // alias expansion; a real front matter has far fewer values than bytes.
        var budget = 10_000 + 4 * block.content.utf8.count
        do throws(AliasExpansionLimit) {
            var fields: [FrontMatterField] = []
            for (key, value) in mapping {
                fields.append(FrontMatterField(key: key.string ?? "", value: try yamlValue(value, budget: &budget)))
            }
            return FrontMatterFields(fields)
        } catch {
            throw ContentError(
                file: file, line: block.firstContentLine,
                problem:
                    "the YAML front matter expands its aliases (*name) into too many values (a \"billion laughs\" document?)",
                hint:
                    "Repeat values instead of nesting aliases; nakedblog stops reading after \(10_000 + 4 * block.content.utf8.count) values"
            )
        }
    }

    /// Thrown when alias expansion makes more values than the block's budget.
    package struct AliasExpansionLimit: Error {}

    package static func yamlValue(_ node: Node, budget: inout Int) throws(AliasExpansionLimit) -> FrontMatterValue {
        budget -= 1
        if budget < 0 { throw AliasExpansionLimit() }
        switch node {
        case .scalar(let scalar):
            return scalar.style == .plain ? YAMLScalar.resolve(plain: scalar.string) : .string(scalar.string)
        case .sequence(let sequence):
            var items: [FrontMatterValue] = []
            items.reserveCapacity(min(sequence.count, max(0, budget)))
            for item in sequence { items.append(try yamlValue(item, budget: &budget)) }
            return .list(items)
        case .mapping(let mapping):
            var fields: [FrontMatterField] = []
            for (key, value) in mapping {
                fields.append(FrontMatterField(key: key.string ?? "", value: try yamlValue(value, budget: &budget)))
            }
            return .map(fields)
        case .alias: return .null
        }
    }

    package static func yamlError(_ error: YamlError, block: FrontMatterBlock, file: String) -> ContentError {
        let hint =
            "Fix the YAML between the `---` lines (quote values that contain `: ` or start with a special character)"
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // An unclosed construct is reported where it ends; pointing at where it began helps more.
            let at = context?.mark ?? mark
            var detail = problem
            if let context, !context.text.isEmpty {
                detail =
                    "\(context.text) that starts here, \(problem) (noticed on line \(block.firstContentLine + mark.line - 1))"
            }
            return ContentError(
                file: file, line: block.firstContentLine + at.line - 1, column: at.column,
                problem: "invalid YAML front matter: \(detail)", hint: hint)
        case .duplicatedKeysInMapping(let duplicates, _):
            return ContentError(
                file: file, line: block.firstContentLine,
                problem: "the YAML front matter repeats the key(s) \(duplicates.joined(separator: ", "))",
                hint: "Keep one of each key")
        default:
            return ContentError(
                file: file, line: block.firstContentLine, problem: "invalid YAML front matter: \(error)", hint: hint)
        }
    }

    package static func toml(_ block: FrontMatterBlock, file: String) throws(ContentError) -> FrontMatterFields {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: block.content)
        } catch let error as TOMLParseError {
            throw ContentError(
                file: file, line: block.firstContentLine + error.source.begin.line - 1,
                column: error.source.begin.column, problem: "invalid TOML front matter: \(error.description)",
                hint: "Fix the TOML between the `+++` lines (strings need quotes: title = \"…\")")
        } catch {
            throw ContentError(
                file: file, line: block.firstContentLine, problem: "invalid TOML front matter: \(error)",
                hint: "Fix the TOML between the `+++` lines")
        }
        return FrontMatterFields(
            TOMLOrder.keys(of: table, in: block.content).map {
                FrontMatterField(key: $0, value: tomlValue(table[$0]))
            })
    }

    package static func tomlValue(_ value: TOMLValueConvertible?) -> FrontMatterValue {
        guard let value else { return .null }
        switch value.type {
        case .string: return .string(value.string ?? "")
        case .int: return .int(value.int ?? 0)
        case .double: return .double(value.double ?? 0)
        case .bool: return .bool(value.bool ?? false)
        case .date:
            guard let d = value.date else { return .null }
            return .date(String(format: "%04d-%02d-%02d", d.year, d.month, d.day))
        case .time:
            guard let t = value.time else { return .null }
            return .string(String(format: "%02d:%02d:%02d", t.hour, t.minute, t.second))
        case .dateTime:
            guard let dt = value.dateTime else { return .null }
            return .date(TOMLOrder.text(of: dt))
        case .array: return .list((value.array ?? TOMLArray()).map { tomlValue($0) })
        case .table:
            guard let table = value.table else { return .null }
            return .map(table.keys.map { FrontMatterField(key: $0, value: tomlValue(table[$0])) })
        }
    }

    package static func json(_ block: FrontMatterBlock, file: String) throws(ContentError) -> FrontMatterFields {
        do {
            let document = try JSONDocument(block.content)
            return FrontMatterFields(document.fields.map { FrontMatterField(key: $0.key, value: $0.value) })
        } catch {
            let location = JSONDocument.location(of: error.offset, in: block.content)
            throw ContentError(
                file: file, line: block.firstContentLine + location.line - 1, column: location.column,
                problem: "invalid JSON front matter: \(error.problem)",
                hint:
                    "Fix the JSON object at the top of the file (keys and strings need double quotes, no trailing commas)"
            )
        }
    }
}
