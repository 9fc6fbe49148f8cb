import Blog
import ChildProcesses
import Foundation
import TextWidth

/// The image helper (`nakedblog-image`: libvips and libchafa in a C program of its own), run on
/// one picture in a scratch folder: sandboxed where bubblewrap can (only the system's libraries
/// and that folder visible), always under a memory ceiling and a time limit. A hostile picture
/// can then only end the helper.
enum ImageHelper {
    /// The most address space the helper may take (libvips decodes a 100-megapixel picture in
    /// far less: it shrinks JPEGs while loading and streams the rest).
    static let memoryMiB = 1_024

    /// The helper: beside the executable (a build), or in `../lib/nakedblog` (an install).
    static var program: String? {
        let folder = ShippedResources.executableFolder
        return [folder + "/nakedblog-image", StandardPath.folder(of: folder) + "/lib/nakedblog/nakedblog-image"]
            .first { access($0, X_OK) == 0 }
    }

    /// What a run printed (its last line on failure) and the file it wrote.
    struct Run {
        let printed: String
        let output: Data?
    }

    /// Writes `input` as `in.EXT` in a scratch folder, runs the helper with `arguments(inPath,
    /// outPath)` and reads back `out.OUTEXT`. A refusal names what the helper said.
    ///
    /// libvips' loadable modules (HEIF/AVIF, JPEG XL, ImageMagick, PDF, OpenSlide) are loaded only
    /// when `input` or the output needs one (AVIF): JPEG, PNG, WebP and GIF are built in, and the
    /// modules cost ~20 ms of symbol binding a run (and are the largest decoders to expose). Loaders
    /// libvips marks untrusted (ImageMagick, PDF, MATLAB, FITS…) are blocked always.
    ///
    /// `stopper` ends the helper from another thread (Ctrl-C on `image add`): the scratch folder,
    /// which holds a copy of the picture with its metadata, goes on every way out.
    /// `program` is for tests of the confinement (a shell in the helper's place).
    static func run(
        input: Data, inputExtension: String, outputExtension: String, timeout: Double,
        stopper: ProcessStopper = ProcessStopper(), program override: String? = nil,
        arguments: (_ input: String, _ output: String) -> [String]
    ) throws(WorkflowError) -> Run {
        let modules =
            ImageSource.format(of: input).map { $0 == .avif || $0 == .heic } ?? true || outputExtension == "avif"
        guard let program = override ?? program else {
            throw WorkflowError(.unreadable, "the image helper (nakedblog-image) is not installed beside nakedblog")
        }
        let folder = NSTemporaryDirectory() + "nakedblog-image-" + UUID().uuidString
        let inputPath = folder + "/in." + inputExtension, outputPath = folder + "/out." + outputExtension
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try input.write(to: URL(fileURLWithPath: inputPath))
        } catch {
            throw WorkflowError(.unreadable, "cannot prepare the picture: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var environment = [
            "PATH": "/usr/bin:/bin", "VIPS_WARNING": "0", "LC_ALL": "C", "MALLOC_ARENA_MAX": "2",
            "VIPS_BLOCK_UNTRUSTED": "1",
        ]
        // libvips looks for its modules under VIPSHOME: a folder that is not there loads none.
        if !modules { environment["VIPSHOME"] = "/nonexistent" }
        let invocation = BuildSandbox.confined(
            program: program, arguments: arguments(inputPath, outputPath), folder: folder, memoryMiB: memoryMiB,
            environment: environment)
        guard
            let outcome = OwnedProcess.run(
                invocation.program, invocation.arguments, environment: invocation.environment, timeout: timeout,
                stopper: stopper)
        else { throw WorkflowError(.unreadable, "the image helper could not be started") }
        if outcome.stopped { throw WorkflowError(.interrupted, "interrupted: nothing was added") }
        let text = String(decoding: outcome.output, as: UTF8.self)
        guard outcome.status == 0, !outcome.timedOut else {
            let reason =
                outcome.timedOut
                ? "it took more than \(Int(timeout)) s to decode"
                : outcome.status == 128 + SIGKILL || outcome.status == 128 + SIGSEGV || text.contains("memory")
                    ? "decoding it needs more than \(memoryMiB) MiB"
                    // The decoder's words about a hostile file: shown only as visible text.
                    : text.split(separator: "\n").last.map { TerminalText.visible(String($0)) } ?? "it cannot be read"
            throw WorkflowError(.refused, reason)
        }
        return Run(printed: text, output: FileManager.default.contents(atPath: outputPath))
    }

    /// The numbers of the helper's last printed line.
    static func numbers(_ printed: String, count: Int) -> [Int]? {
        let line = printed.split(separator: "\n").last ?? ""
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return numbers.count == count ? numbers : nil
    }
}
