import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// The parts of the thin push that need no server: pkt-lines, deltas, packs (checked by the
/// real `git index-pack`), and the receive-pack conversation's parsing.
final class ThinPackTests: XCTestCase {
    // MARK: pkt-lines

    /// A reader over `chunks`, delivered one at a time.
    private func reader(_ chunks: [[UInt8]]) -> PktLineReader {
        var remaining = chunks
        return PktLineReader { remaining.isEmpty ? nil : remaining.removeFirst() }
    }

    func testPacketsRoundTripAcrossAnyChunking() throws {
        let stream =
            PktLine.encode("hello\n") + PktLine.flush + PktLine.encode([0, 1, 2])
            + PktLine.encode(String(repeating: "x", count: 1000))
        XCTAssertEqual(Array(stream.prefix(10)), Array("000ahello\n".utf8))
        for size in [1, 3, 4, 7, 4096] {
            var packets: [Packet] = []
            var reader = reader(
                stride(from: 0, to: stream.count, by: size).map { Array(stream[$0..<min($0 + size, stream.count)]) })
            while let packet = try reader.next() { packets.append(packet) }
            XCTAssertEqual(
                packets,
                [
                    .data(Array("hello\n".utf8)), .flush, .data([0, 1, 2]),
                    .data(Array(repeating: UInt8(ascii: "x"), count: 1000)),
                ],
                "chunks of \(size)")
        }
    }

    func testTruncatedAndMalformedPacketsAreErrors() {
        var cut = reader([Array("000ahel".utf8)])
        XCTAssertThrowsError(try cut.next()) { XCTAssertEqual($0 as? PktLineReader.Failure, .truncated) }
        var bad = reader([Array("zz12hello".utf8)])
        XCTAssertThrowsError(try bad.next()) { XCTAssertEqual($0 as? PktLineReader.Failure, .malformed("zz12")) }
        var short = reader([Array("0003".utf8)])
        XCTAssertThrowsError(try short.next())
        var empty = reader([])
        XCTAssertNil(try empty.next(), "a stream that ends between packets ends cleanly")
    }

    // MARK: deltas

    private func delta(_ base: [UInt8], _ target: [UInt8]) -> [UInt8] {
        base.withUnsafeBytes { b in target.withUnsafeBytes { t in GitDelta.prefixSuffix(base: b, target: t) } }
    }

    func testPrefixSuffixDeltasRebuildTheTarget() {
        var random = SeededRandom(seed: 11)
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        let big = bytes(300_000)  // copies longer than one instruction's 64 KiB
        var cases: [([UInt8], [UInt8])] = [
            ([], []), ([], bytes(5)), (bytes(5), []), (big, big), (big, big + bytes(10)),
            (big, bytes(10) + big), (bytes(1000), bytes(1000)),
            (big, Array(big[..<150_000]) + bytes(500) + Array(big[150_003...])),
        ]
        for _ in 0..<200 {
            let base = bytes(Int(random.next() % 2000))
            var target = base
            let at = target.isEmpty ? 0 : Int(random.next() % UInt64(target.count))
            let removed = min(target.count - at, Int(random.next() % 50))
            target.replaceSubrange(at..<(at + removed), with: bytes(Int(random.next() % 300)))
            cases.append((base, target))
        }
        for (base, target) in cases {
            XCTAssertEqual(
                GitDelta.apply(delta(base, target), to: base), target, "\(base.count) → \(target.count) bytes")
        }
        let edit = delta(big, Array(big[..<150_000]) + [1, 2, 3] + Array(big[150_000...]))
        XCTAssertLessThan(edit.count, 64, "a small edit of a big object is a small delta")
    }

    // MARK: packs

    func testAThinPackIsCompletedAndReadByGit() throws {
        let directory = try TemporaryDirectory(prefix: "nb-thin-pack")
        defer { directory.remove() }
        let repo = directory.path
        try Shell.check(["git", "init", "-q", repo])
        let baseText = Array((0..<400).map { "line \($0) of the post\n" }.joined().utf8)
        var target = baseText
        target.insert(contentsOf: Array("a new paragraph\n".utf8), at: 2000)
        let whole = Array("a new image, say\n".utf8)
        let baseID = try Shell.check(["git", "hash-object", "-w", "--stdin"], in: repo, input: Data(baseText))
        let targetID = try Shell.check(["git", "hash-object", "--stdin"], in: repo, input: Data(target))
        let wholeID = try Shell.check(["git", "hash-object", "--stdin"], in: repo, input: Data(whole))

        var writer = PackWriter()
        writer.addDelta(base: try XCTUnwrap(hexBytes(baseID)), delta: delta(baseText, target))
        whole.withUnsafeBytes { writer.add(.blob, data: $0) }
        let pack = writer.finish()
        XCTAssertLessThan(pack.count, 200, "the delta is sent, not the post")
        // The base is not in the pack: index-pack must complete it from the repository, as
        // receive-pack does with a pushed thin pack.
        try Shell.check(["git", "index-pack", "--stdin", "--fix-thin"], in: repo, input: Data(pack))
        XCTAssertEqual(
            try Shell.check(["git", "cat-file", "blob", targetID], in: repo) + "\n",
            String(decoding: target, as: UTF8.self))
        XCTAssertEqual(
            try Shell.check(["git", "cat-file", "blob", wholeID], in: repo) + "\n",
            String(decoding: whole, as: UTF8.self))
        try Shell.check(["git", "fsck", "--no-progress"], in: repo)

        var corrupt = pack
        corrupt[corrupt.count - 1] ^= 1
        XCTAssertFalse(
            try Shell.run(["git", "index-pack", "--stdin", "--fix-thin"], in: repo, input: Data(corrupt)).succeeded,
            "git checks the pack's SHA-1 (so the test above proves ours is right)")
    }

    private func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 40 else { return nil }
        return stride(from: 0, to: 40, by: 2).compactMap {
            UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16)
        }
    }

    // MARK: the conversation

    func testTheAdvertisementGivesRefsAndCapabilities() throws {
        let zero = String(repeating: "0", count: 40), a = String(repeating: "a", count: 40),
            b = String(repeating: "b", count: 40)
        var stream = reader([
            PktLine.encode(
                Array("\(a) refs/heads/main".utf8) + [0] + Array("report-status side-band-64k ofs-delta\n".utf8))
                + PktLine.encode("\(b) refs/tags/v1\n") + PktLine.encode("\(b) .have\n") + PktLine.flush
        ])
        let advertised = try ReceivePackAdvertisement.read(&stream)
        XCTAssertEqual(advertised.refs, ["refs/heads/main": a, "refs/tags/v1": b])
        XCTAssertEqual(advertised.capabilities, ["report-status", "side-band-64k", "ofs-delta"])

        var empty = reader([
            PktLine.encode(Array("\(zero) capabilities^{}".utf8) + [0] + Array("report-status\n".utf8)) + PktLine.flush
        ])
        XCTAssertEqual(try ReceivePackAdvertisement.read(&empty).refs, [:], "an empty repository has no branches")
        var cut = reader([PktLine.encode("\(a) refs/heads/main\n")])
        XCTAssertThrowsError(try ReceivePackAdvertisement.read(&cut), "no flush: the connection ended")
    }

    func testTheReportIsReadFromSidebandWithTheRemotesMessages() throws {
        let inner =
            PktLine.encode("unpack ok\n") + PktLine.encode("ng refs/heads/main pre-receive hook declined\n")
            + PktLine.flush
        var stream = reader([
            PktLine.encode([2] + Array("Publishing is frozen\n".utf8)), PktLine.encode([1] + inner), PktLine.flush,
        ])
        var messages: [String] = []
        let report = try ReceivePackReport.read(&stream, sideband: true) { messages.append($0) }
        XCTAssertEqual(
            report, ReceivePackReport(unpack: "ok", refs: [("refs/heads/main", "pre-receive hook declined")]))
        XCTAssertEqual(messages, ["Publishing is frozen\n"])

        var plain = reader([PktLine.encode("unpack ok\n") + PktLine.encode("ok refs/heads/main\n") + PktLine.flush])
        XCTAssertEqual(
            try ReceivePackReport.read(&plain, sideband: false) { _ in },
            ReceivePackReport(unpack: "ok", refs: [("refs/heads/main", nil)]))

        var fatal = reader([PktLine.encode([3] + Array("disk full".utf8))])
        XCTAssertThrowsError(try ReceivePackReport.read(&fatal, sideband: true) { _ in }) {
            XCTAssertEqual($0 as? ReceivePackReport.Failure, .remoteError("disk full"))
        }
        var nothing = reader([PktLine.flush])
        XCTAssertThrowsError(try ReceivePackReport.read(&nothing, sideband: false) { _ in })
    }
}
