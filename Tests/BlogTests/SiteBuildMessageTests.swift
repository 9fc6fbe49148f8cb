import XCTest

@testable import Blog

/// What a generator prints becomes the sheet's messages: Jekyll's colours are dropped (they
/// showed as `^[[31m`), anything else that is not text stays visible, never raw.
final class SiteBuildMessageTests: XCTestCase {
    func testJekyllsColoursAreDroppedAndOtherControlsMadeVisible() {
        let output =
            "\u{1B}[31m  Liquid Exception: Liquid syntax error (line 2): Unknown tag 'seo' in _layouts/default.html\u{1B}[0m\n"
            + "Error: a \u{1B}]0;title\u{07} bell\n"
        let messages = SiteBuild.parse(output, kind: .jekyll(JekyllConfig([], file: "")), source: "/tmp/site")
        XCTAssertEqual(
            messages.first?.text,
            "Liquid Exception: Liquid syntax error (line 2): Unknown tag 'seo' in _layouts/default.html")
        XCTAssertEqual(messages.first?.file, "_layouts/default.html")
        XCTAssertFalse(messages.contains { $0.text.contains("\u{1B}") }, "\(messages)")
        XCTAssertTrue(messages.last?.text.contains("^[]0;title^G") == true, "\(messages)")
        XCTAssertEqual(
            SiteBuild.withoutColours("\u{1B}[1;31mred\u{1B}[0m and \u{1B}[2J kept"), "red and \u{1B}[2J kept")
    }

    /// Issue 60.9: a tab is a space, never `^I`; a Ruby backtrace frame is not a message.
    func testTabsAreSpacesAndRubyFramesAreDropped() {
        let output =
            "  Liquid Exception:\tLiquid syntax error (line 1): Unknown tag 'nosuch' in _posts/2020-01-01-x.md\n"
            + "/usr/share/rubygems-integration/all/gems/liquid-4.0.4/lib/liquid/block.rb:63:in `block in parse_body': "
            + "Liquid syntax error (line 1): Unknown tag 'nosuch' (Liquid::SyntaxError)\n"
            + "\tfrom /usr/lib/ruby/vendor_ruby/jekyll/renderer.rb:12:in `render': error\n"
        let messages = SiteBuild.parse(output, kind: .jekyll(JekyllConfig([], file: "")), source: "/tmp/site")
        XCTAssertEqual(
            messages.map(\.text),
            ["Liquid Exception: Liquid syntax error (line 1): Unknown tag 'nosuch' in _posts/2020-01-01-x.md"])
        XCTAssertEqual(messages.first?.file, "_posts/2020-01-01-x.md")
    }
}
