import CScans
import Foundation
import TestSupport
import XCTest

@testable import Blog

/// Reading a directory stops at its first short read only where that is sure to be the end.
final class LocalFilesystemTests: XCTestCase {
    func testMountInfoIsParsedWithEscapes() {
        let text = """
            22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
            35 22 0:31 / /tmp/my\\040blog/content/photos rw - fuse.sshfs host: rw
            36 22 0:32 / /proc rw - proc proc rw
            """
        let mounts = LocalFilesystem.parseMountInfo(text)
        XCTAssertEqual(mounts, ["/", "/tmp/my blog/content/photos", "/proc"])
        XCTAssertTrue(LocalFilesystem.hasMount(below: "/tmp/my blog", in: mounts), "an sshfs mount inside the site")
        XCTAssertFalse(LocalFilesystem.hasMount(below: "/tmp/my blog/content/posts", in: mounts))
        XCTAssertFalse(LocalFilesystem.hasMount(below: "/tmp/my", in: mounts), "a prefix of a name is not a parent")
        XCTAssertFalse(
            LocalFilesystem.hasMount(below: "/tmp/my blog/content/photos", in: mounts),
            "the mount itself is the tree's own filesystem")
    }

    func testABigDirectoryIsReadWholeInSeveralReads() throws {
        let directory = try TemporaryDirectory(prefix: "nb-local-fs")
        defer { directory.remove() }
        let names = (0..<3_000).map { "entry-\($0)-" + String(repeating: "x", count: $0 % 90) }
        for name in names { FileManager.default.createFile(atPath: directory.appending(name), contents: nil) }
        try FileManager.default.createDirectory(atPath: directory.appending("sub"), withIntermediateDirectories: false)
        let handle = try XCTUnwrap(DirectoryHandle(path: directory.path))
        let type = nb_type(directory.path)
        XCTAssertEqual(
            handle.shortReadEnds, LocalFilesystem.fillingTypes.contains(type) && LocalFilesystem.mountPoints != nil,
            "filesystem type \(String(type, radix: 16))")
        let entries = handle.entries(sorted: true)
        XCTAssertEqual(entries.count, names.count + 1, "every entry, over several reads of the 32 KiB buffer")
        XCTAssertEqual(Set(entries.map(\.name)), Set(names + ["sub"]))
        let child = try XCTUnwrap(DirectoryHandle(name: "sub", in: handle))
        XCTAssertEqual(child.shortReadEnds, handle.shortReadEnds, "decided once for the tree")
    }

    func testAListingWithoutStampsReadsTheSamePages() throws {
        let directory = try TemporaryDirectory(prefix: "nb-no-stamps")
        defer { directory.remove() }
        try "title = 'Sizes'\n".write(toFile: directory.appending("hugo.toml"), atomically: true, encoding: .utf8)
        for size in [10, 16_383, 16_384, 16_385, 40_000] {
            let bundle = directory.appending("content/posts/size-\(size)")
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            var page = "---\ntitle: Size \(size)\ndraft: false\n---\n"
            while page.utf8.count < size { page += "word " }
            try String(page.prefix(size)).write(toFile: bundle + "/index.md", atomically: true, encoding: .utf8)
        }
        try assertStampsChangeNothing(in: [directory.path])
    }

    func testAListingWithoutStampsReadsTheSamePagesOfTheCorpus() throws {
        try assertStampsChangeNothing(in: try Corpus.sites())
    }

    private func assertStampsChangeNothing(in sites: [String]) throws {
        for path in sites {
            let site = try Site.open(containing: path)
            let stamped = PostIndex.build(site), plain = PostIndex.build(site, stamps: false)
            XCTAssertEqual(plain.posts.count, stamped.posts.count, path)
            XCTAssertEqual(
                plain.posts.map {
                    var post = $0; post.stamp = .unknown; return post
                },
                stamped.posts.map {
                    var post = $0; post.stamp = .unknown; return post
                }, path)
            XCTAssertEqual(plain.problems.map(\.file), stamped.problems.map(\.file), path)
            XCTAssertEqual(plain.posts.map(\.wordCount), stamped.posts.map(\.wordCount), path)
        }
    }

    private func nb_type(_ path: String) -> Int {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        return nb_filesystem_type(fd)
    }
}
