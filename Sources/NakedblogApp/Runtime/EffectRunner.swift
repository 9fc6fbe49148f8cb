import Blog
import ChildProcesses
import Foundation
import GitOps
import Spelling
import Synchronization
import TUI

/// Turns effects into work (files, git, the site index) on background tasks, sending results
/// back as messages. Git runs on GitOps' own threads; nothing blocks the UI loop.
///
/// What its threads share is behind a `Mutex` (`shared`). It stays `@unchecked Sendable` for the
/// settings and terminal hooks below, which the wiring sets before the loop starts and nothing
/// changes after (the hooks hold the terminal, which only the loop's thread may touch).
public final class EffectRunner: @unchecked Sendable {
    /// Where messages go (the loop's queue).
    let send: @Sendable (AppMessage) -> Void
    let environment: [String: String]
    /// Build checks run one at a time (each builds the whole site); a newer one stops the older.
    private let checks = DispatchQueue(label: "nakedblog.publish-check")
    /// What the runner's threads share.
    struct Shared {
        /// Stops the build check that runs or waits to run.
        var currentCheck: ProcessStopper?
        /// Counts the searches of the posts' text asked for: only the latest goes on.
        var searches = 0
        var clone: CloneOperation?
        /// Publishes keep running until they end, whatever the screen does.
        var publishes: [GitOperation<PublishEvent>] = []
        /// Watches the open site's folders for changes made elsewhere.
        var watcher: ContentWatcher?
        /// A git status is running; the site to run it for again once it ends.
        var statusRunning = false
        var statusAgain: String?
        /// The stamp of each post as this runner last wrote it: a save asked for before the
        /// previous save's result reached the editor carries the older stamp, and the file
        /// holding our own write is not a change on disk.
        var ownWrites: [String: FileStamp] = [:]
    }
    let shared = Mutex(Shared())
    /// The user's settings (`[publish]`: whether, how long and how trusting the build check is).
    public var config = AppConfig()
    /// Copies text to the user's clipboard (the terminal's OSC 52).
    var copyToClipboard: (String) -> Void = { _ in }
    /// The author of what this session publishes (`--author`); set before the loop runs.
    public var author: CommitAuthor?
    /// `--restricted`: nothing leaves the site (no other program, no file from outside it).
    public var restricted = false
    /// `--role`: what a restricted author may change (`PostOwnership`): their own posts, or any.
    public var role = PostOwnership.Role.author
    /// Leaves the full screen, runs a command with the terminal, and comes back.
    var withTerminalSuspended: (@escaping () -> Void) -> Void = { $0() }

    deinit { shared.withLock { $0.watcher }?.stop() }

    /// Whether an open site's folders are watched for changes made elsewhere (the app's runner;
    /// a test's asks for it when that is what it tests).
    let followsDisk: Bool

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment, followsDisk: Bool = false,
        send: @escaping @Sendable (AppMessage) -> Void
    ) {
        self.environment = environment
        self.followsDisk = followsDisk
        self.send = send
        credentials = AppCredentialProvider { url, username in send(.credentialsNeeded(url: url, username: username)) }
    }

    /// Asks for HTTPS credentials in the app when the helpers have none.
    let credentials: AppCredentialProvider

    var remoteOptions: RemoteOptions {
        var options = RemoteOptions(credentials: credentials, environment: environment)
        // A restricted author commits as themselves when the server has no git identity.
        if restricted { options.committerFallback = author }
        return options
    }

    /// Starts `effect` on the site at `siteRoot` (the state's, when the effect was made: the
    /// runner keeps no copy). Effects that need the terminal (the external editor) run right here.
    public func run(_ effect: AppEffect, siteRoot: String?) {
        if effect.needsSite && siteRoot == nil {
            // Asked for before a site was open: said, never dropped in silence.
            return send(.failed(AppFailure(.noSite, "Open a site first (its folder, or a post in it).")))
        }
        let root = siteRoot ?? ""
        switch effect {
        case .loadSite(let path): background { self.loadSite(path) }
        case .renderPreview(let job): previews.async { [send] in send(job.render()) }
        case .refreshPosts(let index, let paths, let criteria):
            background { [send, listings, restricted] in
                var refreshed = index
                refreshed.refresh(paths: paths)
                if restricted { refreshed.removeOutsideSite() }
                // The list is made on a queue of its own: a save waits for no sorting.
                let done = refreshed
                listings.async {
                    send(.postsRefreshed(done.site, .prepared(done, for: criteria), paths: paths, readAt: Date()))
                }
            }
        // Not on the file queue: a status of a large work tree takes long, and a save must
        // never wait behind it.
        case .refreshGit: requestGitStatus(root: root)
        case .refreshGitPaths(let paths): statusQueue.async { self.refreshGit(paths: paths, root: root) }
        // Finding the repository reads the disk: not on the loop thread.
        case .fetch: background { self.startFetch(sync: false, root: root) }
        case .sync: background { self.startFetch(sync: true, root: root) }
        case .openPost(let path, let at): background { self.openPost(path, at: at, root: root) }
        case .releasePost(let path): if author != nil { background { EditingMarkers.release(path, root: root) } }
        case .reloadPost(let path): background { self.openPost(path, root: root, reload: true) }
        case .save(let path, let text, let revision, let expected, let overwrite):
            background { self.save(path, text, revision, root: root, expected: expected, overwrite: overwrite) }
        case .writeJournal(let path, let text):
            background { try? RecoveryJournal.write(text, root: root, post: path, environment: self.environment) }
        case .discardJournal(let path):
            background { RecoveryJournal.remove(root: root, post: path, environment: self.environment) }
        case .createPost(let request): background { self.createPost(request, root: root) }
        case .preparePublish(let post, let ignoring):
            background { self.preparePublish(post, ignoring: ignoring, root: root) }
        case .runPublishCheck(let post, let undraft):
            // A newer check replaces the one running: it is stopped, not waited for.
            let stopper = ProcessStopper()
            shared.withLock { shared -> ProcessStopper? in
                defer { shared.currentCheck = stopper }; return shared.currentCheck
            }?.stop()
            checks.async { self.runPublishCheck(post, undraft: undraft, root: root, stopper: stopper) }
        case .stopPublishCheck: shared.withLock { $0.currentCheck }?.stop()
        case .publish(let commitPath, let post, let message, let setDraftFalse, let resolve):
            background {
                self.publish(
                    commitPath: commitPath, post: post, message: message, setDraftFalse: setDraftFalse,
                    resolve: resolve, root: root)
            }
        case .loadConflict(let path): background { self.loadConflict(path, root: root) }
        case .startClone(let url, let target): startClone(url: url, target: target)
        case .checkCloneURL(let url, let directory): background { self.checkCloneURL(url, directory: directory) }
        case .cancelClone: shared.withLock { $0.clone }?.cancel()
        case .trustHostKey(let key): try? HostKeys.trust(key)
        case .toggleDraft(let path): background { self.toggleDraft(path, root: root) }
        case .copyToClipboard(let text): copyToClipboard(text)
        case .runExternalEditor(let path):
            // Never another program on a shared server (the keys are off too; this is the backstop).
            if restricted {
                send(.failed(AppFailure(.externalEditor, "Not available on this server.")))
            } else {
                runExternalEditor(path, root: root)
            }
        case .rememberSite(let path):
            if !restricted { background { RecentSites.remember(path, environment: self.environment) } }
        case .copyImage(let source, let post): background { self.copyImage(source, into: post, root: root) }
        case .perform(let task): perform(task, root: root)
        case .searchBodies(let query, let paths):
            let generation = shared.withLock { shared -> Int in
                shared.searches += 1; return shared.searches
            }
            searches.async { self.searchBodies(query, paths: paths, root: root, generation: generation) }
        case .checkSpelling(let job):
            let personal = personalWords
            spellChecks.async { [send, spellCheckers] in send(job.run(spellCheckers, personal: personal)) }
        case .acceptWord(let word, let language, let toSite):
            let personal = personalWords
            background { self.acceptWord(word, language: language, toSite: toSite, personal: personal, root: root) }
        case .setIdentity(let name, let email): setIdentity(name: name, email: email)
        case .answerCredentials(let username, let password):
            credentials.respond(
                username.flatMap { user in password.map { HTTPCredential(username: user, password: $0) } })
        case .suspend:
            if restricted {
                return send(.failed(AppFailure(.suspend, "Suspending is not available on this server.")))
            }
            // The default action stops the process; `fg` (SIGCONT) resumes here and the screen returns.
            withTerminalSuspended {
                signal(SIGTSTP, SIG_DFL); kill(getpid(), SIGTSTP)
            }
        case .quit: break
        }
    }

    /// File and index work runs in order on one queue (a save finishes before the publish
    /// that follows it looks at the file); network work runs on GitOps' own threads.
    private let files = DispatchQueue(label: "nakedblog.files", qos: .userInitiated)

    /// Browser lists are made here, in order, after the file work that read their pages.
    private let listings = LowPriorityThread(name: "nb-listings")

    /// Previews render here: never on the loop, never behind file work.
    private let previews = LowPriorityThread(name: "nb-preview")

    /// Whether `generation` is still the latest search asked for.
    func isLatestSearch(_ generation: Int) -> Bool { shared.withLock { $0.searches == generation } }

    /// Searches of the posts' text run here, one after another (a newer one ends an older one).
    private let searches = DispatchQueue(label: "nakedblog.search", qos: .userInitiated)

    /// Spell-checks run here, beside the preview: a dictionary's first load never holds one up.
    private let spellChecks = LowPriorityThread(name: "nb-spelling")
    /// Dictionaries, loaded once per language for the session.
    let spellCheckers = SpellCheckers()

    func background(_ work: @escaping @Sendable () -> Void) {
        files.async(execute: work)
    }

    /// Long reads (a post's history, a search of every post) run here, in order, beside the file work.
    private let reads = DispatchQueue(label: "nakedblog.reads", qos: .userInitiated)

    func reading(_ work: @escaping @Sendable () -> Void) {
        reads.async(execute: work)
    }

    /// The app is leaving (quit, SIGTERM, SIGHUP, input closed): a running build check is
    /// stopped and its scratch copy deleted before the process goes (waits at most `seconds`).
    public func shutDown(waiting seconds: Double = 3) {
        shared.withLock { $0.watcher }?.stop()
        shared.withLock { $0.currentCheck }?.stop()
        let done = DispatchSemaphore(value: 0)
        checks.async { done.signal() }
        _ = done.wait(timeout: .now() + seconds)
        finishFileWork(waiting: seconds)
    }

    /// Waits (at most `seconds`) for the file work asked for to be done: a cursor position or a
    /// journal written as the app leaves is not lost.
    public func finishFileWork(waiting seconds: Double = 3) {
        let done = DispatchSemaphore(value: 0)
        files.async { done.signal() }
        _ = done.wait(timeout: .now() + seconds)
    }

    func setClone(_ operation: CloneOperation) { shared.withLock { $0.clone = operation } }
    func keep(_ operation: GitOperation<PublishEvent>) { shared.withLock { $0.publishes.append(operation) } }
    /// Lets go of a publish that has ended.
    func forget(_ operation: GitOperation<PublishEvent>) {
        shared.withLock { $0.publishes.removeAll { $0 === operation } }
    }
    /// Publishes still running (kept alive by the runner, not by any screen).
    var publishesInFlight: Int { shared.withLock { $0.publishes.count } }

    /// Git status runs on its own queue, one at a time: asked for while one runs, it runs once
    /// more after it (however many times it was asked), so the summary ends up current.
    let statusQueue = LowPriorityThread(name: "nb-git-status")

}
