import TUI

/// The editor's dialogs over the page: unsaved text found, the file changed on disk.
enum EditorDialogs {
    static func recovery(path: String, changedLines changed: Int, into screen: inout Screen, area: Rect) {
        Dialog(
            title: "Unsaved text found",
            message: [
                "Text for \(path)",
                "was never saved (a crash, or a dropped connection).",
                "\(changed) line\(changed == 1 ? "" : "s") differ from the file.",
            ], choices: [("r", "recover"), ("d", "discard"), ("v", "view difference")]
        ).render(into: &screen, area: area)
    }

    static func diskConflict(path: String, into screen: inout Screen, area: Rect) {
        Dialog(
            title: "Changed on disk",
            message: [
                "\(path) changed on disk since you opened it",
                "(another editor, or a sync). Nothing was saved yet.",
            ], choices: [("o", "overwrite"), ("r", "reload theirs"), ("v", "view difference"), ("Esc", "cancel")]
        )
        .render(into: &screen, area: area)
    }
}
