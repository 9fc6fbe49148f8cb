import ArgumentParser
import Blog
import Foundation
import GitOps
import Spelling
import TextWidth
import Workflows

/// `nakedblog spell [PATH…] [--changed] [--suggest] [--json]`: misspelled words, one per line.
struct SpellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spell",
        abstract: "Check the spelling of posts (prose only: not code, links, shortcodes or Liquid).",
        discussion: """
            Prints path:line:column: word for each misspelled word (columns count characters), \
            as compilers and linters do. Each post is checked in its language (its front matter's \
            lang, a Hugo language's file name or folder, else the site's languageCode or lang, else \
            en_US) with the Hunspell dictionary installed for it. Words in the site's cspell.json \
            (words, ignoreWords), .nakedblog/words.txt and ~/.hunspell_<language> are accepted.
            Exit status: 0 when no word is misspelled, 7 when some are, 2 on a usage or file error \
            (a missing file or dictionary).
            """)

    @Argument(help: "Posts, or folders of posts (default: every post of the site in the current directory).")
    var paths: [String] = []

    @Flag(help: "Only posts changed in the work tree (git status).")
    var changed = false

    @Flag(help: "Add up to five suggestions to each word.")
    var suggest = false

    @Flag(help: "Print a JSON array of {path, line, column, word, suggestions}.")
    var json = false

    @OptionGroup var options: GlobalOptions

    /// Words were found (distinct from errors and from success).
    static let misspelled: Int32 = 7

    func run() throws {
        let current = FileManager.default.currentDirectoryPath
        let absolute = paths.map { $0.hasPrefix("/") ? $0 : current + "/" + $0 }
        let site: Site
        do {
            site = try SiteOpening.open(
                absolute.first { FileManager.default.fileExists(atPath: $0) } ?? current, restricted: false)
        } catch {
            throw UserFacingError(String(describing: error), exitCode: ExitCodes.usage)
        }
        var files = try postFiles(absolute, site: site)
        if changed { files = try onlyChanged(files, site: site) }

        let checkers = SpellCheckers()
        var reports: [(file: String, misspelling: Misspelling, suggestions: [String])] = []
        var errors: [String] = []
        var loaded: [String: Result<SpellChecker, DictionaryLocator.Missing>] = [:]
        for file in files {
            if let refusal = SiteContainment.refusal(
                SiteContainment.verdict(file, site: site.root), display: display(file, from: current))
            {
                errors.append(TerminalText.visible(refusal.description))
                continue
            }
            guard let data = FileManager.default.contents(atPath: file),
                let text = String(validating: data, as: UTF8.self)
            else {
                errors.append(
                    "\(TerminalText.visible(display(file, from: current))): cannot read the file (missing, unreadable or not UTF-8)"
                )
                continue
            }
            let relative = site.relative(file)
            let page = try? PageText(text: text, file: relative)
            let language = SpellCheckers.language(of: page, path: relative, site: site)
            let key = DictionaryLocator.canonical(language)
            if loaded[key] == nil {
                loaded[key] = checkers.checker(language: language, siteRoot: site.root, personal: .home)
            }
            switch loaded[key]! {
            case .failure(let missing):
                let message =
                    "\(TerminalText.visible(display(file, from: current))): \(TerminalText.visible(missing.description))"
                if !errors.contains(where: { $0.hasSuffix(missing.description) }) { errors.append(message) }
            case .success(let checker):
                for misspelling in checker.misspellings(inPage: text, path: relative, page: page) {
                    reports.append(
                        (file, misspelling, suggest || json ? checker.suggestions(for: misspelling.word) : []))
                }
            }
        }
        if json {
            FileHandleOutput.standardOutput.write(
                trusted: Self.json(
                    reports.map {
                        (display($0.file, from: current), $0.misspelling, $0.suggestions)
                    }))
        } else {
            var out = ""
            for report in reports {
                out +=
                    "\(TerminalText.visible(display(report.file, from: current))):\(report.misspelling.line + 1):\(report.misspelling.column + 1): \(TerminalText.visible(report.misspelling.word))"
                if suggest {
                    out +=
                        report.suggestions.isEmpty
                        ? " (no suggestions)"
                        : " → " + report.suggestions.map { TerminalText.visible($0) }.joined(separator: ", ")
                }
                out += "\n"
            }
            FileHandleOutput.standardOutput.write(out)
        }
        for error in errors { FileHandleOutput.standardError.write("nakedblog: \(error)\n") }
        if !errors.isEmpty { throw ExitCode(ExitCodes.usage) }
        if !reports.isEmpty { throw ExitCode(Self.misspelled) }
    }

    /// The files to check: each path given (a folder: the site's posts under it), or every post.
    private func postFiles(_ absolute: [String], site: Site) throws -> [String] {
        let all =
            absolute.isEmpty || absolute.contains { isDirectory($0) }
            ? PostIndex.build(site, stamps: false, listings: SiteListings.cache(for: site)).posts.filter {
                !$0.outsideSite
            }.map { site.absolute($0.path) }
            : []
        guard !absolute.isEmpty else { return all }
        var files: [String] = []
        for path in absolute {
            let clean = URL(fileURLWithPath: path).standardizedFileURL.path
            if isDirectory(clean) {
                files += all.filter { $0.hasPrefix(clean.hasSuffix("/") ? clean : clean + "/") }
            } else if FileManager.default.fileExists(atPath: clean) {
                files.append(clean)
            } else {
                throw UserFacingError("\(TerminalText.visible(path)): no such file", exitCode: ExitCodes.usage)
            }
        }
        return files
    }

    private func onlyChanged(_ files: [String], site: Site) throws -> [String] {
        let changed: Set<String>
        do {
            let repository = try Repository.discover(from: site.root)
            // Repository paths as the site names them (the site may sit in a folder of it).
            let paths = SitePath(siteRoot: site.root, workdir: repository.workingDirectory ?? site.root)
            changed = Set(paths.inSite(try repository.status().entries.map(\.path)))
        } catch {
            throw UserFacingError("cannot tell which posts changed: \(error.message)", exitCode: ExitCodes.usage)
        }
        return files.filter { changed.contains(site.relative($0)) }
    }

    private func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }

    /// `file` relative to the current directory when it is under it.
    private func display(_ file: String, from current: String) -> String {
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    /// The reports as a JSON array, written by the one JSON writer the commands share
    /// (`JSONBytes`: control characters escaped, C1 included).
    static func json(_ reports: [(String, Misspelling, [String])]) -> String {
        var out = JSONBytes()
        out.raw(reports.isEmpty ? "[" : "[\n")
        for (index, (path, misspelling, suggestions)) in reports.enumerated() {
            out.raw(index == 0 ? "  {\"path\": " : ",\n  {\"path\": ")
            out.quoted(path)
            out.raw(", \"line\": \(misspelling.line + 1), \"column\": \(misspelling.column + 1), \"word\": ")
            out.quoted(misspelling.word)
            out.raw(", \"suggestions\": [")
            for (position, suggestion) in suggestions.enumerated() {
                if position > 0 { out.raw(", ") }
                out.quoted(suggestion)
            }
            out.raw("]}")
        }
        out.raw(reports.isEmpty ? "]\n" : "\n]\n")
        return String(decoding: out.finish(), as: UTF8.self)
    }
}
