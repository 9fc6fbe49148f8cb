import Foundation
import TestSupport
import XCTest

@testable import Blog

/// Directory listings remembered between runs: a site listed from them is the site listed from
/// its directories, whatever changed in between; anything doubtful is read again.
final class ListingCacheTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var cacheDir: TemporaryDirectory!
    private var site: Site!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "nb-listings")
        cacheDir = try TemporaryDirectory(prefix: "nb-listings-cache")
        try PackageRoot.copyDemo(to: dir.path)
        // Beyond the demo: a nested section, a flat page, a resource in a folder of a bundle.
        try write("content/notes/2024/a-note/index.md", "---\ntitle: A note\ndate: 2024-03-01\n---\nHello.\n")
        try write("content/posts/flat-page.md", "---\ntitle: Flat\ndate: 2024-02-01\n---\nFlat.\n")
        try write("content/posts/tea-in-kyoto/images/cup.png", "png")
        site = try Site.open(containing: dir.path)
    }

    override func tearDown() {
        dir.remove()
        cacheDir.remove()
    }

    private func write(_ relative: String, _ text: String) throws {
        let path = dir.appending(relative)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A cache that counts every directory as settled (as if they had all changed long ago).
    private func settledCache() throws -> ListingCache {
        try XCTUnwrap(
            ListingCache(root: site.root, directory: cacheDir.path, settle: 0, now: Date().addingTimeInterval(1)))
    }

    /// How many directories a scan with `cache` took from it, and how many it read and remembered.
    private func scanCounts(_ cache: ListingCache) -> (kept: Int, added: Int) {
        let scan = ContentScanner(site: site, listings: cache).scan { location, _ in location.path }
        cache.save(scan.listings)
        return (scan.listings.reduce(0) { $0 + $1.kept.count }, scan.listings.reduce(0) { $0 + $1.added })
    }

    private func assertListedAlike(_ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let cached = PostIndex.build(site, listings: try settledCache())
        let read = PostIndex.build(site)
        // Whole posts compared; the message names only what a listing is made of.
        func summary(_ posts: [Post]) -> [String] {
            posts.map { "\($0.path) \($0.title) \($0.resources) \($0.translations)" }
        }
        XCTAssertTrue(
            cached.posts == read.posts, "\(message): \(summary(cached.posts)) ≠ \(summary(read.posts))", file: file,
            line: line)
        XCTAssertEqual(cached.problems.map(\.file), read.problems.map(\.file), message, file: file, line: line)
    }

    func testAnUnchangedSiteIsListedFromTheCacheAsFromItsDirectories() throws {
        let first = scanCounts(try settledCache())
        XCTAssertEqual(first.kept, 0)
        XCTAssertGreaterThan(first.added, 12, "content, its sections and every bundle")
        let cache = try settledCache()
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.file))
        XCTAssertEqual(cache.count, first.added)
        let second = scanCounts(cache)
        XCTAssertEqual(second.kept, first.added, "no directory read again")
        XCTAssertEqual(second.added, 0)
        let cached = PostIndex.build(site, listings: try settledCache())
        XCTAssertEqual(cached.posts, PostIndex.build(site).posts)
        XCTAssertEqual(cached.post(at: "content/posts/tea-in-kyoto/index.md")?.resources, ["images/cup.png"])
        XCTAssertEqual(
            cached.post(at: "content/posts/bread-every-sunday/index.md")?.translations,
            ["content/posts/bread-every-sunday/index.fr.md"])
    }

    func testEveryChangeToTheTreeIsSeen() throws {
        let fm = FileManager.default
        let changes: [(String, () throws -> Void)] = [
            ("an image added to a bundle", { try self.write("content/posts/summit-in-the-fog/valley.png", "png") }),
            (
                "a resource removed",
                { try fm.removeItem(atPath: self.dir.appending("content/posts/summit-in-the-fog/ridge.png")) }
            ),
            (
                "a resource in a folder of a bundle",
                { try self.write("content/posts/tea-in-kyoto/images/pot.png", "png") }
            ),
            ("a new bundle", { try self.write("content/posts/brand-new/index.md", "---\ntitle: Brand new\n---\n") }),
            ("a bundle deleted", { try fm.removeItem(atPath: self.dir.appending("content/posts/cold-brew-ratios")) }),
            (
                "a bundle renamed",
                {
                    try fm.moveItem(
                        atPath: self.dir.appending("content/posts/tea-in-kyoto"),
                        toPath: self.dir.appending("content/posts/tea-again"))
                }
            ),
            (
                "a language variant added",
                { try self.write("content/posts/summit-in-the-fog/index.fr.md", "---\ntitle: Sommet\n---\n") }
            ),
            (
                "a bundle that becomes a page",
                {
                    try fm.removeItem(atPath: self.dir.appending("content/posts/brand-new"))
                    try self.write("content/posts/brand-new.md", "---\ntitle: Brand new, flat\n---\n")
                }
            ),
            (
                "a nested section",
                { try self.write("content/notes/2024/deeper/b-note/index.md", "---\ntitle: B note\n---\n") }
            ),
            (
                "a page edited in place (contents are never remembered)",
                {
                    let handle = try XCTUnwrap(
                        FileHandle(forWritingAtPath: self.dir.appending("content/notes/2024/a-note/index.md")))
                    try handle.write(contentsOf: Data("---\ntitle: Edited in place\n---\n".utf8))
                    try handle.close()
                }
            ),
        ]
        for (name, change) in changes {
            _ = scanCounts(try settledCache())  // remember the tree as it is
            Thread.sleep(forTimeInterval: 0.02)  // the change lands in a later clock tick
            try change()
            try assertListedAlike(name)
        }
        XCTAssertEqual(
            PostIndex.build(site, listings: try settledCache()).post(at: "content/notes/2024/a-note/index.md")?.title,
            "Edited in place")
    }

    func testDirectoriesThatChangedJustNowAreNotRemembered() throws {
        let cache = try XCTUnwrap(ListingCache(root: site.root, directory: cacheDir.path))  // settle: 2 s
        let counts = scanCounts(cache)
        XCTAssertEqual(
            counts.added, 0, "the copy was made just now: a second change in the same clock tick would keep the times")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.file), "nothing to remember, nothing written")
        XCTAssertEqual(
            PostIndex.build(site, listings: ListingCache(root: site.root, directory: cacheDir.path)).posts,
            PostIndex.build(site).posts)
    }

    func testADamagedTruncatedOrForeignFileIsIgnoredAndReplaced() throws {
        _ = scanCounts(try settledCache())
        let file = try settledCache().file
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        let other = try TemporaryDirectory(prefix: "nb-listings-other")
        defer { other.remove() }
        try PackageRoot.copyDemo(to: other.path)
        let otherSite = try Site.open(containing: other.path)
        let otherCache = try XCTUnwrap(
            ListingCache(root: otherSite.root, directory: cacheDir.path, settle: 0, now: Date().addingTimeInterval(1)))
        _ = PostIndex.build(otherSite, listings: otherCache)
        let foreign = try Data(contentsOf: URL(fileURLWithPath: otherCache.file))
        var flipped = good
        flipped[good.count / 2] ^= 0x20
        var zeroed = good
        zeroed.replaceSubrange((good.count - 8)..., with: [UInt8](repeating: 0, count: 8))
        // A record whose entries run past the end, in a file whose checksum matches.
        var lying = ListingCache.magic
        ByteWriter.append(UInt32(site.root.utf8.count), to: &lying)
        lying += site.root.utf8
        lying +=
            good[
                (ListingCache.magic.count + 4 + site.root.utf8.count)..<(ListingCache.magic.count + 12
                    + site.root.utf8.count)]  // device
        for value: UInt64 in [1, 2, 3] { ByteWriter.append(value, to: &lying) }
        ByteWriter.append(UInt32.max, to: &lying)
        lying += [0, 5, 0] + Array("a.png".utf8)
        ByteWriter.append(ListingCache.checksum(lying[...]), to: &lying)
        let variants: [(String, Data)] = [
            ("empty", Data()), ("truncated", good.prefix(good.count / 2)), ("one byte changed", flipped),
            ("garbage", Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })),
            ("another site's", foreign), ("no checksum", zeroed), ("entries past the end", Data(lying)),
            ("only the header", Data(ListingCache.magic)),
        ]
        for (name, bytes) in variants {
            try bytes.write(to: URL(fileURLWithPath: file))
            let cache = try settledCache()
            XCTAssertEqual(cache.count, 0, name)
            XCTAssertEqual(PostIndex.build(site, listings: cache).posts, PostIndex.build(site).posts, name)
            XCTAssertEqual(scanCounts(try settledCache()).added, 0, "\(name): replaced by a good file")
        }
    }

    func testDirectoriesHoldingSymbolicLinksAreReadEveryTime() throws {
        let target = dir.appending("elsewhere")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try "png".write(toFile: target + "/a.png", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appending("content/posts/summit-in-the-fog/gallery"), withDestinationPath: target)
        let first = scanCounts(try settledCache())
        let second = scanCounts(try settledCache())
        XCTAssertEqual(second.kept, first.added)
        XCTAssertEqual(second.added, 0, "the bundle with a link is never remembered")
        // The link's target changes without its bundle changing: still seen.
        try "png".write(toFile: target + "/b.png", atomically: true, encoding: .utf8)
        let post = PostIndex.build(site, listings: try settledCache()).post(
            at: "content/posts/summit-in-the-fog/index.md")
        XCTAssertEqual(post?.resources, ["gallery/a.png", "gallery/b.png", "ridge.png", "summit.png"])
        try assertListedAlike("with a symbolic link")
    }

    func testFilesOfSitesNotListedForAMonthAreRemoved() throws {
        let old = cacheDir.appending("0123456789abcdef.listing"),
            recent = cacheDir.appending("fedcba9876543210.listing")
        let other = cacheDir.appending("notes.txt")
        for path in [old, recent, other] { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }
        let longAgo = Date().addingTimeInterval(-ListingCache.unusedAfter - 3_600)
        for path in [old, other] {
            var times = [
                timespec(tv_sec: Int(longAgo.timeIntervalSince1970), tv_nsec: 0),
                timespec(tv_sec: Int(longAgo.timeIntervalSince1970), tv_nsec: 0),
            ]
            XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0, "read and written a month ago")
        }
        _ = scanCounts(try settledCache())  // a save
        XCTAssertFalse(FileManager.default.fileExists(atPath: old), "a site not listed for a month")
        XCTAssertTrue(FileManager.default.fileExists(atPath: recent), "read or written lately")
        XCTAssertTrue(FileManager.default.fileExists(atPath: recent))
        XCTAssertTrue(FileManager.default.fileExists(atPath: other), "only cache files are removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: try settledCache().file))
    }

    func testACacheThatCannotBeWrittenOnlyCostsSpeed() throws {
        let cache = try XCTUnwrap(
            ListingCache(root: site.root, directory: "/dev/null/listings", settle: 0, now: Date().addingTimeInterval(1))
        )
        XCTAssertEqual(PostIndex.build(site, listings: cache).posts, PostIndex.build(site).posts)
        XCTAssertNil(
            ListingCache(root: dir.appending("no-such-site"), directory: cacheDir.path),
            "a root that cannot be examined")
    }
}
