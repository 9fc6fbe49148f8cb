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
    /// Sees each effect as it is run (tests install it; the loop keeps no list of its own).
    public var observeEffect: ((AppEffect) -> Void)?

    public init(
        terminal: Terminal, state: AppState, environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: @escaping () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.terminal = terminal
        self.state = state
        self.clock = clock
        let queue = self.queue
        runner = EffectRunner(environment: environment, followsDisk: true) { message in queue.post(message) }
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
            var messages = queue.drain()
            let nothingPending = messages.isEmpty
            // Waiting for work in flight (cloning, publishing): look for its results often; the
            // site loading for the first frame: very often (its result is the frame everyone waits
            // for); idle: wake rarely. Keys always wake the read at once.
            let busy = state.page == .clone || state.publish != nil || state.git.fetching
            // A preview being rendered: its result is the next frame, so look for it very often too.
            let soon = (state.page == .browse && state.browse.loading) || state.editor?.previewInFlight == true
            let wait: Int32 = soon ? 2 : (busy ? 10 : 50)
            guard let keys = terminal.nextEvents(timeoutMilliseconds: nothingPending ? wait : 0) else {
                break  // input ended (stdin closed): leave cleanly instead of spinning
            }
            messages += keys.map { AppMessage.key($0) }
            let pasting = terminal.pendingPasteBytes
            if pasting > 0 { messages.append(.pasteArriving(bytes: pasting)) }
            let size = terminal.size
            if size.columns != lastSize.columns || size.rows != lastSize.rows {
                lastSize = size
                messages.append(.resized(columns: size.columns, rows: size.rows))
            }
            if state.toast != nil || state.editor?.editor.isDirty == true { messages.append(.tick(clock())) }
            // Each message is taken out of the batch, so once handled the loop holds it nowhere.
            while !messages.isEmpty {
                let message = messages.removeFirst()
                let now = clock()
                let toastBefore = state.toast?.text
                let statusWasFrozen = state.editor?.frozenStatus != nil
                var quietTick = false
                if case .tick = message { quietTick = true }
                let replaced = Replaced(message, state)
                perform(App.update(&state, message, now: now))
                if let replaced {
                    graveyard.bury(consume replaced)
                    graveyard.bury(consume message)
                }
                // A tick that changed nothing shown draws nothing (the counts catching up after typing do).
                if quietTick, state.toast?.text == toastBefore, statusWasFrozen == (state.editor?.frozenStatus != nil) {
                    continue
                }
                needsFrame = true
            }
        }
        keepUnsavedText()
        // What the last keys asked to write (a cursor position, a save) is on disk before the loop ends.
        runner.finishFileWork()
    }

    /// Large values are let go of here, to be destroyed off the loop: destroying a 20,000-post
    /// list held the loop ~6 ms, a 1 MB post's preview lines (shown, or dropped as stale while
    /// typing) several ms.
    private let graveyard = Graveyard()

    /// What a message with large values is about to replace in `state` (nil for the others).
    private struct Replaced: Sendable {
        var posts: [Post] = []
        var preview: [PreviewLine] = []
        init?(_ message: AppMessage, _ state: AppState) {
            switch message {
            case .siteLoaded, .postsRefreshed: posts = state.browse.posts
            case .previewRendered: preview = state.editor?.preview ?? []
            default: return nil
            }
        }
    }

    /// On any way out (quit, input ended because the connection dropped, SIGTERM/SIGHUP) unsaved
    /// text is written to the recovery journal before the process goes.
    private func keepUnsavedText() {
        guard let editor = state.editor, editor.editor.isDirty, let root = state.site?.root else { return }
        try? RecoveryJournal.write(editor.editor.text, root: root, post: editor.path, environment: runner.environment)
    }

    private func perform(_ list: [AppEffect]) {
        for effect in list {
            observeEffect?(effect)
            if effect == .quit { state.shouldQuit = true; continue }
            runner.run(effect, siteRoot: state.site?.root)
        }
    }
}

/// Messages from any thread, drained by the loop.
final class MessageQueue: Sendable {
    private let messages = Mutex<[AppMessage]>([])
    func post(_ message: AppMessage) { messages.withLock { $0.append(message) } }
    func drain() -> [AppMessage] {
        messages.withLock { list in
            defer { list = [] }; return list
        }
    }
}

/// Where the loop puts values it is done with: they are destroyed on a thread of their own at
/// nice 10 (destroying a 1 MB post's preview at the loop's priority took a core from the loop
/// for milliseconds). The loop hands them over with `consume`, so it holds no reference that
/// could be the last.
final class Graveyard: Sendable {
    private let bodies = Mutex<[any Sendable]>([])
    private let thread = LowPriorityThread(name: "nb-graveyard")

    func bury(_ value: consuming some Sendable) {
        let value = consume value
        bodies.withLock { $0.append(value) }
        thread.async { self.empty() }
    }

    private func empty() {
        let gone = bodies.withLock { list in
            defer { list = [] }
            return list
        }
        _ = gone.count  // destroyed here, on the queue
    }
}
