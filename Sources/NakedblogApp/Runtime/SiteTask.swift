import Blog
import Foundation
import GitOps

/// Work on the open site that a feature asks for and lands itself: the feature writes what runs
/// (a workflow call, on the runner's file queue) and how its result changes the state, in one
/// place. The runner opens the site, runs `perform` and sends its `StateChange` back; it knows
/// nothing of the feature. A key that does I/O needs its command, its handler and its workflow.
///
/// Two tasks are equal when their names are (a name says what and on which post: tests compare
/// the effects `update` returns).
public struct SiteTask: Sendable, Equatable, CustomStringConvertible {
    /// What the task does and to what (`"keep-old-address _posts/x.md"`).
    public let name: String
    /// Runs off the loop; never touches the state, only says how to change it.
    let perform: @Sendable (SiteTaskContext) -> StateChange
    /// Long reading that writes nothing (a history, a search): on a queue of its own, so no
    /// save waits behind it.
    let readsOnly: Bool

    public init(
        _ name: String, readsOnly: Bool = false, perform: @escaping @Sendable (SiteTaskContext) -> StateChange
    ) {
        self.name = name
        self.readsOnly = readsOnly
        self.perform = perform
    }

    public static func == (lhs: SiteTask, rhs: SiteTask) -> Bool { lhs.name == rhs.name }
    public var description: String { "SiteTask(\(name))" }
}

/// What a task may use: the open site (opened through the runner's checks), and the session's
/// rules.
public struct SiteTaskContext: Sendable {
    public let site: Site
    /// `--restricted`: nothing leaves the site.
    public let restricted: Bool
    public let environment: [String: String]
    public let author: CommitAuthor?
    /// What a restricted author may change (`PostOwnership`).
    public var role = PostOwnership.Role.author

    /// Why this session may not change `post` (a restricted author's role, another's post), or nil.
    public func notYours(_ post: String) -> String? {
        guard restricted, let author else { return nil }
        do throws(WorkflowError) {
            try PostOwnership.requireChangeable(post, site: site, by: author, role: role)
        } catch {
            return error.description
        }
        return nil
    }
}

/// A result that knows where it lands: applied by `update` like any message (it must only change
/// the state and return effects — no clock, no disk).
public struct StateChange: Sendable {
    let apply: @Sendable (inout AppState, TimeInterval) -> [AppEffect]

    public init(_ apply: @escaping @Sendable (inout AppState, TimeInterval) -> [AppEffect]) { self.apply = apply }

    /// Says why the task did not happen (the one failure type, `AppFailure`), in a message box.
    public static func failed(_ failure: AppFailure) -> StateChange {
        StateChange { state, _ in
            state.overlay = .message(title: failure.title, lines: failure.lines)
            return []
        }
    }
}

extension EffectRunner {
    /// Runs `task` on the file queue with the site at `root`; a site that can no longer be read
    /// is said, in the task's name.
    func perform(_ task: SiteTask, root: String) {
        let (restricted, environment, author, role, send) = (restricted, environment, author, role, send)
        (task.readsOnly ? reading : background) {
            guard let site = try? self.openSite(root) else {
                return send(.changed(.failed(AppFailure(.siteGone, "The site at \(root) can no longer be read."))))
            }
            var context = SiteTaskContext(
                site: site, restricted: restricted, environment: environment, author: author)
            context.role = role
            send(.changed(task.perform(context)))
        }
    }
}
