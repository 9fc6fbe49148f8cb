import Foundation

/// The rule for a file Ctrl-R may add to a post: an image (by its first bytes, not its name),
/// a regular file, read through its resolved path; on a shared server only from inside the
/// site. Never a file under `.git/` or one git ignores (the caller asks git: `isIgnored`).
public enum ImageSource {
    /// Image formats recognised by their first bytes.
    public enum Format: String, Sendable, Equatable {
        case png, jpeg, gif, webp, avif, svg
        /// A phone's photo (HEIC/HEIF) and TIFF: read, never published as they are (made JPEG).
        case heic, tiff

        /// File name extensions for the format, the usual one first.
        public var fileExtensions: [String] {
            switch self {
            case .jpeg: ["jpg", "jpeg"]
            case .heic: ["heic", "heif", "hif"]
            case .tiff: ["tif", "tiff"]
            default: [rawValue]
            }
        }

        /// Whether browsers show it: a site publishes only these (HEIC and TIFF are converted).
        public var isPublishable: Bool { self != .heic && self != .tiff }
    }

    /// Why a file is refused (in restricted mode only `insideSiteOnly`'s one message is shown,
    /// so nothing is told about what exists outside the site).
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case missing, folder, notAnImage, inGitFolder, ignored, unreadable
        /// A picture, of a format not read here (named: "JPEG XL", "BMP"…).
        case unsupported(String)
        /// The one message restricted mode gives for every refusal.
        case insideSiteOnly

        public var description: String {
            switch self {
            case .missing: "no such file; give the path of an image file (~ works)"
            case .folder: "it is a folder; give the path of an image file"
            case .notAnImage:
                "it is not an image (JPEG, PNG, GIF, WebP, AVIF, HEIC/HEIF, TIFF or SVG, told by its first bytes)"
            case .inGitFolder: "it is inside .git, which holds the repository's own data, never a post's"
            case .ignored: "git ignores it (a .gitignore names it), so it would never be published"
            case .unreadable: "it cannot be read"
            case .unsupported(let name):
                "it is a \(name) picture, which is not read here: export it as JPEG (or PNG) and add that"
            case .insideSiteOnly: "not an image inside the site"
            }
        }
    }

    /// An image ready to be copied: its bytes as read (checked, never read twice) and format.
    public struct Image: Sendable {
        public var resolvedPath: String
        public var bytes: Data
        public var format: Format
    }

    /// The format of `bytes`, or nil when they do not start like an image.
    public static func format(of bytes: Data) -> Format? {
        let head = [UInt8](bytes.prefix(512))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4) && (starts(Array("avif".utf8), at: 8) || starts(Array("avis".utf8), at: 8))
        {
            return .avif
        }
        // A generic HEIF brand (`mif1`) names AVIF among its compatible brands when it is one.
        if starts(Array("ftyp".utf8), at: 4), head.count >= 16 {
            let size = min(head.count, Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3]))
            if stride(from: 16, to: size - 3, by: 4).contains(where: {
                starts(Array("avif".utf8), at: $0) || starts(Array("avis".utf8), at: $0)
            }) {
                return .avif
            }
        }
        // HEIF: iPhones write `heic`, others `mif1`, `heix`, `hevc`… (the major brand).
        if starts(Array("ftyp".utf8), at: 4),
            ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"].contains(where: {
                starts(Array($0.utf8), at: 8)
            })
        {
            return .heic
        }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        // SVG: XML text whose first element is <svg (after a declaration, comments, a doctype).
        if let text = String(bytes: head, encoding: .utf8)
            ?? String(bytes: head.prefix(while: { $0 < 0x80 }), encoding: .ascii)
        {
            var rest = Substring(text).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
            while rest.hasPrefix("<?") || rest.hasPrefix("<!--") || rest.hasPrefix("<!") {
                let end =
                    rest.hasPrefix("<!--")
                    ? rest.range(of: "-->")?.upperBound : rest.firstIndex(of: ">").map { rest.index(after: $0) }
                guard let end else { return nil }
                rest = rest[end...].drop { $0.isWhitespace }
            }
            if rest.hasPrefix("<svg") { return .svg }
        }
        return nil
    }

    /// Reads `path` (already `~`-expanded) as an image to add to a post of the site at
    /// `siteRoot`. `restricted`: only from inside the site, and every refusal is the same.
    public static func read(
        _ path: String, siteRoot: String, restricted: Bool, uploadFolder: String? = nil,
        isIgnored: (String) -> Bool = { _ in false }
    ) -> Result<Image, Refusal> {
        let result = check(
            path, siteRoot: siteRoot, restricted: restricted, uploadFolder: uploadFolder, isIgnored: isIgnored)
        if restricted, case .failure = result { return .failure(.insideSiteOnly) }
        return result
    }

    private static func check(
        _ path: String, siteRoot: String, restricted: Bool, uploadFolder: String?, isIgnored: (String) -> Bool
    ) -> Result<Image, Refusal> {
        guard
            let resolved = realpath(path, nil).map({ pointer in
                defer { free(pointer) }; return String(cString: pointer)
            })
        else {
            return .failure(.missing)
        }
        let root =
            realpath(siteRoot, nil).map { pointer in
                defer { free(pointer) }; return String(cString: pointer)
            } ?? siteRoot
        // Restricted: the site, or the author's own upload folder (resolved too: a link in it
        // to elsewhere leads elsewhere).
        let uploads = uploadFolder.flatMap { folder in
            realpath(folder, nil).map { pointer in
                defer { free(pointer) }; return String(cString: pointer)
            }
        }
        if restricted && !resolved.hasPrefix(root + "/") && !(uploads.map { resolved.hasPrefix($0 + "/") } ?? false) {
            return .failure(.insideSiteOnly)
        }
        if resolved.split(separator: "/").contains(".git") { return .failure(.inGitFolder) }
        if isIgnored(resolved) { return .failure(.ignored) }
        // Opened without following a link (the path is resolved already), then checked as opened.
        let descriptor = open(resolved, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .missing : .unreadable) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable) }
        if info.st_mode & S_IFMT == S_IFDIR { return .failure(.folder) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAnImage) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        guard let bytes = try? handle.readToEnd() ?? Data() else { return .failure(.unreadable) }
        guard let format = format(of: bytes) else {
            return .failure(unsupportedName(of: bytes).map(Refusal.unsupported) ?? .notAnImage)
        }
        return .success(Image(resolvedPath: resolved, bytes: bytes, format: format))
    }

    /// The name of a picture format that is not read here, told by its first bytes, or nil.
    public static func unsupportedName(of bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(32))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C] + Array("JXL ".utf8)) { return "JPEG XL" }
        if starts(Array("ftyp".utf8), at: 4) && starts(Array("crx ".utf8), at: 8) { return "Canon raw (CR3)" }
        if starts(Array("BM".utf8)) && head.count >= 14 { return "BMP" }
        if starts([0, 0, 1, 0]) { return "ICO" }
        if starts(Array("8BPS".utf8)) { return "Photoshop (PSD)" }
        if starts(Array("%PDF".utf8)) { return "PDF" }
        if starts(Array("FUJIFILMCCD-RAW".utf8)) { return "Fujifilm raw (RAF)" }
        return nil
    }
}
