import Blog
import Foundation
import TestSupport
import XCTest

/// One rule for what a publish commits: a site in a folder of its repository gets its paths
/// prefixed, a Jekyll post brings the files it refers to, a bundle linked from outside is refused.
final class PublishPlanTests: XCTestCase {
    func testASiteInASubfolderOfItsRepository() throws {
        let work = try TemporaryDirectory(prefix: "nb-plan")
        defer { work.remove() }
        try FileManager.default.createDirectory(atPath: work.appending("repo"), withIntermediateDirectories: true)
        try PackageRoot.copyDemo(to: work.appending("repo/blog"))
        let site = try Site.open(containing: work.appending("repo/blog"))
        XCTAssertEqual(PublishPlan.sitePrefix(siteRoot: site.root, workdir: work.appending("repo")), "blog/")
        XCTAssertEqual(PublishPlan.sitePrefix(siteRoot: site.root, workdir: work.appending("repo") + "/"), "blog/")
        XCTAssertEqual(PublishPlan.sitePrefix(siteRoot: site.root, workdir: site.root), "")
        let plan = try PublishPlan.forPost(
            "content/posts/tea-in-kyoto/index.md", site: site, workdir: work.appending("repo"))
        XCTAssertEqual(plan.commitPaths, ["blog/content/posts/tea-in-kyoto"])
        // Through a link to the work tree, the prefix is the same.
        try FileManager.default.createSymbolicLink(
            atPath: work.appending("link"), withDestinationPath: work.appending("repo"))
        XCTAssertEqual(PublishPlan.sitePrefix(siteRoot: site.root, workdir: work.appending("link")), "blog/")
    }

    func testABundleLinkedFromOutsideTheSiteIsRefused() throws {
        let work = try TemporaryDirectory(prefix: "nb-plan-link")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        try FileManager.default.createDirectory(
            atPath: work.appending("elsewhere/secret"), withIntermediateDirectories: true)
        try "---\ntitle: Secret\n---\nx\n".write(
            toFile: work.appending("elsewhere/secret/index.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: work.appending("site/content/posts/secret"), withDestinationPath: work.appending("elsewhere/secret")
        )
        let site = try Site.open(containing: work.appending("site"))
        XCTAssertThrowsError(try PublishPlan.forPost("content/posts/secret/index.md", site: site, workdir: site.root)) {
            error in
            XCTAssertTrue("\(error)".contains("outside the site"), "\(error)")
        }
    }

    func testAJekyllPostBringsTheImagesItRefersTo() throws {
        let work = try TemporaryDirectory(prefix: "nb-plan-jekyll")
        defer { work.remove() }
        try FileManager.default.createDirectory(atPath: work.appending("repo"), withIntermediateDirectories: true)
        try Shell.check(["cp", "-R", PackageRoot.appending("demo-jekyll"), work.appending("repo/site")])
        let site = try Site.open(containing: work.appending("repo/site"))
        let post = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: site.root + "/_posts").sorted().first { name in
                (try? String(contentsOfFile: site.root + "/_posts/" + name, encoding: .utf8))?.contains(
                    "/assets/images/") == true
            })
        let plan = try PublishPlan.forPost("_posts/" + post, site: site, workdir: work.appending("repo"))
        XCTAssertEqual(plan.commitPaths.first, "site/_posts/" + post)
        let images = Array(plan.commitPaths.dropFirst())
        XCTAssertFalse(images.isEmpty, "the post's picture goes with it")
        XCTAssertTrue(images.allSatisfy { $0.hasPrefix("site/assets/images/") }, "\(plan.commitPaths)")
    }
}
