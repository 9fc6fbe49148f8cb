import Foundation

/// The words a site accepts for spell-checking, kept with the site so every writer shares them:
/// the `words` and `ignoreWords` of its cspell file (`.cspell.json`, `cspell.json`: the file
/// VS Code's Code Spell Checker reads), and `.nakedblog/words.txt` (a word per line).
///
/// Adding a word changes only the list: the rest of the cspell file stays byte for byte as it
/// was (comments, order, indentation), and the change is committed with the next publish.
public enum SiteWordList {
    /// cspell's file names, in the order cspell looks for them (JSON, with comments, or YAML).
    public static let cspellFiles = [
        ".cspell.json", "cspell.json", ".cSpell.json", "cSpell.json", ".cspell.jsonc", "cspell.jsonc",
        "cspell.config.json", "cspell.config.jsonc", "cspell.yaml", "cspell.yml", ".cspell.yaml", ".cspell.yml",
        "cspell.config.yaml", "cspell.config.yml",
    ]
    /// nakedblog's own list, used when the site has no cspell file.
    public static let ownFile = ".nakedblog/words.txt"
    /// Larger files are not read (a list of words is never this big).
    static let sizeLimit = 4 << 20

    /// The site-relative path of the cspell file, if the site has one.
    public static func cspellFile(siteRoot: String) -> String? {
        cspellFiles.first { FileManager.default.fileExists(atPath: siteRoot + "/" + $0) }
    }

    /// The files a site's accepted words live in (those that exist), site-relative.
    public static func files(siteRoot: String) -> [String] {
        (cspellFile(siteRoot: siteRoot).map { [$0] } ?? [])
            + (FileManager.default.fileExists(atPath: siteRoot + "/" + ownFile) ? [ownFile] : [])
    }

    /// The dictionary files the site's cspell configuration uses, site-relative (existing or not).
    public static func dictionaryFiles(siteRoot: String) -> [String] {
        cspellFile(siteRoot: siteRoot).flatMap { name in
            read(name, siteRoot: siteRoot).flatMap { CSpellConfig($0, name: name)?.dictionaryFiles }
        } ?? []
    }

    /// Every word the site accepts. Files leading outside the site are not read.
    public static func words(siteRoot: String) -> [String] {
        var words: [String] = []
        if let name = cspellFile(siteRoot: siteRoot), let bytes = read(name, siteRoot: siteRoot),
            let config = CSpellConfig(bytes, name: name)
        {
            words += config.words
            for file in config.dictionaryFiles {
                if let dictionary = read(file, siteRoot: siteRoot) { words += CSpellConfig.dictionaryWords(dictionary) }
            }
        }
        if let bytes = read(ownFile, siteRoot: siteRoot) { words += lines(bytes) }
        return words
    }

    /// Adds `word` to the site's list (its cspell file if it has one, else `.nakedblog/words.txt`,
    /// created if need be); returns the site-relative file changed.
    public static func add(_ word: String, siteRoot: String) throws(ContentError) -> String {
        let clean = word.filter { !$0.isNewline }
        guard !clean.isEmpty else { throw ContentError(file: ownFile, problem: "no word to add", hint: "") }
        // A JSON cspell file takes the word; a YAML one is left as it is (comments matter there).
        if let name = cspellFile(siteRoot: siteRoot), !name.hasSuffix(".yaml"), !name.hasSuffix(".yml") {
            let path = siteRoot + "/" + name
            try SiteContainment.require(path, insideSite: siteRoot, display: name)
            guard let bytes = read(name, siteRoot: siteRoot) else {
                throw ContentError(
                    file: name, problem: "cannot read the site's word list", hint: "Check the file's permissions")
            }
            guard let updated = adding(clean, toCSpell: bytes) else {
                throw ContentError(
                    file: name,
                    problem: "the file is not a JSON object, so the word could not be added to its \"words\"",
                    hint: "Fix the file, or add the word by hand")
            }
            try write(updated, to: path, display: name)
            return name
        }
        let path = siteRoot + "/" + ownFile
        try SiteContainment.require(path, insideSite: siteRoot, display: ownFile)
        var bytes = read(ownFile, siteRoot: siteRoot) ?? []
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        bytes += Array((clean + "\n").utf8)
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw ContentError(
                file: ownFile,
                problem: "cannot create the folder for the site's word list: \(error.localizedDescription)", hint: "")
        }
        try write(bytes, to: path, display: ownFile)
        return ownFile
    }

    /// The cspell file's bytes with `word` added to its `words` (the list created when missing);
    /// nil when the file is not a JSON object.
    static func adding(_ word: String, toCSpell bytes: [UInt8]) -> [UInt8]? {
        let literal = Array(JSONCArray.literal(word).utf8)
        let newline: [UInt8] = bytes.contains(0x0D) ? [0x0D, 0x0A] : [0x0A]
        if let array = JSONCArray.find("words", in: bytes) {
            guard let lastEnd = array.lastItemEnd, let firstStart = array.firstItemStart else {
                return Array(bytes[...array.open]) + literal + Array(bytes[(array.open + 1)...])
            }
            // One item per line stays one per line, with the first item's indentation.
            if bytes[(array.open + 1)..<firstStart].contains(0x0A) {
                var lineStart = firstStart
                while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
                let indent = Array(bytes[lineStart..<firstStart])
                return Array(bytes[..<lastEnd]) + [UInt8(ascii: ",")] + newline + indent + literal
                    + Array(bytes[lastEnd...])
            }
            return Array(bytes[..<lastEnd]) + Array(", ".utf8) + literal + Array(bytes[lastEnd...])
        }
        guard let object = JSONCArray.objectEnd(in: bytes) else { return nil }
        let member = Array("\"words\": [".utf8) + literal + [UInt8(ascii: "]")]
        guard let lastEnd = object.lastMemberEnd else {
            return Array(bytes[..<object.close]) + member + Array(bytes[object.close...])
        }
        return Array(bytes[..<lastEnd]) + [UInt8(ascii: ",")] + newline + Array("  ".utf8) + member
            + Array(bytes[lastEnd...])
    }

    private static func read(_ name: String, siteRoot: String) -> [UInt8]? {
        let path = siteRoot + "/" + name
        guard SiteContainment.isInside(path, site: siteRoot), let handle = FileHandle(forReadingAtPath: path) else {
            return nil
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: sizeLimit + 1), data.count <= sizeLimit else { return nil }
        return Array(data)
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0x0A).map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(
                in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
        }
        .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    private static func write(_ bytes: [UInt8], to path: String, display: String) throws(ContentError) {
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o777 : 0o644
        do {
            try AtomicFile.write(Data(bytes), to: path, permissions: mode)
        } catch {
            throw ContentError(file: display, problem: "cannot write the site's word list: \(error)", hint: "")
        }
    }
}
