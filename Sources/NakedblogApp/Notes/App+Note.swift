import Blog
import Foundation
import TUI
import Workflows

/// `m` in the list: a short note, written and then published in one step (Enter on its sheet).
extension App {
    static func handleNoteKey(_ state: inout AppState, _ field: inout TextField, _ key: KeyEvent) -> [AppEffect] {
        switch key {
        case .escape:
            state.overlay = nil
            return []
        case .enter:
            let text = field.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return [] }
            state.overlay = nil
            return [.perform(.createNote(text))]
        default:
            _ = field.handle(key)
            state.overlay = .note(field)
            return []
        }
    }
}

extension SiteTask {
    /// Writes the note (`NoteCreation`) and opens its publish sheet, the message its first words.
    static func createNote(_ text: String) -> SiteTask {
        SiteTask("note \(text)") { context in
            let path: String
            do throws(WorkflowError) {
                path = try NoteCreation.create(
                    text, site: context.site,
                    section: ImageSettings.load(environment: context.environment).notesSection,
                    restricted: context.restricted, environment: context.environment)
            } catch {
                return .failed(AppFailure(.writeNote, error.description))
            }
            let subject = NoteCreation.subject(text)
            return StateChange { state, now in
                state.pendingPublish = PendingPublish(
                    post: path, message: subject, keepDraft: false, stopsAddress: nil)
                App.toast(&state, "Note written to \(path): Enter on the sheet publishes it", now: now)
                return [App.refresh(state, [path]), .preparePublish(post: path)]
            }
        }
    }
}
