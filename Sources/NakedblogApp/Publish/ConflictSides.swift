import Foundation
import GitOps
import Workflows

/// Both sides of each conflicting file, word by word, shown on the publish sheet before a side
/// is kept (issue 60.3: "keep mine" dropped the co-author's line unseen).
struct ConflictSides: Sendable, Equatable {
    /// A changed place as the remote has it and as you do (`[-removed-]`, `{+added+}`).
    struct Change: Sendable, Equatable {
        var theirs: String
        var mine: String
    }

    /// Per file (repository-relative): each changed place.
    var changes: [String: [Change]] = [:]

    /// The changed places between the remote's text and yours (`ProseDiff`), each as two lines.
    static func changes(theirs: Data?, mine: Data?) -> [Change] {
        let old = theirs.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let new = mine.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let diff = ProseDiff(from: old, to: new)
        var found = diff.fields.map {
            Change(theirs: "\($0.key): \($0.old ?? "—")", mine: "\($0.key): \($0.new ?? "—")")
        }
        for hunk in diff.hunks {
            var left = "", right = ""
            for span in hunk.spans {
                switch span {
                case .same(let text):
                    left += text
                    right += text
                case .removed(let text): left += "[-" + text + "-]"
                case .added(let text): right += "{+" + text + "+}"
                }
            }
            found.append(
                Change(
                    theirs: left.isEmpty ? "(nothing)" : left.replacingOccurrences(of: "\n", with: " "),
                    mine: right.isEmpty ? "(nothing)" : right.replacingOccurrences(of: "\n", with: " ")))
        }
        return found
    }
}

extension SiteTask {
    /// Reads both sides of the files in conflict with the remote, for the sheet.
    static func loadConflictSides() -> SiteTask {
        SiteTask("conflict-sides", readsOnly: true) { context in
            guard let workdir = (try? Repository.discover(from: context.site.root))?.workingDirectory,
                let files = try? Publisher.conflictingFiles(repositoryAt: workdir)
            else { return StateChange { _, _ in [] } }
            var sides = ConflictSides()
            for file in files {
                sides.changes[file.path] = ConflictSides.changes(theirs: file.remote, mine: file.local)
            }
            let read = sides
            return StateChange { state, _ in
                guard var sheet = state.publish, case .conflict = sheet.phase else { return [] }
                sheet.conflictSides = read
                state.publish = sheet
                return []
            }
        }
    }
}
