import ChildProcesses
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

    /// How a build ended other than by the generator exiting.
    public enum Ending: Sendable, Equatable {
        case exited
        /// Its time limit passed.
        case timedOut
        /// Its stopper stopped it (Esc, quitting, a newer check).
        case stopped
    }

    public var succeeded: Bool
    public var messages: [Message]
    public var seconds: Double
    public var ended: Ending

    public init(succeeded: Bool, messages: [Message], seconds: Double, ended: Ending = .exited) {
        self.succeeded = succeeded
        self.messages = messages
        self.seconds = seconds
        self.ended = ended
    }

    public var errors: [Message] { messages.filter(\.isError) }
    public var warnings: [Message] { messages.filter { !$0.isError } }

    /// The command for `kind`, or nil when it is not installed.
    public static func generator(
        for kind: SiteKind, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        program(kind.command, environment: environment)
    }

    /// Where `name` is on `PATH` (else /usr/local/bin, /usr/bin, /bin), or nil.
    static func program(_ name: String, environment: [String: String]) -> String? {
        let paths = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Builds the site in `source` with `generator`, writing nothing into it (Hugo renders to
    /// memory; Jekyll writes into `scratch`), as `policy` allows: trusted or not, sandboxed or
    /// not, stopped after its time limit or by its stopper (the whole process group dies).
    public static func run(
        _ kind: SiteKind, generator: String, source: String, scratch: String, policy: BuildPolicy = BuildPolicy(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> SiteBuild {
        let started = Date()
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try? GeneratorInvocation.prepare(kind, scratch: scratch, trust: policy.trust)
        let invocation = GeneratorInvocation.make(
            kind, generator: generator, source: source, scratch: scratch, policy: policy,
            environment: environment)
        // A limited build's folders have a ceiling too (RLIMIT_FSIZE bounds one file only).
        let quota =
            policy.limited
            ? ScratchQuota(folders: [source, scratch], limitMiB: policy.scratchMiB, stopper: policy.stopper) : nil
        let outcome = OwnedProcess.run(
            invocation.program, invocation.arguments, environment: invocation.environment,
            timeout: policy.timeout, stopper: policy.stopper)
        quota?.cancel()
        guard let outcome else {
            return SiteBuild(
                succeeded: false, messages: [Message(text: "cannot run \(invocation.program)", isError: true)],
                seconds: 0)
        }
        let seconds = Date().timeIntervalSince(started)
        if quota?.exceeded == true {
            return SiteBuild(
                succeeded: false,
                messages: [
                    Message(
                        text:
                            "the build wrote more than \(policy.scratchMiB) MiB into its folders and was stopped (the server's ceiling for a check)",
                        isError: true)
                ], seconds: seconds)
        }
        if outcome.stopped {
            return SiteBuild(
                succeeded: false, messages: [Message(text: "the build was stopped", isError: true)], seconds: seconds,
                ended: .stopped)
        }
        if outcome.timedOut {
            return SiteBuild(
                succeeded: false,
                messages: [
                    Message(
                        text: "\(kind.command) did not finish within \(Int(policy.timeout)) s and was stopped",
                        isError: true)
                ],
                seconds: seconds, ended: .timedOut)
        }
        let text = String(decoding: outcome.output.prefix(1 << 20), as: UTF8.self)
        var messages = parse(text, kind: kind, source: source)
        let succeeded = outcome.status == 0
        if !succeeded, policy.limited, let ceiling = ceilingReached(text, policy: policy) {
            messages.insert(Message(text: ceiling, isError: true), at: 0)
        }
        if !succeeded, policy.limited, outcome.status == 128 + SIGXFSZ {
            messages.insert(
                Message(
                    text: "a file the build wrote passed \(policy.fileMiB) MiB (the server's ceiling for a check)",
                    isError: true), at: 0)
        }
        if !succeeded && !messages.contains(where: \.isError) {
            let last =
                text.split(separator: "\n").last.map(String.init)
                ?? "\(kind.command) exited with status \(outcome.status)"
            messages.append(Message(text: TerminalText.visible(last), isError: true))
        }
        return SiteBuild(succeeded: succeeded, messages: messages, seconds: seconds)
    }

    /// What to say when a limited build failed because it reached one of its ceilings (Go's
    /// and Ruby's words for a refused allocation or thread), or nil.
    static func ceilingReached(_ output: String, policy: BuildPolicy) -> String? {
        let lower = output.lowercased()
        if [
            "out of memory", "cannot allocate memory", "failed to allocate memory", "nomemoryerror",
            "failed to reserve",
        ]
        .contains(where: lower.contains) {
            return
                "the build ran out of its memory allowance (\(policy.memoryMiB) MiB: [publish] check_memory_mib in the config file)"
        }
        if ["pthread_create failed", "resource temporarily unavailable", "can't create thread", "fork: retry"].contains(
            where: lower.contains)
        {
            return
                "the build reached its allowance of \(policy.processes) processes ([publish] check_processes in the config file)"
        }
        return nil
    }

    /// The errors and warnings in a generator's output, paths made relative to `source`.
    static func parse(_ output: String, kind: SiteKind, source: String) -> [Message] {
        var messages: [Message] = []
        for raw in output.split(separator: "\n") {
            // Jekyll colours its messages (SGR sequences): dropped, so the sheet does not show
            // `^[[31m`; any other control is still made visible.
            // Tabs lay out the generator's lines: a space here (a tab shown raw is `^I`).
            let line = TerminalText.visible(withoutColours(raw).replacingOccurrences(of: "\t", with: " "))
                .trimmingCharacters(in: .whitespaces)
            // A frame of a Ruby backtrace (`/usr/lib/ruby/…/block.rb:63:in 'parse_body': …`)
            // repeats the message Jekyll already said, in Ruby's words.
            if isRubyFrame(line) { continue }
            let lower = line.lowercased()
            let isError =
                lower.hasPrefix("error") || lower.contains("liquid exception") || lower.contains(" error:")
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
                message.file = String(line[range.upperBound...]).trimmingCharacters(
                    in: CharacterSet(charactersIn: " ."))
                if let open = line.range(of: "(line "), let close = line[open.upperBound...].firstIndex(of: ")") {
                    message.line = Int(line[open.upperBound..<close])
                }
            }
            messages.append(message)
        }
        return messages
    }

    /// Whether `line` is a frame of a Ruby backtrace: `path.rb:LINE:in …`, or `from path.rb:LINE…`.
    static func isRubyFrame(_ line: String) -> Bool {
        let text = line.hasPrefix("from ") ? line.dropFirst(5) : line[...]
        guard let rb = text.range(of: ".rb:"), !text[..<rb.lowerBound].contains(" ") else { return false }
        let rest = text[rb.upperBound...]
        let digits = rest.prefix { $0.isNumber }
        return !digits.isEmpty && (rest.dropFirst(digits.count).hasPrefix(":in ") || line.hasPrefix("from "))
    }

    /// `line` without its SGR colour sequences (`ESC [ digits and semicolons m`).
    static func withoutColours(_ line: Substring) -> String {
        guard line.contains("\u{1B}[") else { return String(line) }
        var result = "", rest = line[...]
        while let escape = rest.range(of: "\u{1B}[") {
            result += rest[..<escape.lowerBound]
            let parameters = rest[escape.upperBound...].prefix { $0.isNumber || $0 == ";" }
            let after = rest[escape.upperBound...].dropFirst(parameters.count)
            if after.first == "m" {
                rest = after.dropFirst()
            } else {
                result += rest[escape]
                rest = rest[escape.upperBound...]
            }
        }
        return result + rest
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
