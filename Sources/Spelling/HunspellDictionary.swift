import CHunspell
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One loaded Hunspell dictionary: the only code that calls libhunspell.
///
/// A Hunspell handle is not safe to use from two threads at once, so it is kept behind a
/// `Mutex`; each call locks it for one word. Loading takes tens of milliseconds (en_US):
/// load a language once (`SpellCheckers`) and keep it.
public final class HunspellDictionary: Sendable {
    /// The language the dictionary is for, as its file is named (`en_US`, `fr`).
    public let language: String
    /// The `.dic` file read.
    public let file: String
    private let state: Mutex<State>
    /// The encoding the dictionary's words are in (UTF-8 in every Debian dictionary today;
    /// a few older ones use ISO 8859).
    private let encoding: String.Encoding

    /// The handle and what it has said about words so far (a post repeats its words; a check of
    /// the visible lines after each pause in typing asks again about the same ones).
    private struct State {
        let handle: Handle
        var verdicts: [String: Bool] = [:]
    }

    /// Verdicts kept at most (then forgotten all at once).
    private static let verdictLimit = 200_000

    /// Owns the Hunspell handle; destroys it when the dictionary goes.
    private final class Handle {
        let pointer: OpaquePointer
        init(taking pointer: OpaquePointer) { self.pointer = pointer }
        deinit { Hunspell_destroy(pointer) }
    }

    /// Loads `<base>.aff` and `<base>.dic` (`base` without extension); nil when either cannot
    /// be read.
    public init?(base: String, language: String) {
        guard access(base + ".aff", R_OK) == 0, access(base + ".dic", R_OK) == 0,
            let pointer = Hunspell_create(base + ".aff", base + ".dic")
        else { return nil }
        let owned = Handle(taking: pointer)
        let name = Hunspell_get_dic_encoding(pointer).map { String(cString: $0) } ?? "UTF-8"
        encoding = Self.encoding(named: name)
        state = Mutex(State(handle: owned))
        self.language = language
        file = base + ".dic"
    }

    /// Whether Hunspell accepts `word` (it applies the dictionary's own rules: affixes,
    /// compounds, break points at hyphens, `ICONV` for typographic apostrophes).
    public func accepts(_ word: String) -> Bool {
        state.withLock { state in
            if let known = state.verdicts[word] { return known }
            let verdict = encoded(word).map { Hunspell_spell(state.handle.pointer, $0) != 0 } ?? false
            if state.verdicts.count >= Self.verdictLimit { state.verdicts.removeAll(keepingCapacity: true) }
            state.verdicts[word] = verdict
            return verdict
        }
    }

    /// Up to `limit` suggestions for `word`, best first.
    public func suggestions(for word: String, limit: Int = 5) -> [String] {
        guard let bytes = encoded(word) else { return [] }
        return state.withLock { state -> [String] in
            let pointer = state.handle.pointer
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = Hunspell_suggest(pointer, &list, bytes)
            guard count > 0, list != nil else { return [] }
            defer { Hunspell_free_list(pointer, &list, count) }
            guard let list else { return [] }
            return (0..<Int(count)).prefix(limit).compactMap { index in
                list[index].flatMap { decoded($0) }
            }
        }
    }

    private func encoded(_ word: String) -> [CChar]? {
        guard let data = word.data(using: encoding) else { return nil }
        return data.map { CChar(bitPattern: $0) } + [0]
    }

    private func decoded(_ pointer: UnsafeMutablePointer<CChar>) -> String? {
        let length = strlen(pointer)
        let data = Data(bytes: pointer, count: length)
        return String(data: data, encoding: encoding)
    }

    private static func encoding(named name: String) -> String.Encoding {
        switch name.uppercased() {
        case "ISO8859-1", "ISO-8859-1", "ISO8859-15", "ISO-8859-15": return .isoLatin1
        case "ISO8859-2", "ISO-8859-2": return .isoLatin2
        default: return .utf8
        }
    }
}
