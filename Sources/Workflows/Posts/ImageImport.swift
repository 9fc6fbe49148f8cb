import Blog
import ChildProcesses
import Foundation
import GitOps

/// Adds a picture to a post (Ctrl-R): checked as an image (`ImageSource`: a real image, not a
/// link out of where it may come from, not git-ignored in this repository), written where the
/// post's images go (`ImagePlacement`: its bundle; a Jekyll site's image folder) under a name not
/// taken yet, with the link the post should use.
public enum ImageImport {
    public struct Added: Sendable, Equatable {
        /// The file's name in `folder`.
        public let name: String
        /// What the post links to (`name`, or `/assets/images/name`).
        public let link: String
        /// Site-relative folder it went to.
        public let folder: String
        /// What fitting it did (`ImageFitting`); nil for a picture rewritten, not re-encoded.
        public var fitted: ImageFitting.Report?
        /// For a GIF or SVG (rewritten, not re-encoded): the metadata taken out.
        public var removed: [String] = []

        /// What was done, in a few words (the CLI's last line, the app's toast).
        public var summary: String {
            if let fitted { return fitted.description + ", no metadata" }
            return removed.isEmpty ? "no metadata in it" : "without its " + removed.joined(separator: ", ")
        }
    }

    /// Copies `source` (a path; `~/` is the home folder in `environment`) for `post` of `site`,
    /// fitted by the config file's `[images]` settings. With `restricted`, `source` must be
    /// inside the site or `author`'s upload folder (`[images] upload_folder`).
    public static func add(
        _ source: String, to post: String, site: Site, restricted: Bool,
        environment: [String: String], author: String? = nil, stopper: ProcessStopper = ProcessStopper()
    ) throws(WorkflowError) -> Added {
        let settings = ImageSettings.load(environment: environment)
        // `~/` is the home folder; a relative path is the site's (as Ctrl-R's Tab offers it); the
        // command line makes its arguments absolute from where it was run.
        let expanded =
            source.hasPrefix("~/") ? (environment["HOME"] ?? NSHomeDirectory()) + source.dropFirst(1) : source
        let path = expanded.hasPrefix("/") ? expanded : site.root + "/" + expanded
        let root = site.root
        let repository = try? Repository.discover(from: root)
        let workdir = repository?.workingDirectory.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path + "/" }
        let image: ImageSource.Image
        switch ImageSource.read(
            path, siteRoot: root, restricted: restricted, uploadFolder: settings.uploadFolder(author: author),
            isIgnored: { resolved in
                guard let repository, let workdir, resolved.hasPrefix(workdir) else { return false }
                return repository.isIgnored(String(resolved.dropFirst(workdir.count)))
            })
        {
        case .success(let read): image = read
        case .failure(let refusal): throw WorkflowError(.refused, restricted ? "\(refusal)." : "\(source): \(refusal).")
        }
        let placement: ImagePlacement
        switch ImagePlacement.forPost(post, site: site) {
        case .success(let found): placement = found
        case .failure(let problem): throw WorkflowError(.refused, "\(post): \(problem.problem). \(problem.hint).")
        }
        let folder = root + "/" + placement.folder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try SiteContainment.require(folder, insideSite: root, display: placement.folder)
        } catch {
            throw WorkflowError(.refused, "cannot put images in \(placement.folder): \(error)")
        }
        let slug = Slug.make(
            (path as NSString).lastPathComponent.components(separatedBy: ".").dropLast().joined(separator: "."))
        let base = slug.isEmpty ? "image" : slug
        let named = (path as NSString).pathExtension.lowercased()
        // Private by construction: every picture is re-encoded by the helper without metadata,
        // or (GIF, SVG) rewritten without its metadata blocks; never copied as it is.
        let reencoded = ImageFitting.fits(image.format)
        if reencoded && ImageFitting.helper == nil {
            throw WorkflowError(
                .unreadable,
                "the image helper (nakedblog-image) is not installed beside nakedblog, and a picture is never added with its metadata (GPS, camera, time): install nakedblog with its helper (make install, or the package)"
            )
        }
        // What fitting writes: the format `[images] format` asks for (a PNG stays one unless
        // asked for WebP or AVIF: JPEG would lose its transparency), else the picture's own;
        // a phone's HEIC and a TIFF become JPEG (browsers show neither).
        let output: ImageSource.Format =
            switch (reencoded, settings.output, image.format) {
            case (true, .webp, _): .webp
            case (true, .avif, _): .avif
            case (true, .jpeg, .jpeg), (true, .jpeg, .webp), (true, _, .heic), (true, _, .tiff): .jpeg
            default: image.format
            }
        // The extension says what the bytes are: the file's own when it agrees with them.
        let ext = output.fileExtensions.contains(named) ? named : output.fileExtensions[0]
        let name = UniqueName.first(base + "." + ext, made: { _, number in "\(base)-\(number)." + ext }) {
            FileManager.default.fileExists(atPath: folder + "/" + $0)
        }
        // The bytes that were checked are the bytes fitted or written (never a second read).
        var bytes: Data, fitted: ImageFitting.Report?, removed: [String] = []
        if reencoded {
            let result = try ImageFitting.fit(
                image.bytes, format: image.format, writing: output, settings: settings.fitting, stopper: stopper)
            bytes = result.bytes
            fitted = result.report
        } else {
            removed = PictureMetadata.found(in: image.bytes, format: image.format)
            guard let clean = PictureMetadata.stripped(image.bytes, format: image.format) else {
                throw WorkflowError(
                    .refused, "\(source): its \(image.format.rawValue.uppercased()) structure cannot be read")
            }
            bytes = clean
        }
        // libvips 8.14 keeps EXIF and XMP in WebP whatever `strip` says: its chunks are dropped.
        if output == .webp, let clean = PictureMetadata.stripped(bytes, format: .webp) { bytes = clean }
        try requireNoMetadata(bytes, format: output)
        let target = folder + "/" + name
        do {
            try AtomicFile.write(bytes, to: target, permissions: 0o644)
        } catch {
            throw WorkflowError(.refused, "cannot copy \(source) into \(placement.folder): \(error)")
        }
        // Checked on what was written: the file read back.
        do throws(WorkflowError) {
            try requireNoMetadata(FileManager.default.contents(atPath: target) ?? Data(), format: output)
        } catch {
            try? FileManager.default.removeItem(atPath: target)
            throw error
        }
        return Added(
            name: name, link: placement.link(to: name), folder: placement.folder, fitted: fitted, removed: removed)
    }

    /// Throws unless `bytes` are a picture of `format` carrying no metadata (`PictureMetadata`).
    static func requireNoMetadata(_ bytes: Data, format: ImageSource.Format) throws(WorkflowError) {
        guard ImageSource.format(of: bytes) == format else {
            throw WorkflowError(
                .refused, "the picture made is not the \(format.rawValue.uppercased()) asked for: nothing was added")
        }
        let left = PictureMetadata.found(in: bytes, format: format)
        guard left.isEmpty else {
            throw WorkflowError(
                .refused,
                "the picture made still carries \(left.joined(separator: ", ")): nothing was added (the image library did not remove it)"
            )
        }
    }
}
