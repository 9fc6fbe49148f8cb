/// Values that live until the process exits. A command about to exit hands over what it built:
/// freeing a large index piece by piece (20,000 posts, hundreds of thousands of strings) took
/// longer than printing it, and the kernel takes the whole heap back at once.
enum KeepUntilExit {
    nonisolated(unsafe) private static var values: [Any] = []

    /// Keeps `value` alive; call only on the main thread, just before the command returns.
    static func keep(_ value: Any) { values.append(value) }
}
