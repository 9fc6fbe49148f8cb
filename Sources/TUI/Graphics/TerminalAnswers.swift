import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the terminal `TerminalQueries` outside the full-screen app (`nakedblog preview`): input
/// made raw for the moment, the answers read until the device attributes arrive (every
/// terminal sends them) or `timeout` passes, then the terminal put back as it was.
public enum TerminalAnswers {
    /// The answers; none when standard input or output is no terminal.
    public static func ask(tmux: Bool, timeout: TimeInterval = 0.5) -> [TerminalReply] {
        guard isatty(0) == 1, isatty(1) == 1 else { return [] }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return [] }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(0, TCSANOW, &raw) == 0 else { return [] }
        defer { tcsetattr(0, TCSANOW, &saved) }
        let question = TerminalQueries.bytes(tmux: tmux)
        _ = question.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
        var decoder = KeyDecoder()
        var replies: [TerminalReply] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let wait = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&descriptor, 1, wait) == 1 else { break }
            let count = read(0, &buffer, buffer.count)
            guard count > 0 else { break }
            for event in decoder.feed(Array(buffer[..<count])) {
                guard case .terminalReply(let reply) = event else { continue }
                replies.append(reply)
            }
            if replies.contains(where: { if case .deviceAttributes = $0 { true } else { false } }) { break }
        }
        return replies
    }

    /// A cell's size in pixels from the window size the terminal reports, when it does.
    public static var cellPixels: (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0, size.ws_xpixel > 0,
            size.ws_ypixel > 0
        else { return nil }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
