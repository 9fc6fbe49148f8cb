import Foundation
import Harness
import XCTest

/// `hugo list all` as the reference for what Hugo thinks a site's pages are.
public struct HugoListing {
    public struct Row {
        public let path: String
        public let slug: String
        public let title: String
        public let date: String
        public let expiryDate: String
        public let publishDate: String
        public let draft: Bool
        /// The permalink without scheme and host ("" when hugo prints none).
        public let url: String
    }

    public let rows: [Row]

    /// `http://host/a/b/` → `/a/b/`.
    public static func path(ofPermalink permalink: String) -> String {
        guard let scheme = permalink.range(of: "://") else { return permalink }
        let rest = permalink[scheme.upperBound...]
        return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }

    /// Runs `hugo` (`list all`) in `site` (a copy: hugo writes a lock file). Columns are read by
    /// name: Hugo 0.131 and later add `kind` and `section` and list sections and the home page
    /// too (only pages are kept).
    public init(site: String, hugo: String = "hugo", timeout: Double = 60) throws {
        let output = try Shell.check([hugo, "list", "all", "--source", site], timeout: timeout)
        let records = CSV.parse(output)
        let header = records.first ?? []
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        let kind = column("kind")
        rows = records.dropFirst().filter { record in kind.map { $0 < record.count && record[$0] == "page" } ?? true }
            .map { record in
                func field(_ name: String) -> String {
                    column(name).flatMap { $0 < record.count ? record[$0] : nil } ?? ""
                }
                return Row(
                    path: field("path"), slug: field("slug"), title: field("title"), date: field("date"),
                    expiryDate: field("expiryDate"),
                    publishDate: field("publishDate"), draft: field("draft") == "true",
                    url: Self.path(ofPermalink: field("permalink")))
            }
    }
}

/// A minimal RFC 4180 reader (hugo quotes fields with commas and quotes).
public enum CSV {
    public static func parse(_ text: String) -> [[String]] {
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
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
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
