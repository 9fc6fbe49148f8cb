import Blog
import Foundation
import TOMLKit

/// The `[images]` table of the config file: how pictures are fitted, shown and where notes go.
///
/// ```toml
/// [images]
/// max_side = 2000            # pixels on a fitted picture's long side (never enlarged)
/// quality = 82               # JPEG / WebP / AVIF quality (PNG stays lossless)
/// max_megapixels = 100       # a larger picture is refused before it is decoded
/// warn_kb = 1000             # the publish sheet names a picture heavier than this
/// format = "keep"            # "keep", "jpeg", "webp" or "avif": what fitted pictures are written as
/// preview = "auto"           # pictures in the preview: "auto", "kitty", "sixel", "iterm", "symbols", "off"
/// notes_section = "micro"    # the Hugo section short notes go to
/// upload_folder = "/srv/uploads/{author}"  # with --restricted: where an author's pictures may come from
/// ```
public struct ImageSettings: Sendable, Equatable {
    /// What fitted pictures are written as.
    public enum Output: String, Sendable, Equatable, CaseIterable {
        case keep, jpeg, webp, avif
    }

    public var fitting = ImageFitting.Settings()
    public var output = Output.keep
    /// `preview`: "auto" (ask the terminal), a format name, or "off".
    public var preview = "auto"
    public var notesSection = "micro"
    /// With `--restricted`: the folder (with `{author}` replaced by the author's email) pictures
    /// may also come from; nil: from inside the site only.
    public var uploadFolder: String?

    public init() {}

    /// The upload folder of `author` (its email), when one is set.
    public func uploadFolder(author: String?) -> String? {
        guard let uploadFolder else { return nil }
        guard uploadFolder.contains("{author}") else { return uploadFolder }
        guard let author, !author.isEmpty, !author.contains("/"), author != "..", author != "." else { return nil }
        return uploadFolder.replacingOccurrences(of: "{author}", with: author)
    }

    /// The `[images]` settings of the config file; defaults when there is none (or it is broken:
    /// the app and `nakedblog check` say so).
    public static func load(environment: [String: String]) -> ImageSettings {
        let path = PublishSettings.file(environment: environment)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let table = try? TOMLTable(string: text)
        else { return ImageSettings() }
        return (try? parse(table["images"], file: path)) ?? ImageSettings()
    }

    static let keys = [
        "max_side", "quality", "max_megapixels", "warn_kb", "format", "preview", "notes_section", "upload_folder",
    ]

    /// Reads an `[images]` table (nil: the defaults).
    public static func parse(_ images: TOMLValueConvertible?, file: String) throws(PublishSettings.Problem)
        -> ImageSettings
    {
        var settings = ImageSettings()
        guard let images else { return settings }
        guard let table = images.table, let unknown = Optional(table.keys.filter { !keys.contains($0) }),
            unknown.isEmpty
        else {
            throw PublishSettings.Problem(
                description: "\(file): `[images]` takes \(keys.map { "`\($0)`" }.joined(separator: ", ")).")
        }
        func number(_ key: String, _ range: ClosedRange<Int>, example: Int) throws(PublishSettings.Problem) -> Int? {
            guard let value = table[key] else { return nil }
            guard let number = value.int, range.contains(number) else {
                throw PublishSettings.Problem(
                    description:
                        "\(file): `\(key)` must be a whole number from \(range.lowerBound) to \(range.upperBound), e.g. \(key) = \(example)."
                )
            }
            return number
        }
        func word(_ key: String, _ allowed: [String]?) throws(PublishSettings.Problem) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string, allowed?.contains(text) ?? !text.isEmpty else {
                let choices = allowed.map { " one of " + $0.map { "\"\($0)\"" }.joined(separator: ", ") } ?? " a name"
                throw PublishSettings.Problem(description: "\(file): `\(key)` must be\(choices).")
            }
            return text
        }
        if let side = try number("max_side", 16...20_000, example: 2000) { settings.fitting.maxSide = side }
        if let quality = try number("quality", 1...100, example: 82) { settings.fitting.quality = quality }
        if let megapixels = try number("max_megapixels", 1...1_000, example: 100) {
            settings.fitting.maxPixels = megapixels * 1_000_000
        }
        if let kilobytes = try number("warn_kb", 1...1_000_000, example: 1000) {
            settings.fitting.warnBytes = kilobytes * 1_000
        }
        if let output = try word("format", Output.allCases.map(\.rawValue)) {
            settings.output = Output(rawValue: output) ?? .keep
        }
        if let preview = try word("preview", ["auto", "kitty", "sixel", "iterm", "symbols", "off"]) {
            settings.preview = preview
        }
        if let section = try word("notes_section", nil) {
            guard !section.contains(".."), !section.hasPrefix("/") else {
                throw PublishSettings.Problem(
                    description: "\(file): `notes_section` must be a section of the site, e.g. \"micro\".")
            }
            settings.notesSection = section
        }
        if let folder = try word("upload_folder", nil) {
            guard folder.hasPrefix("/") else {
                throw PublishSettings.Problem(description: "\(file): `upload_folder` must be an absolute path.")
            }
            settings.uploadFolder = folder
        }
        return settings
    }
}
