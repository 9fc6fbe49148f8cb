import Foundation
import TOMLKit

/// TOMLKit's tables do not keep key order; this recovers it from the text.
package enum TOMLOrder {
    /// The table's keys in the order they first appear at the root of `text` (bare, quoted and
    /// dotted keys, and `[table]` headers), then any others.
    package static func keys(of table: TOMLTable, in text: String) -> [String] {
        var ordered: [String] = []
        var inRoot = true
        for line in splitKeepingEndings(text) {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("[") {
                inRoot = false
                let name =
                    trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
                    .split(separator: ".").first.map { unquote(String($0)) } ?? ""
                if !ordered.contains(name) { ordered.append(name) }
                continue
            }
            guard inRoot, let key = TOMLSyntax.rootKey(of: line) else { continue }
            if !ordered.contains(key) { ordered.append(key) }
        }
        let present = Set(table.keys)
        return ordered.filter { present.contains($0) } + table.keys.filter { !ordered.contains($0) }
    }

    /// RFC 3339 text for a TOML datetime (local datetimes have no offset).
    package static func text(of value: TOMLDateTime) -> String {
        var text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", value.date.year, value.date.month, value.date.day,
            value.time.hour, value.time.minute, value.time.second)
        if value.time.nanoSecond > 0 {
            var fraction = String(format: "%09d", value.time.nanoSecond)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        if let offset = value.offset?.offset {
            if offset == 0 {
                text += "Z"
            } else {
                let sign = offset < 0 ? "-" : "+"
                text += String(format: "%@%02d:%02d", sign, abs(offset) / 60, abs(offset) % 60)
            }
        }
        return text
    }

    package static func unquote(_ key: String) -> String {
        let trimmed = key.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }
}
