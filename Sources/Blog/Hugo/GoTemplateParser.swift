/// Parses one Go template action (`$x := replace .Name "-" " " | title`).
struct GoTemplateParser {
    indirect enum Operand: Equatable {
        case literal(GoTemplate.Value)
        case field(String)
        case variable(String)
        case pipeline([Command])
        /// A function used as a value, with method calls (`now.Format`).
        case function(String, methods: [String])
    }

    enum Head: Equatable {
        case function(String)
        case operand(Operand)
    }

    struct Command: Equatable {
        let head: Head
        let arguments: [Operand]
    }

    struct Statement {
        let assigns: String?
        let pipeline: [Command]
    }

    static let unsupportedKeywords: Set<String> = [
        "if", "else", "end", "range", "with", "define", "template", "block", "break", "continue",
    ]

    private let source: String
    private let line: Int
    private var tokens: [String]
    private var position = 0

    init(_ source: String, line: Int) {
        self.source = source
        self.line = line
        tokens = GoTemplateParser.tokenize(source)
    }

    mutating func statement() throws(GoTemplate.Failure) -> Statement {
        if let first = tokens.first, first.hasPrefix("$"), tokens.count > 1, tokens[1] == ":=" || tokens[1] == "=" {
            position = 2
            return Statement(assigns: String(first.dropFirst()), pipeline: try pipeline())
        }
        if let first = tokens.first, Self.unsupportedKeywords.contains(first) {
            throw fail(
                "`\(first)` blocks are not supported in archetypes by nakedblog; simplify the archetype or create the post with `hugo new content`"
            )
        }
        let result = try pipeline()
        guard position == tokens.count else { throw fail("unexpected `\(tokens[position])`") }
        return Statement(assigns: nil, pipeline: result)
    }

    private mutating func pipeline() throws(GoTemplate.Failure) -> [Command] {
        var commands: [Command] = [try command()]
        while position < tokens.count, tokens[position] == "|" {
            position += 1
            commands.append(try command())
        }
        return commands
    }

    private mutating func command() throws(GoTemplate.Failure) -> Command {
        guard position < tokens.count else { throw fail("an expression is missing") }
        let token = tokens[position]
        var head: Head
        if let name = Self.identifier(token) {
            position += 1
            let parts = name.split(separator: ".").map(String.init)
            head =
                parts.count > 1 ? .operand(.function(parts[0], methods: Array(parts.dropFirst()))) : .function(parts[0])
        } else {
            head = .operand(try operand())
        }
        var arguments: [Operand] = []
        while position < tokens.count, tokens[position] != "|", tokens[position] != ")" {
            arguments.append(try operand())
        }
        if case .function(let name) = head, Self.unsupportedKeywords.contains(name) {
            throw fail("`\(name)` is not supported inside an expression")
        }
        return Command(head: head, arguments: arguments)
    }

    private mutating func operand() throws(GoTemplate.Failure) -> Operand {
        guard position < tokens.count else { throw fail("an argument is missing") }
        let token = tokens[position]
        position += 1
        if token == "(" {
            let inner = try pipeline()
            guard position < tokens.count, tokens[position] == ")" else { throw fail("`(` is never closed") }
            position += 1
            return .pipeline(inner)
        }
        if token.hasPrefix("\"") {
            guard let (value, _) = QuotedString.read(Substring(token), yamlStyle: false) else {
                throw fail("bad string \(token)")
            }
            return .literal(.string(value))
        }
        if token.hasPrefix("`") { return .literal(.string(String(token.dropFirst().dropLast()))) }
        if token.hasPrefix(".") {
            guard token.count > 1 else { throw fail("`.` on its own is not supported") }
            return .field(String(token.dropFirst()))
        }
        if token.hasPrefix("$") { return .variable(String(token.dropFirst())) }
        if let int = Int(token) { return .literal(.int(int)) }
        switch token {
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "nil": return .literal(.null)
        default: break
        }
        if let name = Self.identifier(token) {
            let parts = name.split(separator: ".").map(String.init)
            return .function(parts[0], methods: Array(parts.dropFirst()))
        }
        throw fail("cannot read `\(token)`")
    }

    private func fail(_ problem: String) -> GoTemplate.Failure {
        GoTemplate.Failure(line: line, expression: source, problem: problem)
    }

    private static func identifier(_ token: String) -> String? {
        guard let first = token.first, first.isLetter || first == "_" else { return nil }
        return token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? token : nil
    }

    static func tokenize(_ source: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var index = source.startIndex
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        while index < source.endIndex {
            let c = source[index]
            if c == "\"" || c == "`" {
                flush()
                var literal = String(c)
                var cursor = source.index(after: index)
                while cursor < source.endIndex {
                    let d = source[cursor]
                    literal.append(d)
                    if d == "\\" && c == "\"" {
                        cursor = source.index(after: cursor)
                        if cursor < source.endIndex { literal.append(source[cursor]) }
                    } else if d == c {
                        break
                    }
                    cursor = source.index(after: cursor)
                }
                tokens.append(literal)
                index = cursor < source.endIndex ? source.index(after: cursor) : cursor
                continue
            }
            if c.isWhitespace {
                flush()
            } else if c == "|" || c == "(" || c == ")" {
                flush(); tokens.append(String(c))
            } else if c == ":" && source[source.index(after: index)...].hasPrefix(":=") {
                flush(); tokens.append(":="); index = source.index(index, offsetBy: 2); continue
            } else {
                current.append(c)
            }
            index = source.index(after: index)
        }
        flush()
        return tokens
    }
}
