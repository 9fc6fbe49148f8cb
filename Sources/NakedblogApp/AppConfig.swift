import Blog
import Foundation
import TOMLKit
import TUI
@_exported import Workflows

/// Both keymaps the app uses.
public struct KeyBindings: Sendable {
    public var browse: Keymap<BrowseAction>
    public var editor: Keymap<EditorAction>

    public static let defaults = KeyBindings(browse: Keymaps.browse, editor: Keymaps.editor)
}

/// The user's settings: `$XDG_CONFIG_HOME/nakedblog/config.toml`.
///
/// ```toml
/// theme = "light"            # a theme name from themes/, or a path to a theme file
/// tab_width = 4              # columns between the editor's tab stops (1–16)
/// spelling = true            # underline misspelled words in the editor (F7: next one)
/// [publish]
/// check = "build"            # build the site before publishing ("off": never)
/// check_timeout = 120        # seconds before a build check is stopped
/// untrusted = false          # true: no plugins or programs of the site's run (always so with --restricted)
/// check_memory_mib = 2048    # an untrusted check's address-space ceiling (MiB)
/// check_processes = 4096     # an untrusted check's ceiling on processes and threads
///
/// [images]                   # fitting pictures, drawing them in the preview, notes (`ImageSettings`)
/// preview = "auto"           # "kitty", "sixel", "iterm", "symbols" or "off"
///
/// [keys.browse]
/// publish = "p"              # one key, or a list: ["p", "ctrl-p"]
/// quit = ["q", "ctrl-q"]
///
/// [keys.editor]
/// save = "ctrl-s"
/// ```
/// Key names: a character (`p`, `?`), `ctrl-x` (also `^X`, `C-x`), `enter`, `esc`, `tab`,
/// `shift-tab`, `backspace`, `delete`, `up`/`down`/`left`/`right`, `home`, `end`, `pgup`, `pgdn`,
/// `f1`…`f12`, `space`. A key given to an action is taken away from any other action.
public struct AppConfig: Sendable {
    public var theme: String?
    public var keys = KeyBindings.defaults
    /// Columns between the editor's tab stops.
    public var tabWidth = 4
    /// The `[publish]` table: the build check's settings (shared with `publish` and `check`).
    public var publish = PublishSettings()
    /// `spelling = false`: no spell-checking in the editor.
    public var spelling = true
    /// The `[images]` table: fitting pictures, showing them, notes (`ImageSettings`).
    public var images = ImageSettings()

    /// How the preview draws pictures, by `[images] preview`.
    public var pictureChoice: PictureState.Choice { PictureState.Choice(images.preview) }

    /// A problem in the config file, said so the user can fix it.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init() {}

    public static func file(environment: [String: String]) -> String { PublishSettings.file(environment: environment) }

    /// The settings from the config file; defaults when there is none.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Problem)
        -> AppConfig
    {
        let path = file(environment: environment)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return AppConfig() }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws(Problem) -> AppConfig {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch {
            throw Problem(
                description: "\(file): not valid TOML: \(error). Fix the file, or move it away to use the defaults.")
        }
        var config = AppConfig()
        for key in table.keys where !["theme", "tab_width", "spelling", "keys", "publish", "images"].contains(key) {
            throw Problem(
                description:
                    "\(file): unknown setting `\(key)`; the settings are `theme`, `tab_width`, `spelling` and the `[keys.browse]` / `[keys.editor]` / `[publish]` / `[images]` tables."
            )
        }
        do {
            config.images = try ImageSettings.parse(table["images"], file: file)
        } catch {
            throw Problem(description: error.description)
        }
        if let spelling = table["spelling"] {
            guard let value = spelling.bool else {
                throw Problem(description: "\(file): `spelling` must be true or false.")
            }
            config.spelling = value
        }
        do {
            config.publish = try PublishSettings.parse(table["publish"], file: file)
        } catch {
            throw Problem(description: error.description)
        }
        if let width = table["tab_width"] {
            guard let value = width.int, (1...16).contains(value) else {
                throw Problem(
                    description: "\(file): `tab_width` must be a whole number from 1 to 16, e.g. tab_width = 4.")
            }
            config.tabWidth = value
        }
        if let theme = table["theme"] {
            guard let name = theme.string else {
                throw Problem(description: "\(file): `theme` must be a string, e.g. theme = \"light\".")
            }
            config.theme = name
        }
        if let keys = table["keys"] {
            guard let keysTable = keys.table else {
                throw Problem(description: "\(file): `keys` must be a table ([keys.browse], [keys.editor]).")
            }
            for section in keysTable.keys where !["browse", "editor"].contains(section) {
                throw Problem(
                    description: "\(file): unknown key table `keys.\(section)`; use [keys.browse] or [keys.editor].")
            }
            if let browse = keysTable["browse"]?.table {
                let lists = try keyLists(browse, section: "browse", file: file)
                config.keys.browse = try rebind(
                    config.keys.browse, with: lists, section: "browse", file: file, names: BrowseAction.names)
            }
            if let editor = keysTable["editor"]?.table {
                let lists = try keyLists(editor, section: "editor", file: file)
                config.keys.editor = try rebind(
                    config.keys.editor, with: lists, section: "editor", file: file, names: EditorAction.names)
            }
        }
        return config
    }

    /// Each action name with its key names, as written.
    private static func keyLists(_ table: TOMLTable, section: String, file: String) throws(Problem) -> [(
        name: String, keys: [String]
    )] {
        var result: [(name: String, keys: [String])] = []
        for name in table.keys.sorted() {
            guard let value = table[name] else { continue }
            if let single = value.string {
                result.append((name, [single]))
            } else if let list = value.array {
                result.append((name, list.compactMap(\.string)))
            } else {
                throw Problem(
                    description:
                        "\(file): [keys.\(section)] \(name) must be a key name or a list of them, e.g. \(name) = \"ctrl-p\"."
                )
            }
        }
        return result
    }

    private static func rebind<Action>(
        _ keymap: Keymap<Action>, with lists: [(name: String, keys: [String])], section: String,
        file: String, names: [String: Action]
    ) throws(Problem) -> Keymap<Action> {
        var bindings = keymap.bindings
        for (name, texts) in lists {
            guard let action = names[name] else {
                throw Problem(
                    description:
                        "\(file): [keys.\(section)] `\(name)` is not an action; the actions are: \(names.keys.sorted().joined(separator: ", "))."
                )
            }
            var keys: [KeyEvent] = []
            for text in texts {
                guard let key = KeyNames.parse(text) else {
                    throw Problem(
                        description:
                            "\(file): [keys.\(section)] \(name) = \"\(text)\": not a key name; use e.g. \"p\", \"ctrl-p\", \"enter\", \"f2\"."
                    )
                }
                keys.append(key)
            }
            guard !keys.isEmpty else { throw Problem(description: "\(file): [keys.\(section)] \(name) has no keys.") }
            bindings = bindings.map { binding in
                if binding.action == action { return .init(keys, action, hint: binding.hint, help: binding.help) }
                return .init(
                    binding.keys.filter { !keys.contains($0) }, binding.action, hint: binding.hint, help: binding.help)
            }
        }
        return Keymap(bindings)
    }
}

/// Key names in the config file.
enum KeyNames {
    static func parse(_ raw: String) -> KeyEvent? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let lower = text.lowercased()
        let named: [String: KeyEvent] = [
            "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "shift-tab": .backTab,
            "backspace": .backspace, "delete": .delete, "del": .delete, "up": .up(), "down": .down(), "left": .left(),
            "right": .right(), "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown,
            "pagedown": .pageDown, "space": .character(" "), "insert": .insert,
            "ctrl-up": .controlArrow(.up), "ctrl-down": .controlArrow(.down), "ctrl-left": .controlArrow(.left),
            "ctrl-right": .controlArrow(.right), "ctrl-shift-left": .controlArrow(.left, shift: true),
            "ctrl-shift-right": .controlArrow(.right, shift: true), "alt-up": .altArrow(.up),
            "alt-down": .altArrow(.down), "alt-left": .altArrow(.left), "alt-right": .altArrow(.right),
            "ctrl-backspace": .controlBackspace, "ctrl-delete": .controlDelete,
        ]
        if let key = named[lower] { return key }
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            guard rest.count == 1, let letter = rest.first, letter.isLetter, letter.isASCII else { return nil }
            return .control(letter)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return .function(number)
        }
        for prefix in ["alt-", "alt+", "m-"] where lower.hasPrefix(prefix) {
            let rest = text.dropFirst(prefix.count)
            guard rest.count == 1, let character = rest.first else { return nil }
            return .character(character, alt: true)
        }
        if text.count == 1, let character = text.first { return .character(character) }
        return nil
    }

    static func arrowName(_ arrow: Arrow) -> String {
        switch arrow {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        }
    }

    /// How `key` is written in the config file (`parse` reads it back); nil for keys it cannot name.
    static func configName(_ key: KeyEvent) -> String? {
        switch key {
        case .enter: "enter"
        case .escape: "esc"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .backspace: "backspace"
        case .delete: "delete"
        case .up(false): "up"
        case .down(false): "down"
        case .left(false): "left"
        case .right(false): "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .insert: "insert"
        case .character(" ", false): "space"
        case .character(let c, false): String(c)
        case .character(let c, true): "alt-" + String(c)
        case .control(let c): "ctrl-" + String(c)
        case .function(let n): "f\(n)"
        case .controlArrow(let arrow, let shift): (shift ? "ctrl-shift-" : "ctrl-") + arrowName(arrow)
        case .altArrow(let arrow): "alt-" + arrowName(arrow)
        case .controlBackspace: "ctrl-backspace"
        case .controlDelete: "ctrl-delete"
        default: nil
        }
    }
}

extension KeyBindings {
    /// The config file's `[keys.browse]` and `[keys.editor]` with every command at its default
    /// keys and its help as a comment, made from the command tables (`nakedblog --keys`).
    public static func defaultsAsConfig() -> String {
        func table<Action: Command>(_ name: String, _ keymap: Keymap<Action>) -> [String] {
            ["[keys.\(name)]"]
                + keymap.bindings.map { binding in
                    let keys = binding.keys.compactMap(KeyNames.configName).map { "\"\($0)\"" }
                    let value = keys.count == 1 ? keys[0] : "[" + keys.joined(separator: ", ") + "]"
                    return "\(binding.action.rawValue) = \(value)  # \(binding.help)"
                }
        }
        let lines =
            [
                "# nakedblog's keys at their defaults: copy what you change into $XDG_CONFIG_HOME/nakedblog/config.toml (~/.config/…)."
            ]
            + table("browse", defaults.browse) + [""] + table("editor", defaults.editor)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension BrowseAction {
    /// The config file's names (`[keys.browse]`), from the action's raw value.
    static let names = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

extension EditorAction {
    /// The config file's names (`[keys.editor]`).
    static let names = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
