import Blog
import Foundation
import GitOps

/// Opening, saving, creating and changing posts: each a workflow or a library call, sent back as a message.
extension EffectRunner {
    func openPost(_ path: String, at: OpenAt = .lastPlace, root: String, reload: Bool = false) {
        let text: String, stamp: FileStamp?
        do {
            (text, stamp) = try PostText.read(path, root: root)
        } catch {
            // A reload that cannot read the post says nothing: the user asked for no post (it may
            // have been published as deleted), and the editor keeps what it shows.
            if !reload { send(.failed(AppFailure(.openPost, error))) }
            return
        }
        if reload { return send(.postReloaded(path: path, text: text, stamp: stamp)) }
        send(.postOpened(path: path, text: text, stamp: stamp, at: at))
        // A shared server: another author's post is shown, not changed (`PostOwnership`).
        if let reason = notYours(path, root: root) { return send(.postReadOnly(path: path, because: reason)) }
        if let author {
            // Authors sharing a working copy: one edits a post at a time, the others read it.
            if let other = EditingMarkers.otherEditor(of: path, root: root) {
                send(.postBeingEdited(path: path, by: other))
                return
            }
            EditingMarkers.mark(path, author: author.description, root: root)
        }
        if let journal = RecoveryJournal.read(root: root, post: path, environment: environment) {
            // Counted here, off the loop (a long post's diff is not the loop's work).
            send(
                .recoveryFound(
                    path: path, text: journal,
                    changedLines: journal == text ? 0 : LineDiff.changedLineCount(old: text, new: journal)))
        }
    }

    func save(
        _ path: String, _ text: String, _ revision: Int, root: String, expected: FileStamp?, overwrite: Bool
    ) {
        let file = root + "/" + path
        // The editor is read-only for another author's post; this is the backstop.
        if let reason = notYours(path, root: root) {
            return send(.failed(AppFailure(.savePost, reason + " Nothing was saved.")))
        }
        do throws(WorkflowError) {
            switch try PostText.save(
                path, text: text, root: root, expected: expected,
                lastWritten: shared.withLock { $0.ownWrites[file] }, overwrite: overwrite)
            {
            case .changedOnDisk:
                send(.saveConflict(path: path))
            case .written(let stamp):
                RecoveryJournal.remove(root: root, post: path, environment: environment)
                shared.withLock { $0.ownWrites[file] = stamp }
                send(.saved(path: path, stamp: stamp, revision: revision))
            }
        } catch  where error.kind == .unwritable {
            send(
                .failed(
                    AppFailure(
                        .savePost,
                        "\(error.description). Check the disk space and the file's permissions, then save again."
                    )))
        } catch {
            send(
                .failed(
                    AppFailure(
                        .savePost, "\(error.description) Your text is kept in the editor and in the recovery journal.")
                ))
        }
    }

    func createPost(_ request: NewPostRequest, root: String) {
        guard let site = try? openSite(root) else {
            return send(
                .failed(AppFailure(.createPost, "the site at \(root) can no longer be read: nothing was created.")))
        }
        var request = request
        // A shared server: a photo comes from inside the site only.
        request.restricted = restricted
        request.author = author?.email
        do throws(WorkflowError) {
            let made = try PostCreation.make(request, site: site)
            send(.postCreated(path: made.path, note: made.note))
        } catch {
            send(.failed(AppFailure(.createPost, error)))
        }
    }

    func toggleDraft(_ path: String, root: String) {
        guard let site = try? openSite(root) else {
            return send(
                .failed(AppFailure(.changeDraft, "the site at \(root) can no longer be read.")))
        }
        if let reason = notYours(path, site: site) { return send(.failed(AppFailure(.changeDraft, reason))) }
        do {
            let result = try DraftSwitch.set(path, draft: !(try DraftSwitch.isDraft(path, site: site)), site: site)
            send(.draftToggled(path: result.path, movedFrom: result.movedFrom))
        } catch {
            send(.failed(AppFailure(.changeDraft, String(describing: error))))
        }
    }

    /// Copies an image where the post's images go (`ImageImport`).
    func copyImage(_ source: String, into post: String, root: String) {
        do throws(WorkflowError) {
            guard let site = try? openSite(root) else {
                throw WorkflowError(.unreadable, "the site at \(root) can no longer be read")
            }
            let added = try ImageImport.add(
                source, to: post, site: site, restricted: restricted, environment: environment, author: author?.email)
            send(
                .imageCopied(
                    path: post, name: added.name, link: added.link, folder: added.folder,
                    note: added.summary))
        } catch {
            send(.failed(AppFailure(.addImage, error)))
        }
    }
}

extension EffectRunner {
    /// Whether posts may belong to someone else in this session: a restricted author's role.
    var checksOwnership: Bool { restricted && author != nil && role == .author }

    /// Why this session may not change `post` (a restricted author's role, another's post), or nil.
    func notYours(_ post: String, site: Site) -> String? {
        guard checksOwnership else { return nil }
        var context = SiteTaskContext(site: site, restricted: restricted, environment: environment, author: author)
        context.role = role
        return context.notYours(post)
    }

    /// The same where the caller has only the site's root: the site is opened only when
    /// ownership applies (an open and a save stay one read elsewhere), and a site that can no
    /// longer be opened refuses the change.
    func notYours(_ post: String, root: String) -> String? {
        guard checksOwnership else { return nil }
        guard let site = try? openSite(root) else { return "the site at \(root) can no longer be read" }
        return notYours(post, site: site)
    }
}
