import Foundation
import TestSupport
import XCTest

@testable import NakedblogApp

/// Work a feature does on the site through a `SiteTask`: what runs and how it lands, in the
/// feature's file; the runner only opens the site.
final class SiteTaskTests: XCTestCase {
    /// The save conflict's "show the difference": disk (-) against the editor (+); a post that is
    /// a link out of the site is never read (it counts as empty).
    func testTheDiskDiffShowsTheChangeAndNeverReadsOutsideTheSite() throws {
        let site = try TemporaryDirectory(prefix: "nb-task")
        let outside = try TemporaryDirectory(prefix: "nb-outside")
        defer { site.remove(); outside.remove() }
        try FileManager.default.createDirectory(atPath: site.appending("_posts"), withIntermediateDirectories: true)
        try "---\ntitle: A\n---\none\ntwo\n".write(
            toFile: site.appending("_posts/2020-01-01-a.md"), atomically: true, encoding: .utf8)
        try "secret line\n".write(toFile: outside.appending("secret.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: site.appending("_posts/2020-01-02-b.md"), withDestinationPath: outside.appending("secret.md"))

        var state = try AppFixture.browsing()
        state.overlay = .diskConflict(path: "_posts/2020-01-01-a.md")
        let text = "---\ntitle: A\n---\none\n2\n"
        XCTAssertEqual(
            try AppFixture.perform(.diskDiff(path: "_posts/2020-01-01-a.md", text: text), root: site.path, on: &state),
            [])
        guard case .message(let title, let lines)? = state.overlay else {
            return XCTFail("\(String(describing: state.overlay))")
        }
        XCTAssertEqual(title, "On disk (-) vs. your text (+)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("-") && $0.contains("two") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("+") && $0.contains("2") }, "\(lines)")
        guard case .diskConflict? = state.returnOverlay else { return XCTFail("Enter must go back to the choices") }

        _ = try AppFixture.perform(
            .diskDiff(path: "_posts/2020-01-02-b.md", text: "mine\n"), root: site.path, on: &state)
        guard case .message(_, let attacked)? = state.overlay else { return XCTFail() }
        XCTAssertFalse(attacked.joined().contains("secret"), "\(attacked)")
    }

    /// Tasks compare by name: `update`'s effects stay testable.
    func testTasksAreEqualByName() {
        XCTAssertEqual(SiteTask.diskDiff(path: "a.md", text: "x"), SiteTask.diskDiff(path: "a.md", text: "y"))
        XCTAssertNotEqual(SiteTask.diskDiff(path: "a.md", text: "x"), SiteTask.diskDiff(path: "b.md", text: "x"))
    }
}
