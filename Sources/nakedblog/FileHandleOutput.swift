import TextWidth

#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to stdout/stderr by file descriptor (Swift 6 rejects C's `stderr` global).
/// Text is written with every control character made visible (`TerminalText`, keeping newlines
/// and tabs): titles, file names, remote messages and errors may come from an attacker. Only
/// escape sequences nakedblog makes itself go through `write(trusted:)`.
struct FileHandleOutput: Sendable {
    let descriptor: Int32

    static let standardOutput = FileHandleOutput(descriptor: 1)
    static let standardError = FileHandleOutput(descriptor: 2)

    func write(_ text: String) {
        write(bytes: Array(TerminalText.visible(text, .block).utf8))
    }

    /// Writes `text` as it is: for escape sequences nakedblog makes around text it has already
    /// made visible.
    func write(trusted text: String) {
        write(bytes: Array(text.utf8))
    }

    func write(bytes: [UInt8]) {
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
