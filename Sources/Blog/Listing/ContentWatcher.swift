import Foundation
import Glibc
import Synchronization

/// Watches a site's content folders (inotify, one watch per folder) and reports the paths that
/// changed — written, created, moved or deleted by another terminal, `git pull` or `nakedblog
/// new` — so the list follows the disk without a restart. Events are gathered for a moment
/// (`settle`) and reported together, site-relative, off the caller's thread. Links are not
/// followed and `.git`, hidden, output and dependency folders are not watched.
public final class ContentWatcher: Sendable {
    private let descriptor: Int32
    /// The site watched.
    public let site: Site
    private let state = Mutex<(folders: [Int32: String], stopped: Bool, ready: Bool)>(([:], false, false))
    private let report: @Sendable ([String]) -> Void
    private let settle: Double

    /// Starts watching `site`; nil when the system has no inotify (the list is then read again
    /// on request only). `report` is called with the changed paths.
    public init?(site: Site, settle: Double = 0.15, report: @escaping @Sendable ([String]) -> Void) {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
        self.site = site
        self.report = report
        self.settle = settle
        // The folders are walked on the watcher's own thread: a 20,000-bundle site's walk never
        // holds up the file work that follows opening it.
        let thread = Thread { [self] in
            for folder in Self.roots(of: site) { watchTree(folder) }
            state.withLock { $0.ready = true }
            run()
        }
        thread.name = "nb-watch"
        thread.start()
    }

    /// Stops watching (the thread ends within half a second).
    public func stop() {
        state.withLock { $0.stopped = true }
    }

    /// Whether every folder that was there at the start is watched (changes before that may be missed).
    public var isReady: Bool { state.withLock { $0.ready } }

    /// Waits until `isReady` (at most `timeout` seconds); whether it is.
    @discardableResult
    public func waitUntilReady(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !isReady && Date() < deadline { usleep(5_000) }
        return isReady
    }

    /// How many folders are watched.
    public var folderCount: Int { state.withLock { $0.folders.count } }

    static let skipped: Set<String> = [
        "node_modules", "vendor", "public", "resources", "_site", ".git", ".jekyll-cache", ".sass-cache",
    ]

    /// The folders pages live under: Hugo's content roots; a Jekyll site's root.
    static func roots(of site: Site) -> [String] {
        if site.kind.jekyll != nil { return [""] }
        return site.config.contentRoots.map(\.dir)
    }

    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR | IN_DONT_FOLLOW
            | IN_EXCL_UNLINK)

    /// Watches `folder` (site-relative) and every folder below it.
    private func watchTree(_ folder: String) {
        let absolute = folder.isEmpty ? site.root : site.absolute(folder)
        guard SiteContainment.isInside(absolute, site: site.root) else { return }
        let wd = inotify_add_watch(descriptor, absolute, Self.mask)
        guard wd >= 0 else { return }
        state.withLock { $0.folders[wd] = folder }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return }
        for name in names where !name.hasPrefix(".") && !Self.skipped.contains(name) {
            var info = stat()
            let path = absolute + "/" + name
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            watchTree(folder.isEmpty ? name : folder + "/" + name)
        }
    }

    /// The files below a new folder (a bundle made or moved in), site-relative.
    private func files(below folder: String) -> [String] {
        let absolute = site.absolute(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: absolute) else { return [] }
        var found: [String] = []
        while let item = enumerator.nextObject() as? String, found.count < 10_000 { found.append(folder + "/" + item) }
        return found
    }

    private func run() {
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending: [String] = []
        var deadline: Double?
        while !state.withLock({ $0.stopped }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let wait = deadline.map { max(0, Int32(($0 - Date().timeIntervalSince1970) * 1000)) } ?? 500
            let ready = poll(&poller, 1, wait)
            if ready > 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 { pending += events(in: buffer[..<count]) }
                if deadline == nil && !pending.isEmpty { deadline = Date().timeIntervalSince1970 + settle }
            }
            if let due = deadline, Date().timeIntervalSince1970 >= due {
                var seen = Set<String>()
                let paths = pending.filter { seen.insert($0).inserted }
                pending = []
                deadline = nil
                if !paths.isEmpty { report(paths) }
            }
        }
    }

    /// The paths named by the events in `bytes` (new folders are watched and their files named).
    private func events(in bytes: ArraySlice<UInt8>) -> [String] {
        var paths: [String] = []
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            let (wd, mask, length) = bytes.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = bytes[(offset + header)..<min(bytes.endIndex, offset + header + length)].prefix { $0 != 0 }
            offset += header + length
            if mask & UInt32(IN_IGNORED) != 0 {
                state.withLock { _ = $0.folders.removeValue(forKey: wd) }
                continue
            }
            guard let folder = state.withLock({ $0.folders[wd] }), !nameBytes.isEmpty else { continue }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if name.hasPrefix(".") || Self.skipped.contains(name) { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                watchTree(path)
                paths += files(below: path)
            }
            paths.append(path)
        }
        return paths
    }
}
