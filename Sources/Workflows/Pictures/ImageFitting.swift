import Blog
import ChildProcesses
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

    /// The helper, when installed (`ImageHelper`).
    public static var helper: String? { ImageHelper.program }

    /// Formats the helper re-encodes (GIF and SVG are rewritten without their metadata blocks
    /// instead: an animation and a drawing stay what they are).
    public static func fits(_ format: ImageSource.Format) -> Bool { format != .gif && format != .svg }

    /// Fits `bytes` (a picture of `format`), written as `output` (the same format when nil),
    /// and returns the new bytes and what changed.
    public static func fit(
        _ bytes: Data, format: ImageSource.Format, writing output: ImageSource.Format? = nil,
        settings: Settings = Settings(), stopper: ProcessStopper = ProcessStopper()
    ) throws(WorkflowError) -> (bytes: Data, report: Report) {
        let ext = format.fileExtensions[0], outputExtension = (output ?? format).fileExtensions[0]
        let run: ImageHelper.Run
        do {
            run = try ImageHelper.run(
                input: bytes, inputExtension: ext, outputExtension: outputExtension, timeout: 60, stopper: stopper
            ) {
                ["fit", $0, $1, "\(settings.maxSide)", "\(settings.quality)", "\(settings.maxPixels)"]
            }
        } catch {
            guard error.kind == .refused else { throw error }
            // libheif without an AV1 encoder (Debian 13 ships it apart): the server's lack, not the picture's.
            if outputExtension == "avif", error.description.contains("heifsave") {
                throw WorkflowError(
                    .unreadable,
                    "this server cannot write AVIF (libheif has no AV1 encoder: install libheif-plugin-aomenc), or set [images] format = \"webp\""
                )
            }
            // A phone's photo where libheif has no HEVC decoder (Debian 13 ships it apart).
            if format == .heic, error.description.lowercased().contains("heif") {
                throw WorkflowError(
                    .unreadable,
                    "this server cannot read HEIC photos (\(error.description)): install libheif-plugin-libde265, or export the photo as JPEG"
                )
            }
            throw WorkflowError(.refused, "not a picture that can be published: \(error.description)")
        }
        guard let n = ImageHelper.numbers(run.printed, count: 4), let fitted = run.output else {
            throw WorkflowError(.unreadable, "the image helper gave no picture")
        }
        return (fitted, Report(before: (n[0], n[1], bytes.count), after: (n[2], n[3], fitted.count)))
    }
}
