import Blog
import Foundation

/// Pictures made fit to publish by the image helper (`nakedblog-image`, libvips in a process of
/// its own): turned upright, stripped of their metadata (EXIF, GPS, XMP, IPTC; colours converted
/// to sRGB), at most `maxSide` pixels on the long side (never enlarged), JPEG at `quality`, PNG
/// lossless. A picture of more than `maxPixels` is refused before it is decoded.
public enum ImageFitting {
    public struct Settings: Sendable, Equatable {
        public var maxSide = 2_000
        public var quality = 82
        public var maxPixels = 100_000_000
        /// Larger than this after fitting: a warning on the publish sheet.
        public var warnBytes = 1_000_000
        public init() {}
    }

    /// What fitting did: sizes and dimensions before and after.
    public struct Report: Sendable, Equatable, CustomStringConvertible {
        public let before: (width: Int, height: Int, bytes: Int)
        public let after: (width: Int, height: Int, bytes: Int)

        public static func == (a: Report, b: Report) -> Bool {
            a.before == b.before && a.after == b.after
        }

        public var description: String {
            func size(_ bytes: Int) -> String {
                ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
            }
            return
                "\(before.width)×\(before.height), \(size(before.bytes)) → \(after.width)×\(after.height), \(size(after.bytes))"
        }
    }

    /// The helper: beside the executable (a build), or in `../lib/nakedblog` (an install).
    public static var helper: String? {
        let folder = ShippedResources.executableFolder
        return [folder + "/nakedblog-image", StandardPath.folder(of: folder) + "/lib/nakedblog/nakedblog-image"]
            .first { access($0, X_OK) == 0 }
    }

    /// Formats the helper rewrites (others — GIF, SVG, AVIF — are copied as they are).
    public static func fits(_ format: ImageSource.Format) -> Bool { [.jpeg, .png, .webp].contains(format) }

    /// Fits `bytes` (a picture of `format`) and returns the new bytes and what changed.
    public static func fit(
        _ bytes: Data, format: ImageSource.Format, settings: Settings = Settings()
    ) throws(WorkflowError) -> (bytes: Data, report: Report) {
        guard let helper else {
            throw WorkflowError(.unreadable, "the image helper (nakedblog-image) is not installed beside nakedblog")
        }
        let folder = NSTemporaryDirectory() + "nakedblog-image-" + UUID().uuidString
        let ext = format.fileExtensions[0]
        let input = folder + "/in." + ext, output = folder + "/out." + ext
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try bytes.write(to: URL(fileURLWithPath: input))
        } catch {
            throw WorkflowError(.unreadable, "cannot prepare the picture: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard
            let outcome = OwnedProcess.run(
                helper,
                ["fit", input, output, "\(settings.maxSide)", "\(settings.quality)", "\(settings.maxPixels)"],
                environment: ["PATH": "/usr/bin:/bin", "VIPS_WARNING": "0", "LC_ALL": "C"], timeout: 60)
        else { throw WorkflowError(.unreadable, "the image helper could not be started") }
        let text = String(decoding: outcome.output, as: UTF8.self)
        guard outcome.status == 0, !outcome.timedOut else {
            let reason =
                outcome.timedOut
                ? "it took more than 60 s to decode"
                : text.split(separator: "\n").last.map(String.init) ?? "it cannot be read"
            throw WorkflowError(.refused, "not a picture that can be published: \(reason)")
        }
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }.suffix(4)
        guard numbers.count == 4, let fitted = FileManager.default.contents(atPath: output) else {
            throw WorkflowError(.unreadable, "the image helper gave no picture")
        }
        let n = Array(numbers)
        return (
            fitted,
            Report(before: (n[0], n[1], bytes.count), after: (n[2], n[3], fitted.count))
        )
    }
}
