import TUI

/// The default keymaps, made from each screen's command table (`BrowseAction`, `EditorAction`).
/// They handle the keys and generate the hint bar and help, so neither can lie.
public enum Keymaps {
    public static let browse = Keymap<BrowseAction>.defaults
    public static let editor = Keymap<EditorAction>.defaults

    /// The help of `keymap`, a row per binding; neighbouring bindings with the same help share
    /// a row (`← → ↑ ↓  move`).
    static func helpRows<Action>(_ keymap: Keymap<Action>) -> [HelpRow] {
        var rows: [HelpRow] = []
        for binding in keymap.bindings {
            let keys = binding.keys.map(KeyName.of).joined(separator: " ")
            if let last = rows.last, last.help == binding.help {
                rows[rows.count - 1] = HelpRow(keys: last.keys + " " + keys, help: last.help)
            } else {
                rows.append(HelpRow(keys: keys, help: binding.help))
            }
        }
        return rows
    }
}
