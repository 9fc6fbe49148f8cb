/// What `git-receive-pack` says first: its branches and what it can do (protocol v0/v1).
struct ReceivePackAdvertisement: Equatable {
    /// Ref name → hex object id.
    var refs: [String: String] = [:]
    var capabilities: Set<String> = []

    /// Reads the advertisement up to its flush packet.
    static func read(_ reader: inout PktLineReader) throws -> ReceivePackAdvertisement {
        var result = ReceivePackAdvertisement()
        var first = true
        while true {
            guard let packet = try reader.next() else { throw PktLineReader.Failure.truncated }
            guard case .data(var line) = packet else { return result }
            if line.last == 0x0A { line.removeLast() }
            if first, let nul = line.firstIndex(of: 0) {
                result.capabilities = Set(
                    String(decoding: line[(nul + 1)...], as: UTF8.self).split(separator: " ").map(String.init))
                line = Array(line[..<nul])
            }
            first = false
            let text = String(decoding: line, as: UTF8.self)
            guard let space = text.firstIndex(of: " ") else { continue }
            let name = String(text[text.index(after: space)...])
            // An empty repository advertises "capabilities^{}" with a zero id.
            if name != "capabilities^{}" && !name.hasPrefix(".have") { result.refs[name] = String(text[..<space]) }
        }
    }
}

/// What `git-receive-pack` reports after a push (report-status), possibly inside side-band
/// packets: band 1 carries the report, band 2 the remote's messages, band 3 a fatal error.
struct ReceivePackReport: Equatable {
    /// "ok", or why the pack could not be unpacked.
    var unpack: String
    /// Each ref's result: nil refusal means updated.
    var refs: [(ref: String, refusal: String?)]

    var unpackedOK: Bool { unpack == "ok" }

    enum Failure: Error, Equatable {
        case remoteError(String)
        case missingUnpackLine
    }

    static func == (a: ReceivePackReport, b: ReceivePackReport) -> Bool {
        a.unpack == b.unpack && a.refs.map(\.ref) == b.refs.map(\.ref) && a.refs.map(\.refusal) == b.refs.map(\.refusal)
    }

    /// Reads the report; `message` receives the remote's band-2 text as it arrives.
    static func read(_ reader: inout PktLineReader, sideband: Bool, message: (String) -> Void) throws
        -> ReceivePackReport
    {
        var lines: [String] = []
        if sideband {
            var inner: [UInt8] = []
            reading: while let packet = try reader.next() {
                guard case .data(let payload) = packet, let band = payload.first else { break reading }
                let rest = payload.dropFirst()
                switch band {
                case 1: inner += rest
                case 2: message(String(decoding: rest, as: UTF8.self))
                case 3: throw Failure.remoteError(String(decoding: rest, as: UTF8.self))
                default: break
                }
            }
            var chunk: [UInt8]? = inner
            var innerReader = PktLineReader {
                defer { chunk = nil }; return chunk
            }
            while let packet = try innerReader.next(), case .data(let line) = packet { lines.append(text(line)) }
        } else {
            while let packet = try reader.next(), case .data(let line) = packet { lines.append(text(line)) }
        }
        guard let first = lines.first, first.hasPrefix("unpack ") else { throw Failure.missingUnpackLine }
        var report = ReceivePackReport(unpack: String(first.dropFirst("unpack ".count)), refs: [])
        for line in lines.dropFirst() {
            if line.hasPrefix("ok ") {
                report.refs.append((String(line.dropFirst(3)), nil))
            } else if line.hasPrefix("ng ") {
                let rest = line.dropFirst(3)
                let space = rest.firstIndex(of: " ") ?? rest.endIndex
                let reason = rest[space...].drop { $0 == " " }
                report.refs.append((String(rest[..<space]), reason.isEmpty ? "refused" : String(reason)))
            }
        }
        return report
    }

    private static func text(_ line: [UInt8]) -> String {
        var line = line
        if line.last == 0x0A { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
