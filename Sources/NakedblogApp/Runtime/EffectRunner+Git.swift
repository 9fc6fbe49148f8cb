import Blog
import Foundation
import GitOps

/// Git status and fetches for the open site, off the loop.
extension EffectRunner {
    func requestGitStatus(root: String) {
        let start = shared.withLock { shared in
            if shared.statusRunning { shared.statusAgain = root; return false }
            shared.statusRunning = true
            return true
        }
        guard start else { return }
        statusQueue.async {
            var next: String? = root
            while let root = next {
                self.refreshGit(root: root)
                next = self.shared.withLock { shared in
                    defer { shared.statusAgain = nil }
                    if shared.statusAgain == nil { shared.statusRunning = false }
                    return shared.statusAgain
                }
            }
        }
    }

    func refreshGit(root: String) {
        send(.gitStatus(SiteGitStatus.summary(siteRoot: root)))
    }

    /// The uncommitted changes under `paths` (each post's file, or its bundle).
    func refreshGit(paths: [String], root: String) {
        let under = Array(Set(paths.map(PagePath.commitPath(of:))))
        send(.gitChangesRefreshed(under: under, changes: SiteGitStatus.changes(under: under, siteRoot: root)))
    }

    func startFetch(sync: Bool, root: String) {
        guard let repository = try? Repository.discover(from: root), let workdir = repository.workingDirectory,
            repository.publishRemoteURL() != nil
        else {
            send(.fetched(behind: 0, problem: nil))
            return
        }
        let operation =
            sync
            ? Publisher.sync(repositoryAt: workdir, options: remoteOptions)
            : Publisher.fetch(repositoryAt: workdir, options: remoteOptions)
        let send = self.send
        Task.detached {
            do {
                for try await event in operation.events {
                    if sync, case .finished(let result) = event, result.fastForwarded || result.rebasedCommits > 0 {
                        send(.publish(.finished(result)))
                    }
                }
                let behind = (try? Repository.open(at: workdir).aheadBehind().behind) ?? 0
                send(.fetched(behind: behind, problem: nil))
            } catch let error as GitError {
                if sync { send(.publish(.failed(error))) }
                send(
                    .fetched(
                        behind: 0,
                        problem: sync
                            ? nil
                            : "offline (\(error.kind == .networkUnreachable ? "remote unreachable" : "fetch failed"))"))
            } catch {
                send(.fetched(behind: 0, problem: "fetch failed"))
            }
        }
    }

}

extension EffectRunner {
    /// Writes the writer's git identity to ~/.gitconfig; never on a shared server.
    func setIdentity(name: String, email: String) {
        if restricted {
            // Never reached with --author (the author commits); without one the server's
            // administrator sets the identity, never the author, and ~/.gitconfig is not written.
            return send(
                .failed(
                    AppFailure(
                        .noIdentity,
                        "This server has no git identity to commit with, and this session has no --author; ask the server's administrator (docs/SERVING.md)."
                    )))
        }
        background {
            do { try GitLibrary.setGlobalIdentity(name: name, email: email) } catch {
                self.send(.failed(AppFailure(.setIdentity, "cannot write ~/.gitconfig: \(error)")))
            }
        }
    }
}
