import Foundation
import XCTest
import TestSupport

/// `hugo list all` as the reference for what Hugo thinks a site's pages are.
struct HugoListing {
    struct Row {
        let path: String
        let slug: String
        let title: String
        let date: String
        let expiryDate: String
        let publishDate: String
        let draft: Bool
        /// The permalink without scheme and host ("" when hugo prints none).
        let url: String
    }

    let rows: [Row]

    /// `http://host/a/b/` → `/a/b/`.
    static func path(ofPermalink permalink: String) -> String {
        guard let scheme = permalink.range(of: "://") else { return permalink }
        let rest = permalink[scheme.upperBound...]
        return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }

    /// Runs `hugo list all` in `site` (a copy: hugo writes a lock file).
    init(site: String) throws {
        let output = try Shell.check(["hugo", "list", "all", "--source", site], timeout: 60)
        let records = CSV.parse(output)
        rows = records.dropFirst().map {
            Row(path: $0[0], slug: $0[1], title: $0[2], date: $0[3], expiryDate: $0[4], publishDate: $0[5], draft: $0[6] == "true",
                url: Self.path(ofPermalink: $0.count > 7 ? $0[7] : ""))
        }
    }
}

/// A minimal RFC 4180 reader (hugo quotes fields with commas and quotes).
enum CSV {
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character? = nil
        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                record.append(field); field = ""
            } else if c == "\n" {
                record.append(field); field = ""
                records.append(record); record = []
            } else if c != "\r" {
                field.append(c)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}
