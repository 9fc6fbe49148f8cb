/// Key bindings of one screen: the same table handles keys and generates the key-hint bar and
/// the help overlay, so the legend can never lie.
public struct Keymap<Action: Hashable & Sendable>: Sendable {
    public struct Binding: Sendable {
        public let keys: [KeyEvent]
        public let action: Action
        /// Short label for the hint bar ("save"); nil keeps it out of the bar (still in help).
        public let hint: String?
        /// Longer text for the help overlay.
        public let help: String

        public init(_ keys: [KeyEvent], _ action: Action, hint: String? = nil, help: String) {
            self.keys = keys
            self.action = action
            self.hint = hint
            self.help = help
        }
    }

    public let bindings: [Binding]

    public init(_ bindings: [Binding]) { self.bindings = bindings }

    /// The action bound to `key`, if any.
    public func action(for key: KeyEvent) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// The keymap without `actions`, and the keys that were bound to them (to say they are off).
    public func without(_ actions: Set<Action>) -> (keymap: Keymap, removedKeys: [KeyEvent]) {
        let kept = bindings.filter { !actions.contains($0.action) }
        return (Keymap(kept), bindings.filter { actions.contains($0.action) }.flatMap(\.keys))
    }

    /// `(key, hint)` pairs for the hint bar, in binding order.
    public var hints: [(key: String, label: String)] {
        bindings.compactMap { binding in binding.hint.map { (KeyName.of(binding.keys[0]), $0) } }
    }
}

/// How a key is written in hints and help: `^S`, `Esc`, `↑`, `Enter`, `q`.
public enum KeyName {
    static func arrowName(_ arrow: Arrow) -> String {
        switch arrow {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        }
    }

    public static func of(_ key: KeyEvent) -> String {
        switch key {
        case .character(let c, let alt): return (alt ? "M-" : "") + (c == " " ? "Space" : String(c))
        case .control(let c): return "^" + String(c).uppercased()
        case .up(let shift): return (shift ? "S-" : "") + "↑"
        case .down(let shift): return (shift ? "S-" : "") + "↓"
        case .left(let shift): return (shift ? "S-" : "") + "←"
        case .right(let shift): return (shift ? "S-" : "") + "→"
        case .home: return "Home"
        case .end: return "End"
        case .shiftHome: return "Shift-Home"
        case .shiftEnd: return "Shift-End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .insert: return "Ins"
        case .delete: return "Del"
        case .backspace: return "⌫"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .escape: return "Esc"
        case .function(let n): return "F\(n)"
        case .controlArrow(let arrow, let shift): return (shift ? "C-S-" : "C-") + arrowName(arrow)
        case .altArrow(let arrow): return "M-" + arrowName(arrow)
        case .controlBackspace: return "C-⌫"
        case .controlDelete: return "C-Del"
        case .paste: return "paste"
        case .resize: return "resize"
        case .terminalReply: return "reply"
        }
    }
}
