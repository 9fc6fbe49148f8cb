/// A problem with a file the user wrote: where it is and what to do. Nothing was written.
public struct ContentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as given (usually relative to the site root).
    public var file: String
    /// 1-based line and column, when known.
    public var line: Int?
    public var column: Int?
    /// What is wrong.
    public var problem: String
    /// What to do about it.
    public var hint: String

    public init(file: String, line: Int? = nil, column: Int? = nil, problem: String, hint: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.hint = hint
    }

    /// `file:line:column: problem. hint`
    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let line = line, let column, line > 0 { location += ":\(column)" }
        return "\(location): \(problem). \(hint)"
    }

    /// The same error, naming `file` instead (e.g. a display path).
    public func naming(_ file: String) -> ContentError {
        var copy = self
        copy.file = file
        return copy
    }
}
