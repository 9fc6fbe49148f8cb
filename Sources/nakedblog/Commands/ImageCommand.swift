import ArgumentParser
import Blog
import ChildProcesses
import Foundation
import Workflows

/// `nakedblog image add POST FILE [--alt TEXT]`: a picture fit to publish, put where the post's
/// pictures go; prints the markdown to put in the post (the post itself is not changed).
struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image", abstract: "Add pictures to posts, fit to publish.", subcommands: [Add.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Put a picture in a post's bundle (a Jekyll site's image folder), fit to publish.",
            discussion: """
                The picture is turned upright, stripped of its metadata (EXIF, GPS, XMP, IPTC; colours \
                converted to sRGB), made at most 2000 px on its long side (never enlarged) and saved as \
                JPEG at quality 82 or lossless PNG ([images] format may ask for WebP or AVIF), by the \
                image helper (libvips). A phone's HEIC/HEIF and a TIFF become JPEG. A GIF (its \
                animation kept) or an SVG is rewritten without its metadata blocks. The file written \
                is read back, and a picture that still carries metadata is never placed. A file that \
                is not a picture, is damaged, or has more than 100 megapixels is refused, and so is \
                every picture when the image helper is not installed; nothing is written then. \
                Prints the markdown image to put in the post, then what was done.
                """)

        @Argument(help: "The post (its file or bundle folder).")
        var post: String

        @Argument(help: "The picture.")
        var file: String

        @Option(help: "What the picture shows, for readers who cannot see it.")
        var alt: String = ""

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let (site, path) = try HistoryTarget.resolve(post)
            let added: ImageImport.Added
            // Ctrl-C, SIGTERM or SIGHUP stops the helper; its scratch copy (the picture with its
            // metadata) is removed on the way out, and nothing is added (exit 130).
            let stopper = ProcessStopper()
            let signals = SignalCancellation { stopper.stop() }
            defer { signals.stop() }
            do throws(WorkflowError) {
                added = try ImageImport.add(
                    ArgumentPath.absolute(file), to: path, site: site, restricted: false,
                    environment: ProcessInfo.processInfo.environment,
                    stopper: stopper)
            } catch {
                if error.kind == .interrupted || stopper.isStopped {
                    throw UserFacingError("interrupted: nothing was added", exitCode: ExitCodes.interrupted)
                }
                throw UserFacingError("cannot add \(file): \(error.description)")
            }
            FileHandleOutput.standardOutput.write("![\(alt.replacingOccurrences(of: "]", with: ""))](\(added.link))\n")
            FileHandleOutput.standardError.write(
                "nakedblog: \(added.folder)/\(added.name): \(added.summary)\n")
        }
    }
}
