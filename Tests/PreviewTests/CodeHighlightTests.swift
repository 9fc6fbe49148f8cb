import TestSupport
import XCTest

@testable import Preview

/// Code blocks coloured by GNU Source-highlight: every alias writers use, the project's own
/// language definitions on real snippets, plain for unknown languages and when colour is off.
final class CodeHighlightTests: XCTestCase {
    override func setUpWithError() throws {
        try requireFile("/usr/share/source-highlight/go.lang", package: "libsource-highlight-common")
    }

    /// The text of each token of `token` class in `code` highlighted as `fence`.
    private func tokens(_ code: String, _ fence: String, _ token: CodeToken) throws -> [String] {
        let lines = try XCTUnwrap(CodeHighlighter.highlight(code, fence: fence), "\(fence) not highlighted")
        let source = code.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        var found: [String] = []
        for (index, spans) in lines.enumerated() {
            for span in spans where span.token == token {
                found.append(String(decoding: source[index][span.start..<(span.start + span.length)], as: UTF8.self))
            }
        }
        return found
    }

    func testEveryAliasLoadsAWorkingDefinition() throws {
        for (alias, file) in CodeHighlighter.aliases {
            XCTAssertEqual(CodeHighlighter.languageFile(forFence: alias), file, alias)
            XCTAssertNotNil(CodeHighlighter.highlight("x = 1\n", fence: alias), "\(alias) → \(file) does not compile")
        }
        XCTAssertEqual(CodeHighlighter.languageFile(forFence: "golang {linenos=table,hl_lines=[2]}"), "go.lang")
        XCTAssertEqual(CodeHighlighter.languageFile(forFence: "{.python}"), "python.lang")
        XCTAssertEqual(CodeHighlighter.languageFile(forFence: "language-rust"), "rust.lang")
        XCTAssertEqual(CodeHighlighter.languageFile(forFence: "C++"), "cpp.lang")
        // Not in the alias table, but a system definition of that name: used.
        XCTAssertEqual(CodeHighlighter.languageFile(forFence: "vala"), "vala.lang")
    }

    func testUnknownPlainAndHostileNamesArePlain() {
        for fence in [
            "", "klingon", "text", "plaintext", "none", "../../etc/passwd", "../go", "go/../../x",
            String(repeating: "a", count: 300),
        ] {
            XCTAssertNil(CodeHighlighter.highlight("x = 1\n", fence: fence), fence)
        }
    }

    func testGoFromTheSystem() throws {
        let code = "package main\n// say hi\nfunc main() { fmt.Println(\"hi\", 42) }\n"
        XCTAssertEqual(try tokens(code, "go", .keyword), ["package", "func"])
        XCTAssertEqual(try tokens(code, "golang", .comment), ["// say hi"])
        XCTAssertEqual(try tokens(code, "go", .string), ["\"hi\""])
        XCTAssertEqual(try tokens(code, "go", .number), ["42"])
        XCTAssertEqual(try tokens(code, "go", .function), ["main", "Println"])
    }

    func testYAML() throws {
        let code =
            "---\n# a comment\ntitle: \"Hello # not a comment\"\ndraft: true\ncount: 42\nbase: &anchor\n  key: 'v'\nurl: http://x.org/#frag\n"
        XCTAssertEqual(try tokens(code, "yml", .type), ["title", "draft", "count", "base", "key", "url"])
        XCTAssertEqual(try tokens(code, "yaml", .comment), ["# a comment"])
        XCTAssertEqual(try tokens(code, "yaml", .string), ["\"Hello # not a comment\"", "'v'"])
        XCTAssertEqual(try tokens(code, "yaml", .keyword), ["true"])
        XCTAssertEqual(try tokens(code, "yaml", .number), ["42"])
        XCTAssertEqual(try tokens(code, "yaml", .preprocessor), ["---", "&anchor"])
    }

    func testTOML() throws {
        let code =
            "[params]\ntitle = \"Hello\"\ndate = 2024-01-02T10:00:00Z\ndraft = false # why\n[[menu.main]]\nweight = 1_000\n"
        XCTAssertEqual(try tokens(code, "toml", .keyword), ["[params]", "false", "[[menu.main]]"])
        XCTAssertEqual(try tokens(code, "toml", .type), ["title", "date", "draft", "weight"])
        XCTAssertEqual(try tokens(code, "toml", .string), ["\"Hello\""])
        XCTAssertEqual(try tokens(code, "toml", .number), ["2024-01-02T10:00:00Z", "1_000"])
        XCTAssertEqual(try tokens(code, "toml", .comment), ["# why"])
    }

    func testSwift() throws {
        let code =
            "import Foundation\n@MainActor struct Foo: Sendable {\n    let x = 0x1F // hex\n    func bar(_ y: Int) async throws -> String { \"v\\(y)\" }\n}\n/* a\n block */\n#if DEBUG\n"
        XCTAssertEqual(try tokens(code, "swift", .keyword), ["import", "struct", "let", "func", "async", "throws"])
        XCTAssertEqual(try tokens(code, "swift", .type), ["Foundation", "Foo", "Sendable", "Int", "String", "DEBUG"])
        XCTAssertEqual(try tokens(code, "swift", .preprocessor), ["@MainActor", "#if"])
        XCTAssertEqual(try tokens(code, "swift", .comment), ["// hex", "/* a", " block */"])
        XCTAssertEqual(try tokens(code, "swift", .number), ["0x1F"])
        XCTAssertEqual(try tokens(code, "swift", .function), ["bar"])
    }

    func testTypeScript() throws {
        let code =
            "interface User { name: string }\nconst greet = async (u: User): Promise<void> => console.log(`hi ${u.name}`);\n@Component class A {}\n"
        XCTAssertEqual(try tokens(code, "ts", .keyword), ["interface", "const", "async", "void", "class"])
        XCTAssertEqual(try tokens(code, "tsx", .type), ["User", "string", "User", "Promise", "A"])
        XCTAssertEqual(try tokens(code, "typescript", .preprocessor), ["@Component"])
        XCTAssertEqual(try tokens(code, "ts", .function), ["log"])
        XCTAssertTrue(try tokens(code, "ts", .string).joined().contains("`hi "))
    }

    func testDockerfile() throws {
        let code =
            "# syntax=docker/dockerfile:1\n# build stage\nFROM golang:1.22 AS build\nCOPY --from=build /src /app\nENV PORT=8080\nRUN echo \"$HOME\" # not a comment\n"
        XCTAssertEqual(try tokens(code, "dockerfile", .preprocessor), ["# syntax=docker/dockerfile:1", "--from"])
        XCTAssertEqual(try tokens(code, "docker", .comment), ["# build stage"])
        XCTAssertEqual(try tokens(code, "Dockerfile", .keyword), ["FROM", "AS", "COPY", "ENV", "RUN"])
        XCTAssertEqual(try tokens(code, "dockerfile", .type), ["$HOME"])
        XCTAssertEqual(try tokens(code, "dockerfile", .number), ["8080"])
    }

    /// In the preview: token roles inside the box; none without a language, an unknown one, or
    /// when colour is off; the same block is highlighted once (cached).
    func testPreviewRolesAndPlainCases() {
        func roles(_ markdown: String, highlight: Bool = true) -> Set<PreviewRole> {
            var context = PreviewContext()
            context.highlightsCode = highlight
            return Set(
                MarkdownPreview.render(markdown: markdown, width: 60, context: context).flatMap {
                    $0.spans.map(\.style.role)
                })
        }
        let go = "```go\nfunc main() { return }\n```\n"
        XCTAssertTrue(roles(go).isSuperset(of: [.codeKeyword, .codeFunction]))
        XCTAssertTrue(roles(go, highlight: false).isDisjoint(with: [.codeKeyword, .codeFunction]))
        XCTAssertTrue(roles("```\nfunc main() { return }\n```\n").isDisjoint(with: [.codeKeyword, .codeFunction]))
        XCTAssertTrue(roles("```klingon\nfunc main()\n```\n").isDisjoint(with: [.codeKeyword, .codeFunction]))
        // A long line is still cut at the width with its arrow, colours kept.
        let long = MarkdownPreview.render(
            markdown: "```go\nfunc " + String(repeating: "a", count: 100) + "() {}\n```\n", width: 40)
        XCTAssertEqual(long[1].text.count, 40)
        XCTAssertTrue(long[1].text.hasSuffix("→"))
        XCTAssertEqual(long[1].spans[1].style.role, .codeKeyword)
    }

    /// A 10,000-line block is highlighted and laid out (its time is in the bench).
    func testALargeBlock() throws {
        let code = (0..<10_000).map { "let value\($0) = \"text \($0)\" // note" }.joined(separator: "\n")
        let lines = try XCTUnwrap(CodeHighlighter.highlight(code, fence: "swift"))
        XCTAssertEqual(lines.count, 10_000)
        XCTAssertEqual(lines[9_999].map(\.token), [.keyword, .string, .comment])
    }
}
