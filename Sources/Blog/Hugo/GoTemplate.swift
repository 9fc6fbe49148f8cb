import Foundation

/// A small evaluator for the Go template expressions real Hugo archetypes use: fields
/// (`.Name`, `.File.ContentBaseName`, `.Site.Title`, `.Date`, …), variables (`$t := …`),
/// pipelines, and the functions `replace`, `title`, `lower`, `upper`, `default`, `now`
/// (with `.Format`), `printf`, `urlize`, `humanize`, `trim`. Anything else is an error that
/// names the expression (nothing is written).
struct GoTemplate {
    /// A template problem: the expression and what is wrong with it.
    struct Failure: Error, Equatable {
        let line: Int
        let expression: String
        let problem: String
    }

    /// Values an expression can produce.
    enum Value: Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case time(Date, TimeZone)
        case null

        var text: String {
            switch self {
            case .string(let s): return s
            case .int(let i): return String(i)
            case .bool(let b): return b ? "true" : "false"
            case .time(let date, let zone): return GoTimeFormat.format(date, layout: GoTimeFormat.rfc3339, zone: zone)
            case .null: return ""
            }
        }

        var isEmpty: Bool {
            switch self {
            case .string(let s): return s.isEmpty
            case .int(let i): return i == 0
            case .bool(let b): return !b
            case .null: return true
            case .time: return false
            }
        }
    }

    /// The data the template sees: dotted field paths (`"File.ContentBaseName"`) to values.
    let fields: [String: Value]
    let now: Date
    let zone: TimeZone

    /// Renders `source`.
    func render(_ source: String) throws(Failure) -> String {
        var output = ""
        var variables: [String: Value] = [:]
        var rest = Substring(source)
        var line = 1
        while let open = rest.range(of: "{{") {
            var text = rest[..<open.lowerBound]
            var body = rest[open.upperBound...]
            if body.hasPrefix("-") && body.dropFirst().first.map({ $0 == " " || $0 == "\t" || $0 == "\n" }) == true {
                while let last = text.last, last.isWhitespace { text = text.dropLast() }
                body = body.dropFirst()
            }
            output += text
            line += text.filter { $0 == "\n" }.count
            guard let close = body.range(of: "}}") else {
                throw Failure(
                    line: line, expression: String(body.prefix(40)),
                    problem: "an action is opened with `{{` but never closed with `}}`")
            }
            var action = body[..<close.lowerBound]
            rest = body[close.upperBound...]
            if action.hasSuffix("-"), action.dropLast().last.map({ $0 == " " || $0 == "\t" || $0 == "\n" }) == true {
                action = action.dropLast()
                rest = rest.drop { $0.isWhitespace }
            }
            let trimmed = action.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("/*") { continue }
            var parser = GoTemplateParser(trimmed, line: line)
            let statement = try parser.statement()
            let value = try evaluate(statement.pipeline, variables: &variables, line: line, source: trimmed)
            if let name = statement.assigns {
                variables[name] = value
            } else {
                output += value.text
            }
            line += action.filter { $0 == "\n" }.count
        }
        return output + rest
    }

    private func evaluate(
        _ pipeline: [GoTemplateParser.Command], variables: inout [String: Value], line: Int,
        source: String
    ) throws(Failure) -> Value {
        var piped: Value?
        for command in pipeline {
            var arguments: [Value] = []
            for operand in command.arguments {
                arguments.append(try value(of: operand, variables: &variables, line: line, source: source))
            }
            if let piped { arguments.append(piped) }
            piped = try call(command.head, arguments, variables: &variables, line: line, source: source)
        }
        return piped ?? .null
    }

    private func value(
        of operand: GoTemplateParser.Operand, variables: inout [String: Value], line: Int,
        source: String
    ) throws(Failure) -> Value {
        switch operand {
        case .literal(let v): return v
        case .field(let path):
            guard let v = fields[path] else {
                throw Failure(line: line, expression: source, problem: "`.\(path)` is not available in archetypes here")
            }
            return v
        case .variable(let name):
            guard let v = variables[name] else {
                throw Failure(line: line, expression: source, problem: "`$\(name)` is not defined")
            }
            return v
        case .pipeline(let inner): return try evaluate(inner, variables: &variables, line: line, source: source)
        case .function(let name, let methods):
            var v = try call(.function(name), [], variables: &variables, line: line, source: source)
            for method in methods { v = try callMethod(method, on: v, [], line: line, source: source) }
            return v
        }
    }

    private func call(
        _ head: GoTemplateParser.Head, _ args: [Value], variables: inout [String: Value], line: Int,
        source: String
    ) throws(Failure) -> Value {
        switch head {
        case .operand(let operand):
            guard args.isEmpty else {
                if case .function(let name, let methods) = operand, let method = methods.last {
                    var base = try call(.function(name), [], variables: &variables, line: line, source: source)
                    for m in methods.dropLast() { base = try callMethod(m, on: base, [], line: line, source: source) }
                    return try callMethod(method, on: base, args, line: line, source: source)
                }
                throw Failure(line: line, expression: source, problem: "a value cannot take arguments")
            }
            return try value(of: operand, variables: &variables, line: line, source: source)
        case .function(let name):
            return try GoTemplateFunctions.call(name, args, now: now, zone: zone) { problem in
                Failure(line: line, expression: source, problem: problem)
            }
        }
    }

    private func callMethod(_ name: String, on value: Value, _ args: [Value], line: Int, source: String) throws(Failure)
        -> Value
    {
        guard case .time(let date, let zone) = value else {
            throw Failure(line: line, expression: source, problem: "`.\(name)` is only supported on dates")
        }
        switch name {
        case "Format":
            guard args.count == 1, case .string(let layout) = args[0] else {
                throw Failure(
                    line: line, expression: source,
                    problem: "`.Format` takes one layout string, e.g. .Format \"2006-01-02\"")
            }
            return .string(GoTimeFormat.format(date, layout: layout, zone: zone))
        case "Year": return .int(Calendar(identifier: .gregorian).dateComponents(in: zone, from: date).year ?? 0)
        case "Unix": return .int(Int(date.timeIntervalSince1970))
        default: throw Failure(line: line, expression: source, problem: "the date method `.\(name)` is not supported")
        }
    }
}
