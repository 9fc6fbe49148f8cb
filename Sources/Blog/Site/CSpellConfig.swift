import Foundation
import Yams

/// What a site's cspell configuration accepts, read as cspell reads it: its `words` and
/// `ignoreWords`, and the word files of its `dictionaryDefinitions` that it uses (named in
/// `dictionaries`, or `addWords: true`) — JSON (with comments) or YAML. Nothing is written here.
struct CSpellConfig {
    var words: [String] = []
    /// Site-relative paths of the dictionary files it uses.
    var dictionaryFiles: [String] = []

    /// The configuration in `bytes` of the file `name` (site-relative); nil when it cannot be read.
    init?(_ bytes: [UInt8], name: String) {
        let object: Any?
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            object = try? Yams.load(yaml: String(decoding: bytes, as: UTF8.self))
        } else {
            object = try? JSONSerialization.jsonObject(with: Data(Self.withoutComments(bytes)))
        }
        guard let config = object as? [String: Any] else { return nil }
        for key in ["words", "ignoreWords"] { words += (config[key] as? [Any])?.compactMap { $0 as? String } ?? [] }
        let used = Set((config["dictionaries"] as? [Any])?.compactMap { $0 as? String } ?? [])
        let folder = name.contains("/") ? StandardPath.folder(of: name) : ""
        for case let definition as [String: Any] in config["dictionaryDefinitions"] as? [Any] ?? [] {
            guard let path = definition["path"] as? String, !path.contains("${"),
                used.contains(definition["name"] as? String ?? "") || definition["addWords"] as? Bool == true
            else { continue }
            let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            dictionaryFiles.append(folder.isEmpty ? relative : folder + "/" + relative)
        }
    }

    /// JSON with its `//` and `/* */` comments (outside strings) and trailing commas removed.
    static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0, inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    out.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                // A trailing comma before the closing bracket.
                var back = out.count - 1
                while back >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(out[back]) { back -= 1 }
                if back >= 0, out[back] == UInt8(ascii: ",") { out.remove(at: back) }
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            out.append(byte)
            index += 1
        }
        return out
    }

    /// The words of a cspell dictionary file: a word a line, `#` comments; forbidden words
    /// (`!word`) left out, affix marks (`*`, `+`, `~`) dropped.
    static func dictionaryWords(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { raw in
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let word = line.trimmingCharacters(in: .whitespaces).filter { !"*+~".contains($0) }
            return word.isEmpty || word.hasPrefix("!") ? nil : word
        }
    }
}
