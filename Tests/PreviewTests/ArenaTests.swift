import CCmark
import CMemory
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The arena cmark parses into (`nb_arena`): calloc zeroes, realloc keeps what was there (in
/// place while it is the newest allocation), allocations are aligned, large ones get a block of
/// their own, free does nothing until the arena goes.
final class ArenaTests: XCTestCase {
    func testTheArenaZeroesKeepsAndGrows() throws {
        let allocator = try XCTUnwrap(nb_arena_begin(100))
        let calloc = try XCTUnwrap(allocator.pointee.calloc), realloc = try XCTUnwrap(allocator.pointee.realloc)
        let free = try XCTUnwrap(allocator.pointee.free)
        let first = try XCTUnwrap(calloc(10, 8))
        let bytes = first.assumingMemoryBound(to: UInt8.self)
        XCTAssertTrue((0..<80).allSatisfy { bytes[$0] == 0 })
        for index in 0..<80 { bytes[index] = UInt8(index) }
        // The newest allocation grows where it is.
        let grown = try XCTUnwrap(realloc(first, 4000))
        XCTAssertEqual(grown, first)
        // Another allocation after it: growing now copies.
        let other = try XCTUnwrap(calloc(1, 24))
        XCTAssertEqual(Int(bitPattern: other) % 16, 0)
        let moved = try XCTUnwrap(realloc(grown, 8000))
        XCTAssertNotEqual(moved, grown)
        XCTAssertTrue((0..<80).allSatisfy { moved.assumingMemoryBound(to: UInt8.self)[$0] == UInt8($0) })
        // Shrinking keeps the start.
        let shrunk = try XCTUnwrap(realloc(moved, 40))
        XCTAssertTrue((0..<40).allSatisfy { shrunk.assumingMemoryBound(to: UInt8.self)[$0] == UInt8($0) })
        // A large allocation (its own block), zeroed; small ones go on after it.
        let large = try XCTUnwrap(calloc(1, 1 << 20)).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(large[0], 0)
        XCTAssertEqual(large[(1 << 20) - 1], 0)
        let after = try XCTUnwrap(calloc(3, 5))
        XCTAssertEqual(Int(bitPattern: after) % 16, 0)
        free(other)
        free(nil)
        XCTAssertTrue(realloc(nil, 16) != nil)
        nb_arena_free(nb_arena_end())
        XCTAssertNil(nb_arena_end(), "the thread has no arena once it ended")
    }

    /// cmark parsing into an arena makes the same document as with its own allocator, however
    /// its buffers grew (long paragraphs, deep lists, many nodes, references): the same HTML.
    func testCmarkParsesIntoAnArenaAsIntoItsOwnMemory() throws {
        let markdown = (0..<300).map { index in
            String(repeating: "word ", count: index * 7) + "*em* **strong** `code` [link](/x) [ref\(index % 5)]\n\n"
                + String(repeating: "  ", count: index % 12) + "- item \(index)\n\n```\n"
                + String(repeating: "code line\n", count: index % 9)
                + "```\n\n> quote \(index)\n\n[ref\(index % 5)]: /target/\(index)\n\n"
        }.joined()
        let bytes = Array(markdown.utf8)
        /// The HTML of `root`; its buffer comes from the document's allocator (libc's for cmark's own).
        func html(_ root: OpaquePointer, ownMemory: Bool) -> String {
            let rendered = cmark_render_html(root, CMARK_OPT_DEFAULT)!
            defer { if ownMemory { free(rendered) } }
            return String(cString: rendered)
        }
        let own = try XCTUnwrap(
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    cmark_parse_document($0.baseAddress, $0.count, CMARK_OPT_DEFAULT)
                }
            })
        defer { cmark_node_free(own) }
        let allocator = try XCTUnwrap(nb_arena_begin(100))
        let parser = cmark_parser_new_with_mem(
            CMARK_OPT_DEFAULT, UnsafeMutableRawPointer(allocator).assumingMemoryBound(to: cmark_mem.self))
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        let inArena = try XCTUnwrap(cmark_parser_finish(parser))
        cmark_parser_free(parser)
        // Rendering allocates with the document's allocator: while its arena is still current.
        let rendered = html(inArena, ownMemory: false)
        nb_arena_free(nb_arena_end())
        XCTAssertEqual(rendered, html(own, ownMemory: true))
    }
}
