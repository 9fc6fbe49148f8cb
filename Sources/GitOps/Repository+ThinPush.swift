import CGit2
import Foundation

/// How a thin push ended.
enum ThinPushOutcome: Equatable {
    /// The remote answered the update (accepted, or refused: see the session's rejections).
    case answered(objects: Int, bytes: Int)
    /// The remote's branch already was our commit.
    case upToDate
    /// Nothing definite happened (a new branch, a merge, the connection failed before the
    /// remote answered…): the reason, and libgit2's push runs instead.
    case fellBack(String)
}

extension Repository {
    /// Pushes `branch` to `mergeRef` over ssh the way git does: only the objects the new commits
    /// add (found by `ThinPackPlan`), changed trees and blobs as deltas against what the remote
    /// has, through `git-receive-pack` with report-status. Never forced: the remote's current
    /// commit must be an ancestor of ours (else `.nonFastForward`, as libgit2's push reports).
    /// What it does not handle (a new branch, merges, no report-status, a pack the remote could
    /// not unpack) ends the conversation cleanly and returns `.fellBack`, so the caller pushes
    /// with libgit2 instead. A connection that fails throws what libgit2's ssh transport would
    /// (`ssh: <what ssh said>`), never retried: a dead network is reported once, not twice.
    func thinPush(
        branch: String, to mergeRef: String, remote: String, url: String,
        session: PushSession
    ) throws(GitError) -> ThinPushOutcome {
        var head = try resolve("refs/heads/\(branch)")
        // A repository on this machine is pushed to through git's own receive-pack too: libgit2's
        // local push moves the branch without checking it is still what was fetched, so two
        // publishes at the same moment could each "succeed" and one be lost.
        let local = (try? GitURL(url, relativeTo: workingDirectory ?? "/")).flatMap {
            $0.transport == .file ? $0.url : nil
        }
        let service: SSHServiceProcess
        if let local {
            service = try SSHServiceProcess(
                localPath: URL(string: local)?.path ?? String(local.dropFirst("file://".count)),
                service: "git-receive-pack")
        } else {
            service = try SSHServiceProcess(url: url, service: "git-receive-pack")
        }
        defer { service.finish() }
        /// The error of a connection that failed: what ssh said, as the ssh transport words it.
        func connectionError(_ fallback: String) -> GitError {
            if session.isCancelled { return Self.cancelled }
            service.finish()
            let said = service.errorText
            let message = "ssh: " + (said.isEmpty ? fallback : said)
            let errorClass = Int32(GIT_ERROR_SSH.rawValue)
            return GitError(
                kind: GitError.classify(code: -1, errorClass: errorClass, message: message), operation: "push",
                errorClass: errorClass, message: message)
        }
        var reader = PktLineReader { service.read() }
        guard let advertised = try? ReceivePackAdvertisement.read(&reader) else {
            throw connectionError("the connection closed unexpectedly")
        }
        /// Ends the conversation without a command (receive-pack then exits quietly).
        func hangUp() { _ = service.write(PktLine.flush) }
        guard advertised.capabilities.contains("report-status") else {
            hangUp(); return .fellBack("the remote offers no report-status")
        }
        guard let remoteHex = advertised.refs[mergeRef], var remoteID = Self.oid(hex: remoteHex) else {
            hangUp()
            return .fellBack("\(mergeRef) is new on the remote")
        }
        if git_oid_equal(&remoteID, &head) != 0 {
            hangUp()
            updateTrackingRef(remote: remote, mergeRef: mergeRef, to: head)
            return .upToDate
        }
        guard objectExists(remoteID), git_graph_descendant_of(handle, &head, &remoteID) == 1 else {
            git_error_clear()
            hangUp()
            throw GitError(
                kind: .nonFastForward, operation: "push",
                message: "the remote's \(mergeRef) has commits this repository does not have (fetch first)")
        }
        guard let chain = try linearCommits(from: head, to: remoteID) else {
            hangUp(); return .fellBack("the new commits include a merge")
        }
        let plan = try ThinPackPlan(commits: chain) { (id: git_oid) throws(GitError) -> OpaquePointer in
            var id = id, tree: OpaquePointer?
            try check(git_tree_lookup(&tree, handle, &id), "git_tree_lookup")
            return tree!
        }
        let (pack, objectEnds) = try writePack(plan)
        let objects = plan.commits.count + plan.entries.count
        guard session.packing(current: objects, total: objects) == 0 else { throw Self.cancelled }

        let sideband = advertised.capabilities.contains("side-band-64k")
        let capabilities = " report-status" + (sideband ? " side-band-64k" : "") + " agent=nakedblog"
        let command = PktLine.encode(
            Array("\(remoteHex) \(Self.hex(head)) \(mergeRef)".utf8) + [0] + Array(capabilities.utf8))
        guard service.write(command + PktLine.flush) else {
            throw connectionError("the connection closed while sending")
        }
        // In chunks, with progress after each (a gallery over a slow link takes a while); only
        // an explicit cancel stops it.
        var sent = 0, objectsSent = 0
        while sent < pack.count {
            let end = min(pack.count, sent + Self.sendChunk)
            guard service.write(Array(pack[sent..<end])) else {
                throw connectionError("the connection closed while sending")
            }
            sent = end
            while objectsSent < objectEnds.count, objectEnds[objectsSent] <= sent { objectsSent += 1 }
            guard session.sending(current: objectsSent, total: objects, bytes: sent) == 0 else { throw Self.cancelled }
        }
        let report: ReceivePackReport
        do {
            report = try ReceivePackReport.read(&reader, sideband: sideband) { _ = session.sideband($0) }
            session.flushSideband()
        } catch ReceivePackReport.Failure.remoteError(let text) {
            session.flushSideband()
            var error = GitError(kind: .other, operation: "push", message: "the remote failed: \(text)")
            error.remoteMessages = session.remoteLines
            throw error
        } catch {
            session.flushSideband()
            throw connectionError("the connection closed before the remote reported on the push")
        }
        guard report.unpackedOK else { return .fellBack("the remote could not unpack the pack: \(report.unpack)") }
        guard let status = report.refs.first(where: { $0.ref == mergeRef }) else {
            return .fellBack("the remote did not report on \(mergeRef)")
        }
        if let reason = status.refusal {
            _ = session.refUpdated(mergeRef, status: reason)
        } else {
            updateTrackingRef(remote: remote, mergeRef: mergeRef, to: head)
        }
        return .answered(objects: objects, bytes: pack.count)
    }

    /// The first-parent chain from `head` back to (not including) `base`, oldest first, with
    /// each commit's tree and its parent's; nil when a commit on the way is a merge or a root.
    private func linearCommits(from head: git_oid, to base: git_oid) throws(GitError) -> [(
        commit: git_oid, tree: git_oid, parentTree: git_oid
    )]? {
        var chain: [(commit: git_oid, tree: git_oid, parentTree: git_oid)] = []
        var current = head, base = base
        while git_oid_equal(&current, &base) == 0 {
            guard chain.count < 1000 else { return nil }
            var commit: OpaquePointer?, parent: OpaquePointer?
            try check(git_commit_lookup(&commit, handle, &current), "git_commit_lookup")
            defer { git_commit_free(commit) }
            guard git_commit_parentcount(commit) == 1 else { return nil }
            try check(git_commit_parent(&parent, commit, 0), "git_commit_parent")
            defer { git_commit_free(parent) }
            chain.append((current, git_commit_tree_id(commit)!.pointee, git_commit_tree_id(parent)!.pointee))
            current = git_commit_id(parent)!.pointee
        }
        return chain.reversed()
    }

    /// Bytes written to the remote between progress reports.
    static let sendChunk = 64 * 1024

    /// The plan's objects as a pack (and where each object ends in it): commits whole, trees
    /// and blobs as deltas where that is less than half their size.
    private func writePack(_ plan: ThinPackPlan) throws(GitError) -> (pack: [UInt8], objectEnds: [Int]) {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, handle), "git_repository_odb")
        defer { git_odb_free(odb) }
        func read(_ id: git_oid) throws(GitError) -> OpaquePointer {
            var id = id, object: OpaquePointer?
            try check(git_odb_read(&object, odb, &id), "git_odb_read")
            return object!
        }
        func bytes(_ object: OpaquePointer) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: git_odb_object_data(object), count: git_odb_object_size(object))
        }
        var writer = PackWriter()
        for commit in plan.commits {
            let object = try read(commit)
            defer { git_odb_object_free(object) }
            writer.add(.commit, data: bytes(object))
        }
        for entry in plan.entries {
            let object = try read(entry.id)
            defer { git_odb_object_free(object) }
            let type: PackWriter.ObjectType = git_odb_object_type(object) == GIT_OBJECT_TREE ? .tree : .blob
            let data = bytes(object)
            if let base = entry.base, data.count >= 64 {
                let baseObject = try read(base)
                defer { git_odb_object_free(baseObject) }
                let delta = GitDelta.prefixSuffix(base: bytes(baseObject), target: data)
                if delta.count < data.count / 2 {
                    writer.addDelta(base: Self.raw(base), delta: delta)
                    continue
                }
            }
            writer.add(type, data: data)
        }
        return (writer.finish(), writer.objectEnds)
    }

    /// Moves `refs/remotes/<remote>/<branch>` to what the remote now has (as a push does).
    private func updateTrackingRef(remote: String, mergeRef: String, to id: git_oid) {
        guard mergeRef.hasPrefix("refs/heads/") else { return }
        var id = id, reference: OpaquePointer?
        let name = "refs/remotes/\(remote)/" + mergeRef.dropFirst("refs/heads/".count)
        if git_reference_create(&reference, handle, name, &id, 1, "update by push") < 0 {
            git_error_clear()
        } else {
            git_reference_free(reference)
        }
    }

    private func objectExists(_ id: git_oid) -> Bool {
        var odb: OpaquePointer?, id = id
        guard git_repository_odb(&odb, handle) == 0 else { git_error_clear(); return false }
        defer { git_odb_free(odb) }
        return git_odb_exists(odb, &id) != 0
    }

    static let cancelled = GitError(kind: .cancelled, operation: "push", message: "the operation was cancelled")

    static func oid(hex: String) -> git_oid? {
        var oid = git_oid()
        guard hex.utf8.count == 40, git_oid_fromstr(&oid, hex) == 0 else { git_error_clear(); return nil }
        return oid
    }

    static func hex(_ id: git_oid) -> String {
        var id = id
        var text = [CChar](repeating: 0, count: 41)
        git_oid_fmt(&text, &id)
        return String(decoding: text.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func raw(_ id: git_oid) -> [UInt8] { withUnsafeBytes(of: id.id) { Array($0) } }
}
