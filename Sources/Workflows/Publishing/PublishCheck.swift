import Blog
import Foundation
import GitOps
import TextWidth

/// The check before a publish — one rule for `nakedblog publish`, `nakedblog check` and the app's
/// sheet: the site as it will be after the publish (HEAD, plus exactly what is committed,
/// undrafted if asked) is copied to a scratch folder and built there by the site's own generator;
/// only when that fails is HEAD built too, so a site that was already broken does not block a good
/// post. Also says where and when each post will appear.
public struct PublishCheck: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        /// Builds (warnings about the posts may remain).
        case passed
        /// The build fails and HEAD's does not (or fails differently about the posts): refused.
        case failed
        /// HEAD already fails to build; the change adds nothing new that is about the posts.
        case alreadyBroken
        /// The generator is not installed (the reason, said once).
        case unavailable(String)
    }

    public var verdict: Verdict
    /// The build of the site with the change, and of HEAD when that one failed.
    public var build: SiteBuild?
    public var headBuild: SiteBuild?
    /// Where and when each post appears (site-relative path, after an undraft).
    public var appearances: [(path: String, when: PublishWhen)]
    /// The first line of a post the generator complains about (to show it in the editor).
    public var postProblem: (path: String, line: Int)?
    public var generator: String

    public static func == (a: PublishCheck, b: PublishCheck) -> Bool {
        a.verdict == b.verdict && a.build == b.build && a.headBuild == b.headBuild && a.generator == b.generator
            && a.appearances.map(\.path) == b.appearances.map(\.path)
            && a.appearances.map(\.when) == b.appearances.map(\.when)
    }

    public var refuses: Bool { verdict == .failed }

    public init(
        verdict: Verdict, build: SiteBuild? = nil, headBuild: SiteBuild? = nil,
        appearances: [(path: String, when: PublishWhen)],
        postProblem: (path: String, line: Int)? = nil, generator: String
    ) {
        self.verdict = verdict
        self.build = build
        self.headBuild = headBuild
        self.appearances = appearances
        self.postProblem = postProblem
        self.generator = generator
    }

    /// What the sheet and the commands say: a verdict line, then the generator's messages.
    public var lines: [String] {
        let took = build.map { String(format: " (%.1f s)", $0.seconds + (headBuild?.seconds ?? 0)) } ?? ""
        var lines: [String] = []
        switch verdict {
        case .passed:
            lines.append("The site builds with \(generator) with this change\(took).")
            lines += (build?.warnings ?? []).prefix(5).map { "warning: " + $0.description }
        case .failed:
            lines.append("The site does not build with \(generator) with this change\(took):")
            lines += (build?.errors ?? []).prefix(5).map(\.description)
        case .alreadyBroken:
            lines.append(
                "The site was already broken before this change (\(generator) fails at the last commit too)\(took):")
            lines += (headBuild?.errors ?? []).prefix(3).map(\.description)
            lines.append("Publishing does not make it worse; fix the site separately.")
        case .unavailable(let reason):
            lines.append(reason)
        }
        return lines
    }

    /// Runs the check for publishing `commitPaths` (repository-relative) of the site at
    /// `siteRoot`; `posts` are the site-relative pages among them, `undraft` makes them posts first.
    public static func run(
        repository: Repository, siteRoot: String, commitPaths: [String], posts: [String], undraft: Bool,
        build wanted: Bool = true, policy: BuildPolicy = BuildPolicy(), now: Date = Date(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> PublishCheck {
        guard let site = try? Site.open(containing: siteRoot), let workdir = repository.workingDirectory else {
            return PublishCheck(
                verdict: .unavailable("not a site: the build check is skipped"), appearances: [], generator: "")
        }
        let prefix = PublishPlan.sitePrefix(siteRoot: site.root, workdir: workdir)
        var scratch = scratchBase(environment, limited: policy.limited) + "nakedblog-check-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var copyRoot = scratch + "/site"
        if (try? snapshot(site: site, repository: repository, prefix: prefix, keep: commitPaths, into: copyRoot)) == nil
        {
            // Memory was short (or the folder odd): the ordinary temporary folder.
            try? FileManager.default.removeItem(atPath: scratch)
            scratch = NSTemporaryDirectory() + "nakedblog-check-" + UUID().uuidString
            copyRoot = scratch + "/site"
            _ = try? snapshot(site: site, repository: repository, prefix: prefix, keep: commitPaths, into: copyRoot)
        }
        guard let copy = try? Site.open(containing: copyRoot) else {
            return PublishCheck(
                verdict: .unavailable("cannot copy the site for the build check: it is skipped"), appearances: [],
                generator: site.kind.command)
        }
        var checked = posts
        if undraft {
            checked = posts.map { post in (try? DraftSwitch.set(post, draft: false, site: copy, now: now))?.path ?? post
            }
        }
        var index = PostIndex(site: copy, posts: [], problems: [])
        index.refresh(paths: checked)
        let appearances = checked.compactMap { path in
            index.post(at: path).map { (path, PublishWhen($0, site: copy, now: now)) }
        }
        guard wanted else {
            return PublishCheck(
                verdict: .unavailable("The site was not built (--no-build)."), appearances: appearances,
                generator: site.kind.command)
        }
        guard let generator = SiteBuild.generator(for: site.kind, environment: environment) else {
            return PublishCheck(
                verdict: .unavailable("\(site.kind.command) is not installed: the build check is skipped."),
                appearances: appearances, generator: site.kind.command)
        }
        if policy.limited {
            var refusal: String?
            do throws(ContentError) { try site.requireModuleMountsInside() } catch { refusal = error.description }
            if case .jekyll(let config) = site.kind, let plugin = GeneratorInvocation.refusedPlugins(config).first {
                refusal =
                    "_config.yml: the plugin \(plugin) is not one an untrusted build loads (those GitHub Pages allows: "
                    + GeneratorInvocation.safePlugins.joined(separator: ", ") + ")"
            }
            if let refusal {
                // Names from the site's config: made visible like the generator's own output.
                let build = SiteBuild(
                    succeeded: false, messages: [SiteBuild.Message(text: TerminalText.visible(refusal), isError: true)],
                    seconds: 0)
                return PublishCheck(
                    verdict: .failed, build: build, appearances: appearances, generator: site.kind.command)
            }
        }
        if policy.trust == .sandboxed {
            do {
                try BuildSandbox.check(environment: environment)
            } catch {
                return PublishCheck(
                    verdict: .unavailable(
                        "warning: the build check is skipped: it runs only in a sandbox on this server, and "
                            + error.description + ". Ask the server's administrator to install bubblewrap."),
                    appearances: appearances, generator: site.kind.command)
            }
        }
        // A Hugo site built with its git history: the copy gets a view of it inside itself
        // (commits and trees only: no contents, config or credentials; `makeHistoryView`).
        func addHistory() {
            guard site.kind.jekyll == nil, site.config.enableGitInfo else { return }
            _ = try? repository.makeHistoryView(in: copyRoot)
        }
        addHistory()
        let build = SiteBuild.run(
            site.kind, generator: generator, source: copyRoot, scratch: scratch + "/build", policy: policy,
            environment: environment)
        switch build.ended {
        case .exited: break
        case .stopped:
            return PublishCheck(
                verdict: .unavailable("The build check was stopped."), build: build, appearances: appearances,
                generator: site.kind.command)
        case .timedOut:
            return PublishCheck(
                verdict: .unavailable(
                    "warning: the build check was stopped after \(Int(policy.timeout)) s (\(site.kind.command) did not finish; "
                        + "the limit is [publish] check_timeout in the config file); the site was not checked."),
                build: build, appearances: appearances, generator: site.kind.command)
        }
        var result = PublishCheck(
            verdict: .passed, build: build, appearances: appearances, generator: site.kind.command)
        let touched = Set(checked + posts)
        result.postProblem =
            build.errors.lazy.compactMap { message in
                message.file.flatMap { file in touched.contains(file) ? message.line.map { (file, $0) } : nil }
            }.first
        guard !build.succeeded else { return result }
        // Only new breakage blocks: build the last commit (the same copy without the change).
        try? FileManager.default.removeItem(atPath: copyRoot)
        guard (try? snapshot(site: site, repository: repository, prefix: prefix, keep: [], into: copyRoot)) != nil
        else {
            result.verdict = .failed
            return result
        }
        addHistory()
        let head = SiteBuild.run(
            site.kind, generator: generator, source: copyRoot, scratch: scratch + "/head", policy: policy,
            environment: environment)
        if head.ended != .exited {
            result.verdict = .failed
            return result
        }
        result.headBuild = head
        let aboutPosts = build.errors.contains { $0.file.map(touched.contains) ?? false }
        result.verdict = head.succeeded || aboutPosts ? .failed : .alreadyBroken
        return result
    }

    /// Where scratch copies go. A limited build's (untrusted, always so on a shared server): on
    /// disk, in the cache folder — never memory, where what a template writes would take the
    /// server's RAM. An author's own: a memory filesystem (`/dev/shm`) when it has room — a copy
    /// of a 2,000-post site is 4,000 new inodes, slower to make on a busy disk than hugo's whole
    /// build — else the temporary folder. `NAKEDBLOG_CHECK_DIR` chooses.
    static func scratchBase(_ environment: [String: String], limited: Bool) -> String {
        if let chosen = environment["NAKEDBLOG_CHECK_DIR"], !chosen.isEmpty {
            return chosen.hasSuffix("/") ? chosen : chosen + "/"
        }
        if limited {
            let folder = XDGDirectory.cache(environment) + "/checks"
            if (try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
            {
                return folder + "/"
            }
        }
        var info = statvfs()
        if access("/dev/shm", W_OK) == 0, statvfs("/dev/shm", &info) == 0,
            UInt64(info.f_bavail) * UInt64(info.f_frsize) >= 1 << 30
        {
            return "/dev/shm/"
        }
        return NSTemporaryDirectory()
    }

    /// The site as it is at HEAD plus the work tree's version of `keep` (repository paths: files
    /// or bundle folders), copied to `target` — never the site's `.git`, `public/`, `_site/` or
    /// caches (nothing is ever written into the site itself).
    static func snapshot(site: Site, repository: Repository, prefix: String, keep: [String], into target: String) throws
    {
        let fm = FileManager.default
        try fm.createDirectory(atPath: target, withIntermediateDirectories: true)
        // `resources/` is copied: hugo reuses what it processed before (the copy's, in scratch).
        let skipped: Set<String> = [
            ".git", "public", "_site", ".jekyll-cache", ".sass-cache", "node_modules", ".hugo_build.lock",
        ]
        let copy = SiteCopy(siteRoot: site.root, copyRoot: target)
        for name in try fm.contentsOfDirectory(atPath: site.root) where !skipped.contains(name) {
            // Copied, never hard-linked: a link changes each file's ctime, which an editor open
            // on the post (here or in another session) would take for a change on disk.
            try copy.copyTree(site.root + "/" + name, to: target + "/" + name)
        }
        let entries = (try? repository.status(paths: prefix.isEmpty ? [] : [String(prefix.dropLast())]).entries) ?? []
        for entry in entries {
            let path = entry.path
            if keep.contains(where: { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) { continue }
            guard path.hasPrefix(prefix) else { continue }
            let inCopy = target + "/" + path.dropFirst(prefix.count)
            try? fm.removeItem(atPath: inCopy.hasSuffix("/") ? String(inCopy.dropLast()) : inCopy)
            if let committed = repository.contentAtHead(path) {
                try? fm.createDirectory(
                    atPath: (inCopy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try committed.write(to: URL(fileURLWithPath: inCopy))
            }
        }
    }
}

/// The site copied for a build check: no `.git` at any depth, and no symbolic link that leads
/// out of the copy — a link inside the site becomes a link to the same place in the copy; one
/// that leads outside the site or into `.git` is left out (the generator finds nothing there).
struct SiteCopy {
    let siteRoot: String
    let copyRoot: String

    /// Copies a file or folder: files in the kernel (`sendfile`), links as above, folders
    /// entry by entry (Foundation's `copyItem` spent more on each small file than hugo did).
    func copyTree(_ source: String, to target: String) throws {
        var info = stat()
        guard lstat(source, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard mkdir(target, 0o755) == 0 || errno == EEXIST else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: source) where name != ".git" {
                try copyTree(source + "/" + name, to: target + "/" + name)
            }
        case S_IFREG:
            let input = open(source, O_RDONLY | O_CLOEXEC)
            guard input >= 0 else { return }  // unreadable: the generator would not read it either
            defer { close(input) }
            let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o777)
            guard output >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
            defer { close(output) }
            var remaining = Int(info.st_size)
            while remaining > 0 {
                let copied = sendfile(output, input, nil, remaining)
                if copied > 0 { remaining -= copied; continue }
                if copied < 0 && errno == EINTR { continue }
                if copied == 0 { break }
                // Not supported between these filesystems: read and write.
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(input, &buffer, buffer.count)
                    if count <= 0 { break }
                    _ = buffer.withUnsafeBytes { write(output, $0.baseAddress, count) }
                }
                break
            }
        case S_IFLNK:
            guard SiteContainment.isInside(source, site: siteRoot), let resolved = SiteContainment.resolve(source),
                let root = SiteContainment.resolve(siteRoot)
            else { return }
            let within = resolved == root ? "" : String(resolved.dropFirst(root.count + 1))
            let depth = target.dropFirst(copyRoot.count + 1).split(separator: "/").count - 1
            var relative = String(repeating: "../", count: depth) + (within.isEmpty ? "." : within)
            // The link's own text where it only goes down to the same file (`alias.md -> x/index.md`).
            if let own = SiteContainment.linkTarget(source), !own.hasPrefix("/"),
                !own.split(separator: "/").contains(".."),
                StandardPath.of(StandardPath.folder(of: source) + "/" + own) == root
                    + (within.isEmpty ? "" : "/" + within)
            {
                relative = own
            }
            guard symlink(relative, target) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
            }
        default:
            break  // sockets, fifos, devices: not site content
        }
    }
}
