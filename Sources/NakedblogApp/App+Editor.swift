import Blog
import Foundation
import TUI

extension App {
    static func handleEditorKey(_ state: inout AppState, _ key: KeyEvent, now: TimeInterval) -> [AppEffect] {
        guard var screen = state.editor else { state.page = .browse; return [] }
        // The state lets go of the editor while it is changed, so the text is edited in place
        // (not copied: a copy of a huge line would cost every keystroke).
        state.editor = nil
        var refreshLargePreview = false
        defer { state.editor = screen; refreshPreview(&state, evenIfLarge: refreshLargePreview) }
        if var find = screen.find {
            switch key {
            case .escape: screen.find = nil
            case .enter:
                screen.lastFind = find.text
                if !screen.editor.find(find.text) { screen.problem = "“\(find.text)” not found" } else { screen.problem = nil }
            default:
                _ = find.handle(key)
                screen.find = find
            }
            return []
        }
        if let action = state.keys.editor.action(for: key) {
            if [.save, .publish, .externalEditor].contains(action) {
                // What is being saved needs no journal (a failed save resets this).
                screen.journaledRevision = screen.editor.revision
            }
            if let conflict = screen.resolvingConflict, action == .save || action == .back {
                return finishConflictEdit(&state, &screen, path: conflict, keep: action == .save)
            }
            // Saving builds the text anyway: a large document's word count and preview catch up.
            let saving = [.save, .publish, .externalEditor].contains(action)
            let text = saving ? screen.editor.text : ""
            if saving { screen.countWords(in: text); refreshLargePreview = true }
            switch action {
            case .save:
                return [.save(path: screen.path, text: text, revision: screen.editor.revision, expected: screen.diskStamp)]
            case .publish:
                return [.save(path: screen.path, text: text, revision: screen.editor.revision, expected: screen.diskStamp),
                        .preparePublish(post: screen.path)]
            case .back:
                if screen.editor.isDirty {
                    state.overlay = .confirm(Confirmation(title: "Unsaved changes",
                                                          lines: ["\(screen.path) has unsaved changes.", "Leave without saving? (Ctrl-S saves)"],
                                                          action: .leaveEditor))
                    return []
                }
                state.page = .browse
                return []
            case .find:
                screen.find = TextField(screen.lastFind)
            case .findNext:
                if !screen.lastFind.isEmpty { _ = screen.editor.find(screen.lastFind) }
            case .togglePreview:
                screen.showPreview.toggle()
                refreshLargePreview = true
            case .frontMatter:
                let tags = Set(state.browse.posts.flatMap(\.tags)).sorted()
                let categories = Set(state.browse.posts.flatMap(\.categories)).sorted()
                switch FrontMatterForm.make(text: screen.editor.text, path: screen.path, tags: tags, categories: categories) {
                case .success(let form): state.overlay = .frontMatter(form)
                case .failure(let problem): screen.problem = problem.description
                }
            case .insertImage:
                state.overlay = .imagePath(TextField())
            case .lineNumbers:
                screen.view.lineNumbers.toggle()
            case .wrap:
                screen.view.softWrap.toggle()
            case .help:
                state.overlay = .help(title: "Editor", rows: Keymaps.helpRows(state.keys.editor) + Keymaps.editingHelp)
            case .externalEditor:
                return [.save(path: screen.path, text: text, revision: screen.editor.revision, expected: screen.diskStamp),
                        .runExternalEditor(screen.path)]
            }
            return []
        }
        let height = max(1, state.rows - 3)
        let before = screen.editor.revision
        let wrapWidth = screen.view.softWrap ? screen.view.wrapWidth : nil
        guard let effects = screen.editor.handle(key, now: now, pageHeight: height, wrapWidth: wrapWidth) else { return [] }
        if screen.editor.revision != before { screen.lastEditTime = now }
        screen.problem = nil
        return effects.map { effect in
            switch effect {
            case .copyToClipboard(let text): return .copyToClipboard(text)
            }
        }
    }

    /// Leaves a conflict being edited by hand: with `keep`, its text becomes the file's resolution
    /// (refused while conflict markers remain); the publish sheet comes back either way.
    static func finishConflictEdit(_ state: inout AppState, _ screen: inout EditorScreen, path: String, keep: Bool) -> [AppEffect] {
        guard var sheet = state.conflictSheet else { return [] }
        if keep {
            let text = screen.editor.text
            if text.components(separatedBy: "\n").contains(where: { $0.hasPrefix("<<<<<<<") || $0.hasPrefix(">>>>>>>") }) {
                screen.problem = "conflict markers remain: keep the lines you want and delete the <<<<<<< ======= >>>>>>> lines"
                return []
            }
            sheet.resolutions[path] = .content(Data(text.utf8))
        }
        state.conflictSheet = nil
        screen.editor.markSaved()
        state.page = .browse
        if case .conflict(let files, let selected) = sheet.phase {
            if files.count == 1, keep {
                return startPublish(&state, &sheet, step: "Publishing your resolution…", resolve: .files(sheet.resolutions))
            }
            sheet.phase = .conflict(files: files, selected: selected)
        }
        state.overlay = .publish(sheet)
        return []
    }

    /// Re-renders the preview when the text or the width changed and the preview is visible;
    /// a large document's (`EditorScreen.isLarge`) only when shown, resized or saved.
    static func refreshPreview(_ state: inout AppState, evenIfLarge: Bool = true) {
        guard var screen = state.editor else { return }
        let layout = EditorLayout(columns: state.columns, rows: state.rows, showPreview: screen.showPreview)
        guard let area = layout.preview else { return }
        let width = max(10, area.width - 1)
        guard screen.previewRevision != screen.editor.revision || screen.previewWidth != width else { return }
        if !evenIfLarge, screen.isLarge, screen.previewWidth == width { return }
        let root = state.site?.root ?? ""
        let bundle = (screen.file as NSString).deletingLastPathComponent
        let context = PreviewContext.files(in: bundle, staticDirectory: root + "/static")
        if let page = try? PageText(text: screen.editor.text, file: screen.path) {
            screen.preview = MarkdownPreview.render(page, width: width, context: context)
        } else {
            screen.preview = [PreviewLine([PreviewSpan("(the front matter is not valid yet; the preview waits for it)", PreviewStyle(.dim))], sourceLine: 0)]
        }
        screen.previewRevision = screen.editor.revision
        screen.previewWidth = width
        state.editor = screen
    }
}

/// Where the editor's panes go.
struct EditorLayout {
    let text: Rect?
    let preview: Rect?
    let divider: Rect?

    init(columns: Int, rows: Int, showPreview: Bool) {
        let body = Rect(x: 0, y: 1, width: columns, height: max(1, rows - 3))
        if columns >= EditorScreen.splitWidth {
            let panes = SplitView.panes(of: body)
            text = panes.left
            divider = panes.divider
            preview = panes.right
        } else if showPreview {
            text = nil
            divider = nil
            preview = body
        } else {
            text = body
            divider = nil
            preview = nil
        }
    }
}
