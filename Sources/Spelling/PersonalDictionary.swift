import Blog
import Foundation

/// The writer's own accepted words for a language, in the file hunspell and vim users already
/// keep: `~/.hunspell_<language>`, a word per line (a `/flags` suffix is ignored). In restricted
/// mode the app keeps it in the server account's state folder for the author instead.
public struct PersonalDictionary: Sendable, Equatable {
    /// The file (it may not exist yet).
    public var path: String

    public init(path: String) { self.path = path }

    /// `~/.hunspell_<language>` for the dictionary named `language` (`en_US`).
    public static func home(language: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> PersonalDictionary
    {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return PersonalDictionary(path: home + "/.hunspell_" + language)
    }

    /// In `folder` (a restricted author's state folder): `hunspell_<language>`.
    public static func inFolder(_ folder: String, language: String) -> PersonalDictionary {
        PersonalDictionary(path: folder + "/hunspell_" + language)
    }

    /// The words in the file; none when it does not exist.
    public func words() -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4 << 20) else { return [] }
        return data.split(separator: 0x0A).compactMap { line in
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let word = text.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            return word.isEmpty || word.hasPrefix("#") ? nil : word
        }
    }

    /// Adds `word` (a line at the end; the folder made if need be).
    public func add(_ word: String) throws(ContentError) {
        let clean = word.filter { !$0.isNewline }
        var bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        bytes.append(contentsOf: Array((clean + "\n").utf8))
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: path, permissions: 0o600)
        } catch {
            throw ContentError(file: path, problem: "cannot add to your personal dictionary: \(error)", hint: "")
        }
    }
}
