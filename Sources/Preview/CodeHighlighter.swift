import Blog
import CSourceHighlight
import Foundation
import Synchronization

/// What a piece of code is, for its colour.
public enum CodeToken: UInt8, Sendable, Equatable {
    case plain, keyword, type, string, comment, number, function, preprocessor
}

/// A token in one line of a code block: its UTF-8 byte range in the line.
public struct CodeSpan: Sendable, Equatable {
    public var start: Int
    public var length: Int
    public var token: CodeToken
}

/// Colours fenced code by language with GNU Source-highlight (the only caller of its C++
/// library, through `CSourceHighlight`). Languages come from the system's definitions
/// (`/usr/share/source-highlight`) and the project's own (`highlight/`: YAML, TOML, Swift,
/// TypeScript, Dockerfile); the names writers put after a fence (Chroma's and Rouge's aliases)
/// are mapped to them. An unknown language is plain, never an error.
///
/// A language's rules are compiled once per process; a block's tokens are kept per (language,
/// text), so typing in prose never highlights the code again.
public enum CodeHighlighter {
    /// Folders searched for `.lang` files, in order: the project's own first.
    public static let folders: [String] = {
        let own = ShippedResources.find("highlight", containing: "yaml.lang").map { [$0] } ?? []
        return own + ["/usr/share/source-highlight"]
    }()

    /// The `.lang` file for a fence's info string (`go`, `golang {linenos=true}`, `{.python}`,
    /// `language-rust`); nil for plain text and languages there is no definition for.
    public static func languageFile(forFence info: String) -> String? {
        var name = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first.map(String.init) ?? ""
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: "{}.")).lowercased()
        if name.hasPrefix("language-") { name.removeFirst("language-".count) }
        guard !name.isEmpty, name.count <= 32,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+#-_".unicodeScalars.contains($0))
            })
        else { return nil }
        if plainNames.contains(name) { return nil }
        let file = aliases[name] ?? (name + ".lang")
        return folder(of: file) == nil ? nil : file
    }

    /// The tokens of each line of `text` in the language of `fence`; nil when it is shown plain.
    public static func highlight(_ text: String, fence: String) -> [[CodeSpan]]? {
        guard let file = languageFile(forFence: fence) else { return nil }
        let key = Key(file: file, text: text)
        if let known = cache.withLock({ $0[key] }) { return known }
        guard let language = language(file) else { return nil }
        guard !text.isEmpty else { return [] }
        var lines: [[CodeSpan]] = []
        var error = [CChar](repeating: 0, count: 256)
        let status = withExtendedLifetime(language) { () -> Int32 in
            let bytes = Array(text.utf8)
            return withUnsafeMutablePointer(to: &lines) { pointer in
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { chars in
                        nb_highlight_text(
                            language.pointer, chars.baseAddress!, chars.count,
                            { context, line, start, length, token in
                                let lines = context!.assumingMemoryBound(to: [[CodeSpan]].self)
                                while lines.pointee.count <= line { lines.pointee.append([]) }
                                let kind = CodeToken(rawValue: UInt8(token)) ?? .plain
                                // Pieces of one token (a string's quotes and text) become one span.
                                if let last = lines.pointee[line].last, last.token == kind,
                                    last.start + last.length == start
                                {
                                    lines.pointee[line][lines.pointee[line].count - 1].length += length
                                } else {
                                    lines.pointee[line].append(CodeSpan(start: start, length: length, token: kind))
                                }
                            }, pointer, &error, error.count)
                    }
                }
            }
        }
        guard status == 0 else { return nil }
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = lines
        }
        return lines
    }

    // MARK: Languages

    /// Owns a compiled language definition.
    final class Language: Sendable {
        nonisolated(unsafe) let pointer: OpaquePointer
        init(taking pointer: OpaquePointer) { self.pointer = pointer }
        deinit { nb_highlight_free(pointer) }
    }

    private static let languages = Mutex<[String: Language?]>([:])

    private static func language(_ file: String) -> Language? {
        languages.withLock { loaded in
            if let known = loaded[file] { return known }
            var error = [CChar](repeating: 0, count: 256)
            let language = folder(of: file).flatMap { folder in
                nb_highlight_load(folder, file, &error, error.count).map(Language.init(taking:))
            }
            loaded[file] = .some(language)
            return language
        }
    }

    private static func folder(of file: String) -> String? {
        folders.first { FileManager.default.fileExists(atPath: $0 + "/" + file) }
    }

    // MARK: Cache

    private struct Key: Hashable {
        let file: String
        let text: String
    }

    /// Blocks kept at most (then forgotten all at once).
    private static let cacheLimit = 512
    private static let cache = Mutex<[Key: [[CodeSpan]]]>([:])

    // MARK: Names

    /// Fence names that mean plain text.
    static let plainNames: Set<String> = [
        "text", "txt", "plain", "plaintext", "none", "nohighlight", "output", "no-highlight", "raw",
    ]

    /// Names writers use (Chroma's and Rouge's aliases) → definition files.
    static let aliases: [String: String] = {
        var map: [String: String] = [:]
        func add(_ file: String, _ names: String...) { for name in names { map[name] = file } }
        add("go.lang", "go", "golang")
        add(
            "sh.lang", "sh", "shell", "bash", "console", "shell-session", "shellsession", "sh-session", "bash-session",
            "ksh", "csh", "tcsh",
            "terminal", "fish", "posh")
        add("zsh.lang", "zsh")
        add("javascript.lang", "js", "javascript", "jsx", "node", "mjs", "cjs", "ecmascript")
        add("typescript.lang", "ts", "typescript", "tsx", "mts", "cts")
        add("yaml.lang", "yaml", "yml")
        add("toml.lang", "toml")
        add("swift.lang", "swift")
        add("dockerfile.lang", "dockerfile", "docker", "containerfile")
        add("rust.lang", "rs", "rust")
        add("python.lang", "py", "python", "python3", "py3", "python2", "pycon", "gyp", "bazel", "starlark")
        add("ruby.lang", "rb", "ruby", "gemfile", "rake", "podspec")
        add("cpp.lang", "c++", "cpp", "cxx", "cc", "hpp", "hxx", "h++", "hh", "arduino", "ino")
        add("c.lang", "c", "h", "objc", "objective-c", "objectivec", "obj-c", "objc++", "objective-c++")
        add("csharp.lang", "cs", "csharp", "c#")
        add("java.lang", "java")
        add("scala.lang", "scala")
        add("groovy.lang", "groovy", "gradle")
        add("php.lang", "php", "php3", "php4", "php5")
        add("perl.lang", "perl", "pl", "pm")
        add("lua.lang", "lua")
        add("sql.lang", "sql", "mysql", "postgresql", "postgres", "psql", "plpgsql", "sqlite", "sqlite3", "tsql")
        add("haskell.lang", "haskell", "hs")
        add("css.lang", "css", "scss", "less", "sass")
        add("html.lang", "html", "htm", "xhtml", "vue", "svelte")
        add("xml.lang", "xml", "svg", "xsl", "xslt", "plist", "rss", "atom", "wsdl")
        add("json.lang", "json", "jsonc", "json5", "geojson", "jsonl", "ipynb")
        add("diff.lang", "diff", "patch", "udiff")
        add("makefile.lang", "make", "makefile", "mk", "mf", "bsdmake")
        add("conf.lang", "ini", "cfg", "conf", "dosini", "nginx", "apache", "apacheconf", "systemd")
        add("properties.lang", "properties", "jproperties")
        add("latex.lang", "tex", "latex")
        add("erlang.lang", "erlang", "erl")
        add("caml.lang", "ocaml", "ml")
        add("r.lang", "r", "splus")
        add("lisp.lang", "lisp", "elisp", "emacs-lisp", "common-lisp", "cl")
        add("scheme.lang", "scheme", "scm", "racket")
        add("vbscript.lang", "vb", "vbscript", "vbnet")
        add("pascal.lang", "pascal", "delphi", "pas", "objectpascal")
        add("fortran.lang", "fortran", "f90", "f95", "f77")
        add("bat.lang", "bat", "batch", "cmd", "dosbatch")
        add("asm.lang", "asm", "nasm", "x86asm", "gas")
        add("coffeescript.lang", "coffee", "coffeescript")
        add("proto.lang", "proto", "protobuf")
        add("vim.lang", "vim", "viml", "vimscript")
        add("bib.lang", "bib", "bibtex")
        return map
    }()
}
