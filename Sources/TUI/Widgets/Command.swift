/// A screen's commands as one table: each case says its default keys, its help and its hint bar
/// label in exhaustive switches, so a new command without a key or help does not compile; the
/// raw value is its name in the config file. Keys, the hint bar, `?` help and the printed default
/// config are all made from it (`Keymap.defaults`).
public protocol Command: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String {
    /// The keys bound to the command unless the config file rebinds it.
    var defaultKeys: [KeyEvent] { get }
    /// The help overlay's text.
    var help: String { get }
    /// The hint bar's label; nil keeps it out of the bar (it is still in help).
    var hint: String? { get }
    /// The command leaves the app or the site (a shell, `$EDITOR`): restricted mode, an author
    /// on a shared server, takes it out of the keymap (one property of the table, not a list
    /// kept elsewhere).
    var leavesTheApp: Bool { get }
}

extension Command {
    public var leavesTheApp: Bool { false }

    /// The commands restricted mode takes away.
    public static var leavingTheApp: Set<Self> { Set(allCases.filter(\.leavesTheApp)) }
}

extension Keymap where Action: Command {
    /// Every command with its default keys, in declaration order (which is help's order).
    public static var defaults: Keymap {
        Keymap(Action.allCases.map { Binding($0.defaultKeys, $0, hint: $0.hint, help: $0.help) })
    }
}
