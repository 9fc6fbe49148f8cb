import Blog
import Foundation
import Preview
import Synchronization
import TUI

/// The loop that joins it all: keys and effect results become messages, `App.update` turns them
/// into state and effects, and one frame is drawn per batch of messages.
public final class AppLoop {
    private let terminal: Terminal
    private let queue = MessageQueue()
    public private(set) var state: AppState
    public private(set) var runner: EffectRunner!
    private let clock: () -> TimeInterval
    /// Effects seen (tests read them).
    public private(set) var effects: [AppEffect] = []

    public init(terminal: Terminal, state: AppState, environment: [String: String] = ProcessInfo.processInfo.environment,
                clock: @escaping () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        self.terminal = terminal
        self.state = state
        self.clock = clock
        let queue = self.queue
        runner = EffectRunner(environment: environment) { message in queue.post(message) }
    }

    /// Hooks for the real terminal: clipboard and handing the terminal to another program.
    public func connect(copy: @escaping (String) -> Void, suspend: @escaping (@escaping () -> Void) -> Void) {
        runner.copyToClipboard = copy
        runner.withTerminalSuspended = suspend
    }

    /// A function that queues a message from any thread (for signal handlers and other sources).
    public var messageSink: @Sendable (AppMessage) -> Void {
        let queue = self.queue
        return { queue.post($0) }
    }

    /// Queues a message from any thread.
    public func post(_ message: AppMessage) {
        queue.post(message)
    }

    /// Runs until the app quits or input ends. `initial` effects start first (e.g. loading a site).
    public func run(initial: [AppEffect] = []) {
        perform(initial)
        var needsFrame = true
        var lastSize = terminal.size
        state.columns = lastSize.columns
        state.rows = lastSize.rows
        while !state.shouldQuit {
            if needsFrame {
                let (frame, cursor) = Render.frame(&state)
                terminal.present(frame)
                terminal.placeCursor(cursor)
                needsFrame = false
            }
            let pending = queue.drain()
            // Waiting for work in flight (cloning, publishing): look for its results often; the
            // site loading for the first frame: very often (its result is the frame everyone waits
            // for); idle: wake rarely. Keys always wake the read at once.
            let busy = state.page == .clone || state.publish != nil || state.git.fetching
            // A preview being rendered: its result is the next frame, so look for it very often too.
            let soon = (state.page == .browse && state.browse.loading) || state.editor?.previewInFlight == true
            let wait: Int32 = soon ? 2 : (busy ? 10 : 50)
            guard let keys = terminal.nextEvents(timeoutMilliseconds: pending.isEmpty ? wait : 0) else {
                break  // input ended (stdin closed): leave cleanly instead of spinning
            }
            var messages = pending + keys.map { AppMessage.key($0) }
            let size = terminal.size
            if size.columns != lastSize.columns || size.rows != lastSize.rows {
                lastSize = size
                messages.append(.resized(columns: size.columns, rows: size.rows))
            }
            if state.toast != nil || state.editor?.editor.isDirty == true { messages.append(.tick(clock())) }
            for message in messages {
                let now = clock()
                let toastBefore = state.toast?.text
                let replaced = Replaced(message, state)
                perform(App.update(&state, message, now: now))
                if !replaced.isEmpty { disposal.async { withExtendedLifetime(replaced) {} } }
                if case .tick = message, state.toast?.text == toastBefore { continue }
                needsFrame = true
            }
        }
        keepUnsavedText()
    }

    /// Large values a message replaces die here, off the loop: destroying a 20,000-post list
    /// held the loop ~6 ms, a large post's preview lines ~1 ms.
    private let disposal = DispatchQueue(label: "nakedblog.disposal", qos: .background)

    /// What `message` is about to replace in `state` (held until it can be let go of elsewhere).
    private struct Replaced: Sendable {
        var posts: [Post] = []
        var preview: [PreviewLine] = []
        init(_ message: AppMessage, _ state: AppState) {
            switch message {
            case .siteLoaded: posts = state.browse.posts
            case .previewRendered: preview = state.editor?.preview ?? []
            default: break
            }
        }
        var isEmpty: Bool { posts.isEmpty && preview.isEmpty }
    }

    /// On any way out (quit, input ended because the connection dropped, SIGTERM/SIGHUP) unsaved
    /// text is written to the recovery journal before the process goes.
    private func keepUnsavedText() {
        guard let editor = state.editor, editor.editor.isDirty, let root = state.site?.root else { return }
        try? RecoveryJournal.write(editor.editor.text, root: root, post: editor.path, environment: runner.environment)
    }

    private func perform(_ list: [AppEffect]) {
        for effect in list {
            effects.append(effect)
            if effect == .quit { state.shouldQuit = true; continue }
            runner.run(effect, siteRoot: state.site?.root)
        }
    }
}

/// Messages from any thread, drained by the loop.
final class MessageQueue: Sendable {
    private let messages = Mutex<[AppMessage]>([])
    func post(_ message: AppMessage) { messages.withLock { $0.append(message) } }
    func drain() -> [AppMessage] { messages.withLock { list in defer { list = [] }; return list } }
}
