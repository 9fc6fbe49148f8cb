import ArgumentParser
import Blog
import Foundation
import GitOps
import NakedblogApp
import Synchronization

/// `nakedblog demo [--dir DIR]`: a local remote made from the bundled demo blog, cloned through
/// the clone screen and opened; publishing pushes to that local remote, so everything works offline.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Try nakedblog on the bundled demo blog (offline: a local remote).",
        discussion: """
            The first run creates DIR/remote.git from the demo blog and clones it into DIR/blog \
            through the clone screen; later runs open DIR/blog again. Default DIR: \
            $XDG_DATA_HOME/nakedblog/demo (~/.local/share/nakedblog/demo), or …/demo-jekyll with \
            --jekyll (the bundled Jekyll blog, demo-jekyll/).
            """)

    @Option(help: "Where the demo remote and clone live.")
    var dir: String?

    @Flag(help: "Try the bundled Jekyll blog instead of the Hugo one.")
    var jekyll = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let base = URL(fileURLWithPath: dir ?? (DemoCommand.defaultDirectory(environment) + (jekyll ? "-jekyll" : "")))
            .standardizedFileURL.path
        let remote = base + "/remote.git", clone = base + "/blog"
        if !FileManager.default.fileExists(atPath: remote + "/HEAD") {
            guard let source = ResourceLocator.demoSite(jekyll: jekyll) else {
                throw UserFacingError(
                    jekyll
                        ? "cannot find the bundled Jekyll demo blog (demo-jekyll/ in \(ShippedResources.bases.joined(separator: ", "))). Set NAKEDBLOG_JEKYLL_DEMO_SOURCE to its directory."
                        : "cannot find the bundled demo blog (demo/ in \(ShippedResources.bases.joined(separator: ", "))). Set NAKEDBLOG_DEMO_SOURCE to its directory."
                )
            }
            try DemoRemote.create(from: source, remote: remote, scratch: base + "/.seed")
        }
        var state = AppState(columns: 80, rows: 24)
        state.start.directory = FileManager.default.currentDirectoryPath
        state.start.recent = RecentSites.load()
        if FileManager.default.fileExists(atPath: clone + (jekyll ? "/_config.yml" : "/hugo.toml")) {
            state.page = .browse
            try FullScreen.run(state: state, initial: [.loadSite(clone)], theme: options.theme)
        } else {
            let effects = App.startClone(
                &state, url: "file://" + remote, target: clone, remote: try? GitURL("file://" + remote),
                now: ProcessInfo.processInfo.systemUptime)
            try FullScreen.run(state: state, initial: effects, theme: options.theme)
        }
    }

    static func defaultDirectory(_ environment: [String: String]) -> String {
        XDGDirectory.data(environment) + "/demo"
    }
}

/// Makes the demo's bare remote: the demo blog's files committed once, pushed with libgit2.
enum DemoRemote {
    static func create(from source: String, remote: String, scratch: String) throws {
        let fm = FileManager.default
        try? fm.removeItem(atPath: scratch)
        do {
            try fm.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            for name in try fm.contentsOfDirectory(atPath: source)
            where !["public", "resources", ".hugo_build.lock", "_site", ".jekyll-cache"].contains(name) {
                try fm.copyItem(atPath: source + "/" + name, toPath: scratch + "/" + name)
            }
            let seed = try Repository.create(at: scratch, bare: false)
            try seed.setConfig("user.name", "nakedblog demo")
            try seed.setConfig("user.email", "demo@nakedblog.invalid")
            _ = try seed.commit(paths: [], all: true, message: "The nakedblog demo blog")
            _ = try Repository.create(at: remote, bare: true)
            try seed.addRemote("origin", url: "file://" + remote)
            try seed.setConfig("branch.main.remote", "origin")
            try seed.setConfig("branch.main.merge", "refs/heads/main")
        } catch let error as GitError {
            throw UserFacingError("cannot create the demo remote in \(remote): \(error.message)")
        }
        let done = DispatchSemaphore(value: 0)
        let failure = Failure()
        let operation = Publisher.publish(repositoryAt: scratch, .init(paths: [], message: ""))
        Task.detached {
            do { for try await _ in operation.events {} } catch { failure.set("\(error)") }
            done.signal()
        }
        done.wait()
        try? fm.removeItem(atPath: scratch)
        if let message = failure.message {
            try? fm.removeItem(atPath: remote)
            throw UserFacingError("cannot create the demo remote in \(remote): \(message)")
        }
    }

    private final class Failure: Sendable {
        private let text = Mutex<String?>(nil)
        func set(_ value: String) { text.withLock { $0 = value } }
        var message: String? { text.withLock { $0 } }
    }
}
