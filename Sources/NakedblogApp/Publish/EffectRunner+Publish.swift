import Blog
import ChildProcesses
import Foundation
import GitOps

extension EffectRunner {
    /// Works out what a publish of `post` would commit, for the sheet (`PublishPreparation`).
    func preparePublish(_ post: String?, ignoring: [String] = [], root: String) {
        guard let repository = try? Repository.discover(from: root), repository.workingDirectory != nil else {
            return send(.failed(AppFailure(.publish, WorkflowError.notInRepositoryText)))
        }
        guard let post else {
            return send(
                .publish(
                    .sheetReady(
                        PublishSheet(
                            post: nil, commitPath: nil, title: "unpushed commits", files: [], changedKeys: [],
                            wasDraft: false, message: ""))))
        }
        let prepared: PublishPreparation
        do {
            let site = try openSite(root)
            if let reason = notYours(post, site: site) { return send(.failed(AppFailure(.publish, reason))) }
            prepared = try PublishPreparation.prepare(post: post, site: site, repository: repository)
        } catch let error as WorkflowError {
            return send(.failed(AppFailure(.publish, error)))
        } catch {
            return send(.failed(AppFailure(.publish, "\(error)")))
        }
        var sheet = PublishSheet(prepared)
        sheet.misspelled = misspelledWords(in: post, site: prepared.site, ignoring: ignoring)
        send(.publish(.sheetReady(sheet)))
    }

    /// Builds the site as it will be after publishing `post` (unless the site's git config says
    /// `nakedblog.check = off`) and sends the verdict.
    func runPublishCheck(_ post: String, undraft: Bool, root: String, stopper: ProcessStopper) {
        // Stopped while it waited: the sheet that asked is gone, or a newer check replaced it.
        guard !stopper.isStopped else { return }
        let send = self.send
        /// The check did not run, and why.
        func unavailable(_ reason: String, generator: String = "") {
            send(
                .publish(
                    .checked(
                        post: post, undraft: undraft,
                        PublishCheck(verdict: .unavailable(reason), appearances: [], generator: generator))))
        }
        guard let repository = try? Repository.discover(from: root), repository.workingDirectory != nil,
            let site = try? openSite(root)
        else {
            return unavailable("The build check is skipped: the site or its repository can no longer be read.")
        }
        if !config.publish.buildsBeforePublishing(siteSetting: repository.configString("nakedblog.check")) {
            return unavailable(
                "The build check is off for this site (git config nakedblog.check).", generator: site.kind.command)
        }
        guard let commitPaths = try? PublishPaths.of(post, site: site, repository: repository) else {
            return unavailable("The build check is skipped: this post's folder leads outside the site.")
        }
        let check = PublishCheck.run(
            repository: repository, siteRoot: root, commitPaths: commitPaths, posts: [post], undraft: undraft,
            policy: config.publish.buildPolicy(restricted: restricted, stopper: stopper), environment: environment)
        // A stopped check's verdict answers no one (the sheet closed or asked again).
        if check.build?.ended == .stopped || stopper.isStopped { return }
        send(.publish(.checked(post: post, undraft: undraft, check)))
    }

    /// Sends a conflicting file's text with conflict markers, for editing by hand.
    func loadConflict(_ path: String, root: String) {
        guard let repository = try? Repository.discover(from: root), let workdir = repository.workingDirectory else {
            return send(
                .failed(AppFailure(.loadConflict, "the site's repository can no longer be read.")))
        }
        do {
            guard let file = try Publisher.conflictingFiles(repositoryAt: workdir).first(where: { $0.path == path })
            else {
                send(.failed(AppFailure(.loadConflict, "\(path) no longer conflicts; continue the publish.")))
                return
            }
            send(.conflictLoaded(path: path, text: file.textWithMarkers()))
        } catch {
            send(.failed(AppFailure(.loadConflict, "\(path): \(error.message)")))
        }
    }

    /// Sets draft: false if asked, then commits and pushes; events go back as messages.
    func publish(
        commitPath: String?, post: String?, message: String, setDraftFalse: Bool,
        resolve: Publisher.ConflictResolution?,
        root: String
    ) {
        guard let repository = try? Repository.discover(from: root), let workdir = repository.workingDirectory else {
            // The sheet is waiting: it hears why, and the commit (if any) is untouched.
            return send(
                .publish(
                    .failed(
                        GitError(
                            kind: .other, operation: "publish",
                            message:
                                "This site is no longer in a readable git repository: nothing was committed or pushed."
                        ))))
        }
        // Another author's post on a shared server: the sheet never opens for it; the backstop.
        if let post, let reason = notYours(post, root: root) {
            return send(.publish(.refused(AppFailure(.publish, reason))))
        }
        var paths = commitPath.map { [$0] } ?? []
        if setDraftFalse, let post {
            do {
                let made = try Undraft.publishable(post, site: try openSite(root), repository: repository)
                if made.result.movedFrom != nil {
                    paths = made.commitPaths
                    send(.draftToggled(path: made.result.path, movedFrom: made.result.movedFrom))
                }
            } catch {
                send(.publish(.refused(AppFailure(.changeDraft, "\(error)"))))
                return
            }
        }
        // What the post takes with it, by the one rule (a move's were added with the move).
        if let post, paths.count == 1, let site = try? openSite(root),
            let planned = try? PublishPaths.of(post, site: site, repository: repository)
        {
            paths += planned.dropFirst().filter { !paths.contains($0) }
        }
        let request = Publisher.Request(paths: paths, message: message, resolveConflicts: resolve, author: author)
        let operation = Publisher.publish(repositoryAt: workdir, request, options: remoteOptions)
        keep(operation)
        let send = self.send
        Task.detached { [self] in
            defer { forget(operation) }
            do {
                for try await event in operation.events {
                    if case .finished(let result) = event {
                        send(.publish(.finished(result)))
                    } else {
                        send(.publish(.event(event)))
                    }
                }
            } catch let error as GitError {
                send(.publish(.failed(error)))
            } catch {
                send(.publish(.refused(AppFailure(.publish, "\(error)"))))
            }
        }
    }
}
