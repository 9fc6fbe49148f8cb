import Foundation
import GitOps
import TUI
import TextWidth

/// Boxes over the page: help, new post, publish sheet, confirmations and messages.
enum OverlayRender {
    static func draw(_ overlay: Overlay, state: AppState, into screen: inout Screen) -> (x: Int, y: Int)? {
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        switch overlay {
        case .help(let title, let rows, let top):
            let room = Self.helpRoom(rows: state.rows)
            let layout = Self.helpLayout(rows, columns: state.columns, screenRows: state.rows)
            var lines: [String] = []
            for rowLines in layout.perRow[min(top, layout.lastStart)...] {
                if !lines.isEmpty && lines.count + rowLines.count > room { break }
                lines += rowLines
            }
            let scrolls = layout.scrolls
            lines += ["", scrolls ? "↑ ↓ PgUp PgDn scroll · any other key closes" : "any key closes"]
            box(title: "Help · \(title)", lines: lines, into: &screen, area: area)
            return nil
        case .message(let title, let lines):
            // Long reasons (a refusal naming a path) wrap; they are never cut.
            let width = max(20, min(76, area.width - 6))
            Dialog(title: title, message: lines.flatMap { App.wrap($0, width: width) }, choices: [("Enter", "OK")])
                .render(into: &screen, area: area)
            return nil
        case .confirm(let confirmation):
            Dialog(title: confirmation.title, message: confirmation.lines, choices: [("y", "yes"), ("n", "no")])
                .render(into: &screen, area: area)
            return nil
        case .recovery(let path, _, let changed):
            Dialog(
                title: "Unsaved text found",
                message: [
                    "Text for \(path)",
                    "was never saved (a crash, or a dropped connection).",
                    "\(changed) line\(changed == 1 ? "" : "s") differ from the file.",
                ], choices: [("r", "recover"), ("d", "discard"), ("v", "view difference")]
            ).render(into: &screen, area: area)
            return nil
        case .diskConflict(let path):
            Dialog(
                title: "Changed on disk",
                message: [
                    "\(path) changed on disk since you opened it",
                    "(another editor, or a sync). Nothing was saved yet.",
                ], choices: [("o", "overwrite"), ("r", "reload theirs"), ("v", "view difference"), ("Esc", "cancel")]
            )
            .render(into: &screen, area: area)
            return nil
        case .signIn(let dialog):
            let host = URLComponents(string: dialog.url)?.host ?? dialog.url
            let lines = [
                "\(host) asks you to sign in (for \(URLRedaction.redact(dialog.url))).",
                "Your git credential helpers had nothing for it.", "",
                "Username:", "", "Password:", "", "", "Enter signs in (stored by your credential helper) · Esc cancels",
            ]
            guard let inner = box(title: "Sign in", lines: lines, minWidth: 60, into: &screen, area: area) else {
                return nil
            }
            let user = dialog.username.render(
                into: &screen, area: Rect(x: inner.x + 10, y: inner.y + 3, width: inner.width - 10, height: 1))
            let pass = dialog.password.render(
                into: &screen, area: Rect(x: inner.x + 10, y: inner.y + 5, width: inner.width - 10, height: 1))
            return dialog.focus == 0 ? (user, inner.y + 3) : (pass, inner.y + 5)
        case .picker(let picker):
            return drawPicker(picker, into: &screen, area: area)
        case .history(let view):
            HistoryRender.draw(view, state: state, into: &screen, area: area)
            return nil
        case .imageAlt(let prompt):
            return fieldBox(
                "Alt text", question: "Describe the picture (its alt text, read to those who cannot see it):",
                keys: "Enter inserts it as its own paragraph · Esc adds nothing", field: prompt.field,
                into: &screen, area: area)
        case .note(let field):
            return fieldBox(
                "A short note", question: "What is on your mind? (a note has no title; markdown works)",
                keys: "Enter writes it and opens the publish sheet · Esc cancels", field: field, into: &screen,
                area: area)
        case .imagePath(let prompt):
            let shown = Array(prompt.candidates.prefix(max(0, area.height - 12)))
            var lines = [
                prompt.pasted == nil
                    ? "Path of the picture (fitted into this post's bundle without its"
                    : "You pasted a picture's path. Add the picture (fitted without its",
                "metadata, then put in at the cursor as its own paragraph):", "", "",
            ]
            lines += shown.map { "  " + TerminalText.visible($0) } + (shown.isEmpty ? [] : [""])
            lines.append(
                prompt.pasted == nil
                    ? "Enter adds · Tab completes" + (shown.isEmpty ? "" : ", ↑↓ choose") + " · Esc cancels"
                    : "Enter adds it · Tab completes · Esc pastes the text instead")
            var styles: [Int: Style] = [:]
            if let chosen = prompt.chosen, chosen < shown.count { styles[4 + chosen] = Style(.selection) }
            guard
                let inner = box(
                    title: "Add an image", lines: lines, styles: styles, minWidth: 60, into: &screen, area: area)
            else { return nil }
            return (
                prompt.field.render(
                    into: &screen, area: Rect(x: inner.x, y: inner.y + 3, width: inner.width, height: 1)),
                inner.y + 3
            )
        case .frontMatter(let form):
            return frontMatter(form, into: &screen, area: area)
        case .spelling(let menu):
            SpellingMenuRender.draw(menu, state: state, into: &screen)
            return nil
        case .newPost(let dialog):
            return newPost(dialog, into: &screen, area: area)
        case .publish:
            guard let sheet = state.publish else { return nil }
            return publish(sheet, into: &screen, area: area)
        }
    }

    /// The picker: its title, the query, a note, and as many items as fit, the selected one
    /// highlighted (the list scrolls to keep it in view).
    static func drawPicker(_ picker: Picker, into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let width = min(area.width - 2, max(60, min(100, area.width - 4)))
        let rect = Rect(x: (area.width - width) / 2, y: 1, width: width, height: max(5, area.height - 2))
        screen.fill(rect)
        Box.draw(into: &screen, rect: rect, title: picker.title)
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        let cursor = picker.field.render(
            into: &screen, area: Rect(x: inner.x, y: inner.y, width: inner.width, height: 1))
        let note =
            picker.note
            ?? (picker.shown.isEmpty
                ? "Nothing matches" : "\(picker.shown.count) of \(picker.items.count) · Enter goes · Esc closes")
        screen.put(note, x: inner.x, y: inner.y + 1, style: Style(.dim), clip: inner)
        let rows = max(1, inner.height - 3)
        let top = max(0, min(picker.selected - rows / 2, picker.shown.count - rows))
        for (row, item) in picker.shown.dropFirst(top).prefix(rows).enumerated() {
            let y = inner.y + 3 + row
            let selected = top + row == picker.selected
            let style = selected ? Style(.selection) : .normal
            if selected { screen.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style) }
            let x = screen.put(item.label, x: inner.x, y: y, style: style, clip: inner)
            if !item.detail.isEmpty, x + 2 < inner.x + inner.width {
                screen.put("  " + item.detail, x: x, y: y, style: selected ? style : Style(.dim), clip: inner)
            }
        }
        return (cursor, inner.y)
    }

    /// A box asking one question with one text field under it; returns the field's cursor.
    static func fieldBox(
        _ title: String, question: String, keys: String, field: TextField, into screen: inout Screen, area: Rect
    ) -> (x: Int, y: Int)? {
        guard let inner = box(title: title, lines: [question, "", "", keys], minWidth: 60, into: &screen, area: area)
        else { return nil }
        let row = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: 1)
        return (field.render(into: &screen, area: row), inner.y + 2)
    }

    /// How many help rows fit on a screen `rows` high (borders, a blank and the footer aside,
    /// and a row of margin above and below).
    static func helpRoom(rows: Int) -> Int { max(1, rows - 6) }

    /// `line` cut to `width` columns around its first change (`[-…-]` or `{+…+}`).
    static func excerpt(_ line: String, width: Int) -> String {
        let characters = Array(line)
        guard characters.count > width else { return line }
        let mark =
            line.range(of: "[-").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            ?? line.range(of: "{+").map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? 0
        let start = max(0, min(mark - 16, characters.count - width + 1))
        let end = min(characters.count, start + width - 2)
        return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
    }

    /// The help's rows as lines on a screen of `columns` × `screenRows` (a row wider than the
    /// screen wraps under its help column: no key is cut), whether they need scrolling, and the
    /// first row of the last page (a row is shown whole, or on the next page).
    static func helpLayout(_ rows: [HelpRow], columns: Int, screenRows: Int) -> (
        perRow: [[String]], scrolls: Bool, lastStart: Int
    ) {
        let room = helpRoom(rows: screenRows)
        let perRow = rows.map { helpLines($0, width: max(30, columns - 6)) }
        var lastStart = rows.count, used = 0
        while lastStart > 0, used + perRow[lastStart - 1].count <= room {
            lastStart -= 1
            used += perRow[lastStart].count
        }
        return (perRow, lastStart > 0, lastStart)
    }

    /// A help row as lines at `width`: its keys in a column of 15, its help beside them, wrapped
    /// under that column; keys wider than the column get a line of their own.
    static func helpLines(_ row: HelpRow, width: Int) -> [String] {
        let indent = String(repeating: " ", count: 15)
        var help = App.wrap(row.help, width: max(10, width - 15))
        var lines: [String] = []
        if DisplayWidth.of(row.keys) <= 14 {
            lines.append(DisplayWidth.pad(row.keys, to: 14) + " " + (help.isEmpty ? "" : help.removeFirst()))
        } else {
            lines += App.wrap(row.keys, width: width)
        }
        return lines + help.map { indent + $0 }
    }

    /// A centred box with `lines` (line `i` in `styles[i]` when given); returns its inner rectangle.
    @discardableResult
    static func box(
        title: String, lines: [String], styles: [Int: Style] = [:], minWidth: Int = 40, into screen: inout Screen,
        area: Rect
    ) -> Rect? {
        let contentWidth = max(minWidth, (lines.map { DisplayWidth.of($0) }.max() ?? 0), DisplayWidth.of(title) + 4)
        let width = min(area.width - 2, contentWidth + 4)
        let height = min(area.height - 2, lines.count + 2)
        let rect = Rect(
            x: (area.width - width) / 2, y: max(1, (area.height - height) / 2), width: width, height: height)
        screen.fill(rect)
        Box.draw(into: &screen, rect: rect, title: title)
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        for (index, line) in lines.prefix(inner.height).enumerated() {
            screen.put(line, x: inner.x, y: inner.y + index, style: styles[index] ?? .normal, clip: inner)
        }
        return inner
    }

    private static func frontMatter(_ form: FrontMatterForm, into screen: inout Screen, area: Rect) -> (x: Int, y: Int)?
    {
        let rows = form.form.fields.count
        var footer = ["", form.problem ?? "Enter applies · Tab next (completes tags) · Space toggles · Esc cancels"]
        if !form.rawKeys.isEmpty { footer.append("In the text only: " + form.rawKeys.joined(separator: ", ")) }
        let lines = Array(repeating: "", count: rows) + footer
        guard let inner = box(title: "Front matter", lines: lines, minWidth: 64, into: &screen, area: area) else {
            return nil
        }
        if let problem = form.problem {
            screen.put(problem, x: inner.x, y: inner.y + rows + 1, style: Style(.error), clip: inner)
        }
        return form.form.render(
            into: &screen, area: Rect(x: inner.x, y: inner.y, width: inner.width, height: min(rows, inner.height)))
    }

    private static func newPost(_ dialog: NewPostDialog, into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let rows = dialog.form.fields.count
        var lines = Array(repeating: "", count: rows) + ["", "slug: \(dialog.slug)"]
        if dialog.jekyll { lines += ["A draft: _drafts/\(dialog.slug).md", "(dated when it is published)"] }
        let problemLines = dialog.problem.map { App.wrap($0, width: max(20, min(72, area.width - 8))) } ?? []
        lines +=
            [""]
            + (problemLines.isEmpty
                ? [
                    dialog.jekyll
                        ? "Enter creates · Esc cancels" : "Enter creates · Tab next field · ←/→ change · Esc cancels"
                ]
                : problemLines)
        guard let inner = box(title: "New post", lines: lines, minWidth: 56, into: &screen, area: area) else {
            return nil
        }
        screen.put("slug: ", x: inner.x, y: inner.y + rows + 1, style: Style(.dim), clip: inner)
        for (index, line) in problemLines.enumerated() {
            screen.put(
                line, x: inner.x, y: inner.y + lines.count - problemLines.count + index, style: Style(.error),
                clip: inner)
        }
        return dialog.form.render(into: &screen, area: Rect(x: inner.x, y: inner.y, width: inner.width, height: rows))
    }

    private static func publish(_ sheet: PublishSheet, into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        var lines: [String] = []
        var styles: [Int: Style] = [:]
        switch sheet.phase {
        case .confirm:
            lines.append(
                sheet.post == nil ? "Push the commits that are not on the remote yet." : "Publish “\(sheet.title)”:")
            for file in sheet.files.prefix(6) { lines.append("  \(DisplayWidth.pad(file.change, to: 9)) \(file.path)") }
            if sheet.files.count > 6 { lines.append("  … and \(sheet.files.count - 6) more") }
            if sheet.files.isEmpty && sheet.post != nil {
                lines.append("  (no changes to commit; unpushed commits are pushed)")
            }
            if !sheet.changedKeys.isEmpty {
                lines.append("Front matter changed: " + sheet.changedKeys.joined(separator: ", "))
            }
            func add(_ more: [String], _ role: StyleRole) {
                for line in more { styles[lines.count] = Style(role); lines.append(line) }
            }
            for warning in sheet.review.warnings.prefix(5) { add(App.wrap("⚠ " + warning, width: 66), .warning) }
            if sheet.review.warnings.count > 5 { add(["⚠ … and \(sheet.review.warnings.count - 5) more"], .warning) }
            if let address = sheet.stopsAddress {
                add(App.wrap("⚠ \(address) stops existing on the site", width: 66), .warning)
            }
            for warning in sheet.pictureWarnings.prefix(3) { add(App.wrap("⚠ " + warning, width: 66), .warning) }
            if sheet.pictureWarnings.count > 3 {
                add(["⚠ … and \(sheet.pictureWarnings.count - 3) more about pictures"], .warning)
            }
            if !sheet.brokenLinks.isEmpty {
                let count = sheet.brokenLinks.count
                add(["⚠ \(count) broken link\(count == 1 ? "" : "s"):"], .warning)
                for problem in sheet.brokenLinks.prefix(3) {
                    let what = "line \(problem.line): " + problem.link + (problem.suggestion.map { " → \($0)?" } ?? "")
                    add(App.wrap("  " + what, width: 66), .warning)
                }
                if count > 3 { add(["  … and \(count - 3) more (nakedblog check --links)"], .warning) }
            }
            if let misspelled = sheet.misspelled, misspelled > 0 {
                add(["⚠ \(misspelled) misspelled word\(misspelled == 1 ? "" : "s") (F7 goes to the first)"], .warning)
            }
            if let refusal = sheet.review.refusal {
                lines.append("")
                add(App.wrap("Refused: \(refusal)", width: 66), .error)
            }
            if sheet.review.addressChange != nil, sheet.keepsOldAddress {
                lines.append("Ctrl-K keeps the old address as a redirect")
            }
            if sheet.takesOffSite && !sheet.setDraftFalse {
                add(["It is a draft now: this publish takes it off the site."], .warning)
            }
            if sheet.wasDraft {
                let what = sheet.draftMoves ? "publish as a post (moves it to _posts/)" : "set draft: false"
                lines.append("[\(sheet.setDraftFalse ? "x" : " ")] \(what) (Tab toggles)")
            }
            var hint =
                sheet.review.refusal == nil
                ? "Enter publishes · Esc cancels"
                : "Enter opens the post at line \(sheet.review.refusal?.line ?? 1) · Ctrl-F publishes anyway · Esc cancels"
            switch sheet.check {
            case .notRun: break
            case .running(let generator):
                add(
                    [
                        sheet.publishWhenChecked
                            ? "⧗ Building the site with \(generator)… publishing when it passes"
                            : "⧗ Building the site with \(generator) to check the change…"
                    ], .dim)
                if sheet.review.refusal == nil {
                    hint = "Enter publishes when the build passes · Ctrl-F publishes now · Esc cancels"
                }
            case .done(let check):
                for appearance in check.appearances.prefix(2) {
                    let text = appearance.when.description
                    add(App.wrap(text.prefix(1).uppercased() + text.dropFirst() + ".", width: 66), .dim)
                }
                let role: StyleRole
                switch check.verdict {
                case .failed: role = .error
                case .alreadyBroken: role = .warning
                case .passed, .unavailable: role = .dim
                }
                // ✓ only for a site that builds: a site already broken is a warning, a check not
                // run is said without a mark.
                let mark: String
                switch check.verdict {
                case .passed: mark = "✓ "
                case .failed: mark = "✗ "
                case .alreadyBroken: mark = "⚠ "
                case .unavailable: mark = "· "
                }
                let shown = check.lines.prefix(check.refuses || check.verdict == .alreadyBroken ? 4 : 2)
                for (index, line) in shown.enumerated() {
                    add(App.wrap((index == 0 ? mark : "  ") + line, width: 66), role)
                }
                if check.refuses && sheet.review.refusal == nil {
                    if let problem = check.postProblem, problem.path == sheet.post {
                        hint = "Enter opens the post at line \(problem.line) · Ctrl-F publishes anyway · Esc cancels"
                    } else {
                        hint = "Ctrl-F publishes anyway · Esc cancels"
                    }
                }
            }
            lines += ["", "Commit message:", "", "", hint]
        case .running(let step, _):
            lines =
                [step, "", ""] + sheet.remoteLines.suffix(3).map { "remote: " + $0 } + [
                    "", "Esc hides this; publishing continues.",
                ]
        case .failed(let message):
            lines =
                App.wrap(message, width: 60) + [
                    "", "Your commit is kept locally (shown as unpushed).", "r retries · Esc closes",
                ]
        case .conflict(let files, let selected):
            lines = ["The remote changed the same lines in:"]
            for (index, file) in files.enumerated() {
                let choice: String
                switch sheet.resolutions[file] {
                case .local?: choice = "mine"
                case .remote?: choice = "remote's"
                case .content?: choice = "edited"
                case nil: choice = "—"
                }
                lines.append((index == selected ? "▸ " : "  ") + DisplayWidth.pad(choice, to: 9) + file)
            }
            // The selected file's changes, both sides, before a side is kept.
            if selected < files.count, let changes = sheet.conflictSides?.changes[files[selected]] {
                lines.append("")
                for change in changes.prefix(2) {
                    lines.append("theirs " + Self.excerpt(change.theirs, width: 58))
                    lines.append("mine   " + Self.excerpt(change.mine, width: 58))
                }
                if changes.count > 2 { lines.append("… and \(changes.count - 2) more (e shows them all)") }
            } else if sheet.conflictSides == nil {
                lines += ["", "Reading both sides…"]
            }
            lines += [
                "", "m keep mine · t take the remote's · e edit by hand (markers shown)",
                files.count > 1
                    ? "M / T all files · Enter continue · a abort (your commit stays local)"
                    : "a abort (your commit stays local)",
            ]
        case .identity:
            lines = [
                "git does not know who you are yet. Your name and email go into",
                "every commit (saved in ~/.gitconfig, as git config --global does):",
                "", "Name:", "", "Email:", "", "", "Enter saves and publishes · Tab next · Esc cancels",
            ]
        case .done(let message):
            lines = [message]
        }
        let title = sheet.post == nil ? "Publish" : "Publish · \(sheet.title)"
        guard let inner = box(title: title, lines: lines, styles: styles, minWidth: 60, into: &screen, area: area)
        else { return nil }
        switch sheet.phase {
        case .confirm:
            let y = inner.y + lines.count - 3
            return (sheet.message.render(into: &screen, area: Rect(x: inner.x, y: y, width: inner.width, height: 1)), y)
        case .running(_, let fraction):
            ProgressBar(label: "", fraction: fraction).render(
                into: &screen, area: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1))
        case .failed:
            screen.put("Publishing failed", x: inner.x, y: inner.y - 1, style: Style(.error, bold: true))
        case .identity(let name, let email, let focus):
            let nameColumn = name.render(
                into: &screen, area: Rect(x: inner.x + 7, y: inner.y + 3, width: inner.width - 7, height: 1))
            let emailColumn = email.render(
                into: &screen, area: Rect(x: inner.x + 7, y: inner.y + 5, width: inner.width - 7, height: 1))
            return focus == 0 ? (nameColumn, inner.y + 3) : (emailColumn, inner.y + 5)
        default: break
        }
        return nil
    }
}
