import Foundation

/// Drives a program in a detached tmux server of its own (private socket): send keys, poll the
/// screen until text appears, read the exit status. `kill()` tears the server down.
public final class TmuxSession: @unchecked Sendable {
    /// The screen did not show what a test waited for; `description` includes the screen.
    public struct Timeout: Error, CustomStringConvertible {
        public let waitingFor: String
        public let screen: [String]
        public var description: String {
            "Timed out waiting for \(waitingFor). The screen was:\n"
                + screen.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }.joined(separator: "\n")
        }
    }

    private let directory: TemporaryDirectory
    private let socket: String
    private let target = "nb"

    /// Starts `command` in a `width`×`height` pane (no status line, so the program gets all rows).
    /// The pane stays after the program exits, so its last screen and exit status can be read.
    public init(
        _ command: [String], width: Int = 80, height: Int = 24,
        environment: [String: String] = [:], directory workingDirectory: String? = nil,
        term: String = "tmux-256color"
    ) throws {
        directory = try TemporaryDirectory(prefix: "nb-tmux")
        socket = directory.path + "/socket"
        let config = directory.path + "/tmux.conf"
        try """
        set -g status off
        set -g remain-on-exit on
        set -g default-terminal "\(term)"
        set -g escape-time 0
        set -g history-limit 2000
        setw -g aggressive-resize off

        """.write(toFile: config, atomically: true, encoding: .utf8)
        var env = [
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        env.merge(environment) { $1 }
        env["TERM"] = term
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // The program runs under a shell that prints its exit status and stays: tmux sometimes
        // left an exited program unreaped (a zombie, never marked dead), so the status is read
        // from the screen instead of from tmux.
        let wrapped =
            ["sh", "-c", "\"$@\"; status=$?; echo; echo \"\(Self.exitMarker)$status\"; exec sleep 3600", "sh"] + command
        var arguments = [
            "tmux", "-S", socket, "-f", config, "new-session", "-d", "-s", target,
            "-x", String(width), "-y", String(height),
        ]
        if let workingDirectory { arguments += ["-c", workingDirectory] }
        arguments += ["--", "env", "-i"] + assignments + wrapped
        try Shell.check(arguments, environment: ["PATH": env["PATH"]!, "TMUX_TMPDIR": directory.path])
    }

    /// Sends tmux key names (`"Enter"`, `"C-s"`, `"Escape"`, `"Up"`) or literal words.
    public func send(keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (no key-name interpretation), including any Unicode.
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Pastes `text` the way a terminal does: bracketed if the program asked for it.
    public func tmuxPaste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "nb-paste", "--", text])
        try tmux(["paste-buffer", "-p", "-b", "nb-paste", "-t", target])
    }

    /// Pastes the contents of `file` as a terminal does (bracketed; line feeds sent as CR, as
    /// tmux and most terminals send them): for pastes too long for a command line.
    public func tmuxPasteFile(_ file: String) throws {
        try tmux(["load-buffer", "-b", "nb-paste", file])
        try tmux(["paste-buffer", "-p", "-b", "nb-paste", "-t", target])
    }

    /// Whether the program has the terminal in its alternate (full-screen) buffer.
    public func isInAlternateScreen() throws -> Bool {
        try tmux(["display-message", "-p", "-t", target, "#{alternate_on}"]) == "1"
    }

    /// Sends a signal (`TERM`, `HUP`…) to the program (the child of the wrapper shell).
    public func signalProgram(_ name: String) throws {
        let shell = try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
        try Shell.check(["pkill", "-\(name)", "-P", shell])
    }

    /// Sets a server option (e.g. `set-clipboard on`).
    public func setOption(_ name: String, _ value: String) throws {
        try tmux(["set-option", "-g", name, value])
    }

    /// The most recent paste buffer (where tmux puts OSC 52 clipboard text).
    public func pasteBuffer() throws -> String {
        try tmux(["show-buffer"])
    }

    /// The visible screen, one string per row (trailing spaces trimmed by tmux).
    /// The visible screen with its colour and attribute escape sequences (`capture-pane -e`).
    public func screenWithEscapes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    public func screen() throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-t", target])
        return text.components(separatedBy: "\n")
    }

    /// Polls the screen until `text` appears on it; returns the screen, or throws `Timeout`.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitUntil("\"\(text)\"", timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Polls the screen until `condition` holds; returns the screen, or throws `Timeout`.
    @discardableResult
    public func waitUntil(
        _ what: String, timeout: TimeInterval = 10,
        _ condition: ([String]) -> Bool
    ) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = (try? screen()) ?? last
            if condition(last) { return last }
            usleep(50_000)
        }
        throw Timeout(waitingFor: what, screen: last)
    }

    /// Resizes the window (and so the program's terminal).
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
    }

    static let exitMarker = "nakedblog-test-exit:"

    /// The program's exit status once it has exited, else nil.
    public func exitStatus() throws -> Int32? {
        for line in try screen().reversed() {
            if let range = line.range(of: Self.exitMarker) {
                return Int32(line[range.upperBound...].trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }

    /// Waits for the program to exit and returns its status, or throws `Timeout`.
    public func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = try exitStatus() { return status }
            usleep(50_000)
        }
        // Say what the program is doing (stopped? blocked in a read?) to make a hang diagnosable.
        let pid = (try? tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])) ?? "?"
        let state = (try? Shell.run(["ps", "-o", "pid,stat,wchan:20,cmd", "--ppid", pid, "-p", pid]))?.stdout ?? ""
        throw Timeout(
            waitingFor: "the program to exit (process: \(state.replacingOccurrences(of: "\n", with: " | ")))",
            screen: (try? screen()) ?? [])
    }

    /// The cursor position (row, column), zero-based.
    public func cursor() throws -> (row: Int, column: Int) {
        let fields = try tmux(["display-message", "-p", "-t", target, "#{cursor_y} #{cursor_x}"]).split(separator: " ")
        return (Int(fields[0]) ?? -1, Int(fields[1]) ?? -1)
    }

    /// Stops the tmux server and removes its files.
    /// Ends the server and waits (up to 10 s) until the program and every process it started
    /// have exited: a program that writes on its way out (the app's recovery journal on SIGHUP)
    /// must be done before the test removes the folders it writes into.
    public func kill() {
        let panes =
            (try? Shell.run(["tmux", "-S", socket, "list-panes", "-a", "-F", "#{pane_pid}"]))?.stdout
            .split(separator: "\n").compactMap { pid_t($0) } ?? []
        let programs = panes + panes.flatMap(Self.descendants)
        _ = try? Shell.run(["tmux", "-S", socket, "kill-server"])
        // The hang-up a closed terminal sends, at once (tmux's took up to two seconds to arrive).
        programs.forEach { _ = Foundation.kill($0, SIGHUP) }
        let deadline = Date().addingTimeInterval(10)
        while programs.contains(where: Self.isRunning), Date() < deadline { usleep(10_000) }
        directory.remove()
    }

    /// The state and parent of process `pid` from /proc (nil once it is gone).
    private static func status(of pid: pid_t) -> (state: Substring, parent: pid_t)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's name in parentheses: state, then the parent's pid.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = pid_t(fields[1]) else { return nil }
        return (fields[0], parent)
    }

    /// Whether `pid` still runs (a zombie has finished: it only waits to be reaped).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = status(of: pid)?.state else { return false }
        return state != "Z" && state != "X"
    }

    /// The processes below `pid` (children, their children, …), from /proc.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry), let parent = status(of: child)?.parent else { continue }
            children[parent, default: []].append(child)
        }
        var found: [pid_t] = [], queue = [pid]
        while let next = queue.popLast() {
            let below = children[next] ?? []
            found += below
            queue += below
        }
        return found
    }

    deinit { kill() }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Shell.check(["tmux", "-S", socket] + arguments, timeout: 10)
    }
}
