import TUI

/// The note's one question over the list (`m`).
enum NoteRender {
    static func draw(_ field: TextField, into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        return OverlayRender.fieldBox(
            "A short note", question: "What is on your mind? (a note has no title; markdown works)",
            keys: "Enter writes it and opens the publish sheet · Esc cancels", field: field, into: &screen,
            area: area)
    }
}
