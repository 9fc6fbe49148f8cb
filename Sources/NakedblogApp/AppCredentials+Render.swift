import Foundation
import GitOps
import TUI

extension SignInDialog {
    /// The dialog over the page; returns the focused field's cursor.
    func render(into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let dialog = self
        let host = URLComponents(string: dialog.url)?.host ?? dialog.url
        let lines = [
            "\(host) asks you to sign in (for \(URLRedaction.redact(dialog.url))).",
            "Your git credential helpers had nothing for it.", "",
            "Username:", "", "Password:", "", "", "Enter signs in (stored by your credential helper) · Esc cancels",
        ]
        guard let inner = OverlayRender.box(title: "Sign in", lines: lines, minWidth: 60, into: &screen, area: area)
        else {
            return nil
        }
        let user = dialog.username.render(
            into: &screen, area: Rect(x: inner.x + 10, y: inner.y + 3, width: inner.width - 10, height: 1))
        let pass = dialog.password.render(
            into: &screen, area: Rect(x: inner.x + 10, y: inner.y + 5, width: inner.width - 10, height: 1))
        return dialog.focus == 0 ? (user, inner.y + 3) : (pass, inner.y + 5)
    }
}
