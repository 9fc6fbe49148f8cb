// swift-tools-version:6.0
// nakedblog: a full-screen terminal editor for Hugo blogs kept in git.
import PackageDescription

let package = Package(
    name: "nakedblog",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nakedblog", targets: ["nakedblog"]),
        .executable(name: "nakedblog-image", targets: ["nakedblog-image"]),
        // For the fuzz package in Fuzz/ (libFuzzer targets built with -sanitize=fuzzer).
        .library(name: "NakedblogCore", targets: ["FrontMatter", "Blog", "Preview", "TUI", "TextWidth"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // C modules only: module maps and shim headers; each library found through pkg-config
        // (its headers and the soname the system has: libgit2 1.5 to 1.9, any CPU).
        .systemLibrary(name: "CGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"])]),
        .systemLibrary(
            name: "CCmark", pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(
            name: "CNcursesw", pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CHunspell", pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
        // libvips, linked only by the image helper (`nakedblog-image`): its decoders run in a
        // process of their own, and the app does not load them at every start.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // libchafa (pictures drawn as kitty, sixel, iTerm2 or Unicode symbols), also the helper's alone.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),

        // libgit2's SSH transport replaced by one that runs the system ssh (C glue for GitOps).
        // Also SHA-1 and deflate for the packs GitOps writes itself (thin pushes over ssh).
        .target(name: "CGitSSH", dependencies: ["CGit2"], linkerSettings: [.linkedLibrary("z")]),

        // The token classes of code blocks: a C interface whose first call opens
        // libnakedblog-highlight.so — GNU Source-highlight (C++) behind it, built beside the
        // binary by scripts/build-highlight.sh from Sources/SourceHighlightLibrary (not a
        // SwiftPM product: that would carry a second copy of the static Swift runtime). A
        // start-up then skips Source-highlight, Boost.Regex and ICU (~3.5 ms here).
        .target(name: "CSourceHighlight"),

        // Nuspell (C++) behind a C interface, for the benchmark only (measured beside Hunspell).
        .target(
            name: "CNuspell",
            linkerSettings: [.linkedLibrary("nuspell"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]),

        // Memory: the arena cmark parses into, heap settings, huge pages.
        .target(name: "CMemory"),
        // The terminal: restoring it from signal handlers (C: they must be async-signal-safe), ptys.
        .target(name: "CTerminal"),
        // Scans every byte of a text or a directory passes through: vectorized word counts and
        // control-character and prose-run searches, getdents64.
        .target(name: "CScans"),

        // Display width of text (CJK, emoji, combining marks): shared by Blog and TUI.
        .target(name: "TextWidth", dependencies: ["CScans"]),
        // Finding a literal or a regular expression in text, line by line (the editor's find and
        // replace, the search across posts): Foundation and glibc's memmem.
        .target(name: "TextSearch", dependencies: ["CScans"]),

        // Libraries: GitOps, FrontMatter, TUI and TextWidth import none of the others; Blog reads
        // front matter, Preview reads Blog's sites, Spelling reads Preview's prose spans.
        // The one way to run another program: a clean signal mask, its own process group, input,
        // output and a time limit (git's helpers, generators, the image helper, curl).
        .target(name: "ChildProcesses"),
        .target(name: "GitOps", dependencies: ["CGit2", "CGitSSH", "ChildProcesses"]),
        // Front matter: reading YAML, TOML and JSON blocks, values and dates, and editing one
        // field in place. Knows nothing of sites.
        .target(name: "FrontMatter", dependencies: ["TextWidth", "Yams", "TOMLKit"]),
        .target(
            name: "Blog", dependencies: ["ChildProcesses", "FrontMatter", "CScans", "TextWidth", "Yams", "TOMLKit"]),
        // Markdown → styled terminal lines: the only code that calls libcmark.
        .target(
            name: "Preview", dependencies: ["Blog", "CCmark", "CMemory", "CScans", "CSourceHighlight", "TextWidth"]),
        .target(name: "TUI", dependencies: ["CNcursesw", "CTerminal", "TextSearch", "TextWidth", "TOMLKit"]),
        // Spell-checking: Hunspell dictionaries (the only libhunspell caller), the words of a
        // post's prose, the words a site and a writer accept.
        .target(name: "Spelling", dependencies: ["CHunspell", "Blog", "Preview"]),

        // The use cases both front ends call: synchronous, typed results, no TUI (the build
        // check, publish preparation, settings, paths between a repository and its site).
        .target(
            name: "Workflows",
            dependencies: [
                "ChildProcesses", "GitOps", "Blog", "FrontMatter", "Preview", "Spelling", "TextSearch", "TextWidth",
                "TOMLKit",
            ]),

        // The full-screen app: state, update, render, effects (a library so tests can drive it).
        .target(
            name: "NakedblogApp",
            dependencies: [
                "Workflows", "ChildProcesses", "GitOps", "Blog", "Preview", "Spelling", "TUI", "TextWidth", "TOMLKit",
            ]),

        // The executable: argument parsing and wiring.
        .executableTarget(
            name: "nakedblog",
            dependencies: [
                "NakedblogApp", "Workflows", "ChildProcesses", "GitOps", "Blog", "Preview", "Spelling", "TUI",
                "TextSearch", "TextWidth", "CMemory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Test and benchmark infrastructure (no XCTest here, so the bench can use it too):
        // loopback git servers, blog fixtures, the tmux driver, snapshot comparison.
        .target(name: "Harness", dependencies: ["CTerminal"]),
        // A tiny ncurses program the smoke tests draw in tmux.
        .executableTarget(name: "TerminalSmoke", dependencies: ["TUI"]),
        // Pictures fit to publish (libvips) and drawn for a terminal (libchafa), in a process of
        // their own; C, so a sandbox running it needs only the system's libraries.
        .executableTarget(
            name: "nakedblog-image", dependencies: ["CVips", "CChafa"],
            // The Swift driver links its runtime into every executable: static here, so the helper
            // needs no library outside the system's (a sandbox shows only those).
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "--gc-sections"])]),
        // `make bench`: prints one Markdown table of our medians against git/hugo/cmark.
        .executableTarget(
            name: "nakedblog-bench",
            dependencies: [
                "Harness", "GitOps", "Blog", "Preview", "Spelling", "TUI", "Workflows", "CCmark",
                "CHunspell", "CNuspell",
            ]),

        // XCTest helpers shared by every test target.
        .target(name: "TestSupport", dependencies: ["Harness"], path: "Tests/TestSupport"),

        .testTarget(name: "GitOpsTests", dependencies: ["GitOps", "CGit2", "TestSupport"]),
        .testTarget(name: "FrontMatterTests", dependencies: ["FrontMatter", "TestSupport"]),
        .testTarget(name: "BlogTests", dependencies: ["Blog", "Preview", "CScans", "TextWidth", "TestSupport"]),
        .testTarget(
            name: "PreviewTests", dependencies: ["Preview", "Blog", "CCmark", "CMemory", "TextWidth", "TestSupport"],
            exclude: ["__Snapshots__", "Fixtures"]),
        .testTarget(name: "SpellingTests", dependencies: ["Spelling", "Blog", "Preview", "TestSupport"]),
        .testTarget(name: "TextWidthTests", dependencies: ["TextWidth", "TestSupport"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(
            name: "AppTests",
            dependencies: ["NakedblogApp", "ChildProcesses", "GitOps", "Blog", "Preview", "TUI", "TestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "WorkflowsTests",
            dependencies: [
                "Workflows", "ChildProcesses", "TextSearch", "GitOps", "Blog", "Harness", "TestSupport", "TOMLKit",
            ]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Harness", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
