import Foundation
import Workflows

/// A post's history (Alt-H in the editor, `h` in the list): its versions, newest first; a
/// version compared with the text now or with the one before it; a paragraph or the whole
/// version brought back into the editor as an ordinary edit.
public struct HistoryView: Sendable {
    public let post: String
    public internal(set) var history: PostHistory?
    public internal(set) var selected = 0
    public internal(set) var problem: String?
    /// Opened from the editor: versions can be brought back into its text.
    public let fromEditor: Bool
    /// A comparison shown over the list.
    public internal(set) var compare: CompareView?

    public var versions: [PostHistory.Version] { history?.versions ?? [] }

    init(post: String, fromEditor: Bool) {
        self.post = post
        self.fromEditor = fromEditor
    }
}

/// One version against another text, made for prose (`ProseDiff`).
public struct CompareView: Sendable {
    public let title: String
    public internal(set) var diff: ProseDiff
    /// The version's text (what a restore brings back).
    public let versionText: String
    /// Compared with the editor's text: paragraphs and the whole version can be brought back.
    public let againstEditor: Bool
    /// The first row shown, and the hunk the keys act on.
    public internal(set) var top = 0
    public internal(set) var hunk = 0
}
