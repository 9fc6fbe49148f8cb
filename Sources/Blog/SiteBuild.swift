import Foundation
import TextWidth

/// The site's own generator run on a folder (`hugo` into memory, `jekyll build` into a
/// temporary destination) and what it said, as `file:line:column: text` messages with paths
/// relative to that folder.
public struct SiteBuild: Sendable, Equatable {
    /// One error or warning the generator printed.
    public struct Message: Sendable, Equatable {
        /// Site-relative file it names, if any.
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var text: String
        public var isError: Bool

        public init(file: String? = nil, line: Int? = nil, column: Int? = nil, text: String, isError: Bool) {
            self.file = file
            self.line = line
            self.column = column
            self.text = text
            self.isError = isError
        }

        /// `file:line:column: text` (the parts it has).
        public var description: String {
            var place = file ?? ""
            if file != nil, let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            // Hugo names the place inside its message already.
            return place.isEmpty || text.contains(place) ? text : place + ": " + text
        }
    }

    public var succeeded: Bool
    public var messages: [Message]
    public var seconds: Double

    public init(succeeded: Bool, messages: [Message], seconds: Double) {
        self.succeeded = succeeded
        self.messages = messages
        self.seconds = seconds
    }

    public var errors: [Message] { messages.filter(\.isError) }
    public var warnings: [Message] { messages.filter { !$0.isError } }

    /// The command for `kind`, or nil when it is not installed.
    public static func generator(for kind: SiteKind, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let paths = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(kind.command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Builds the site in `source` with `generator`, writing nothing into it (Hugo renders to
    /// memory; Jekyll writes into `scratch`). Stops it after `timeout` seconds.
    public static func run(_ kind: SiteKind, generator: String, source: String, scratch: String, timeout: Double = 600) -> SiteBuild {
        let arguments: [String]
        switch kind {
        case .hugo:
            arguments = ["--source", source, "--renderToMemory"]
        case .jekyll:
            arguments = ["build", "--source", source, "--destination", scratch + "/_site", "--disable-disk-cache"]
        }
        let started = Date()
        guard let (status, output) = spawn(generator, arguments, directory: source, timeout: timeout) else {
            return SiteBuild(succeeded: false, messages: [Message(text: "cannot run \(generator)", isError: true)], seconds: 0)
        }
        let text = String(decoding: output.prefix(1 << 20), as: UTF8.self)
        var messages = parse(text, kind: kind, source: source)
        let succeeded = status == 0
        if !succeeded && !messages.contains(where: \.isError) {
            let last = text.split(separator: "\n").last.map(String.init) ?? "\(kind.command) exited with status \(status)"
            messages.append(Message(text: TerminalText.visible(last), isError: true))
        }
        return SiteBuild(succeeded: succeeded, messages: messages, seconds: Date().timeIntervalSince(started))
    }

    /// Runs `program` (which is given its source folder as an argument) with stdin from /dev/null and stdout and stderr into one pipe;
    /// its exit status and output. posix_spawn and waitpid directly: Foundation's `Process`
    /// notices an exit only on its run loop's next turn (tens of milliseconds later).
    static func spawn(_ program: String, _ arguments: [String], directory: String, timeout: Double) -> (Int32, [UInt8])? {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = argv.withUnsafeBufferPointer { posix_spawn(&pid, program, &actions, nil, UnsafeMutablePointer(mutating: $0.baseAddress!), environ) }
        close(pipe[1])
        guard spawned == 0 else { close(pipe[0]); return nil }
        let child = pid
        let timer = DispatchWorkItem { kill(child, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 { if output.count < (1 << 21) { output += buffer[..<count] } ; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        close(pipe[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        timer.cancel()
        let exited = (status & 0x7F) == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output)
    }

    /// The errors and warnings in a generator's output, paths made relative to `source`.
    static func parse(_ output: String, kind: SiteKind, source: String) -> [Message] {
        var messages: [Message] = []
        for raw in output.split(separator: "\n") {
            let line = TerminalText.visible(String(raw)).trimmingCharacters(in: .whitespaces)
            let lower = line.lowercased()
            let isError = lower.hasPrefix("error") || lower.contains("liquid exception") || lower.contains(" error:")
                || lower.hasPrefix("conversion error") || lower.contains("liquid syntax error")
            let isWarning = lower.hasPrefix("warn") || lower.hasPrefix("warning") || lower.contains("deprecation")
            guard isError || isWarning else { continue }
            var message = Message(text: line.replacingOccurrences(of: source + "/", with: ""), isError: isError)
            if let place = place(in: line, source: source) {
                message.file = place.file
                message.line = place.line
                message.column = place.column
            } else if case .jekyll = kind, let range = line.range(of: " in ", options: .backwards) {
                // Jekyll: "Liquid syntax error (line 5): Unknown tag 'x' in _posts/2020-01-01-x.md"
                message.file = String(line[range.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
                if let open = line.range(of: "(line "), let close = line[open.upperBound...].firstIndex(of: ")") {
                    message.line = Int(line[open.upperBound..<close])
                }
            }
            messages.append(message)
        }
        return messages
    }

    /// `"/tmp/copy/content/x.md:5:7"` in a line → `content/x.md`, 5, 7.
    static func place(in line: String, source: String) -> (file: String, line: Int?, column: Int?)? {
        guard let start = line.range(of: source + "/") else { return nil }
        let rest = line[start.upperBound...]
        let pathEnd = rest.firstIndex { $0 == ":" || $0 == "\"" || $0 == " " || $0 == "'" } ?? rest.endIndex
        let file = String(rest[..<pathEnd])
        var numbers: [Int] = []
        var after = rest[pathEnd...]
        while after.first == ":", let number = Int(after.dropFirst().prefix { $0.isNumber }), numbers.count < 2 {
            numbers.append(number)
            after = after.dropFirst(1 + String(number).count)
        }
        return (file, numbers.first, numbers.count > 1 ? numbers[1] : nil)
    }
}
