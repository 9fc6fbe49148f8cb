import Blog
import Foundation

/// A short note: a titleless post named by its date and time, in the site's notes section —
/// Hugo: `content/<section>/` (the section made, with an `_index.md`, if the site has none);
/// Jekyll: a `_posts` entry whose slug is the time. Not a draft: it is meant to go out at once.
public enum NoteCreation {
    /// Writes the note; with `image`, the note is a bundle (Hugo) and the picture is copied in
    /// and shown first. Returns its site-relative path.
    public static func create(
        _ text: String, image: String? = nil, alt: String = "", site: Site, section: String = "micro",
        now: Date = Date(), restricted: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment, author: String? = nil
    ) throws(WorkflowError) -> String {
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty || image != nil else {
            throw WorkflowError(.refused, "a note needs some text or a picture")
        }
        guard !section.isEmpty, !section.contains(".."), !section.hasPrefix("/"), !section.contains("\n") else {
            throw WorkflowError(.refused, "the notes section must be a folder name inside the content folder")
        }
        let stamp = DateFormatter()
        stamp.locale = Locale(identifier: "en_US_POSIX")
        stamp.timeZone = TimeZone.current
        stamp.dateFormat = "yyyy-MM-dd-HHmmss"
        let name = stamp.string(from: now)
        let date = ISO8601DateFormatter.string(from: now, timeZone: .current, formatOptions: [.withInternetDateTime])
        let path: String
        let frontMatter: String
        if site.kind.jekyll != nil {
            path = "_posts/\(name).md"
            let jekyllDate = DateFormatter()
            jekyllDate.locale = Locale(identifier: "en_US_POSIX")
            jekyllDate.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
            frontMatter = "---\ndate: \(jekyllDate.string(from: now))\n---\n"
        } else {
            let folder = site.config.contentDir + "/" + section
            try makeSection(folder, site: site)
            path = image == nil ? "\(folder)/\(name).md" : "\(folder)/\(name)/index.md"
            frontMatter = "---\ndate: \(date)\ndraft: false\n---\n"
        }
        let file = site.absolute(path)
        guard !FileManager.default.fileExists(atPath: file) else {
            throw WorkflowError(.refused, "\(path) is already there (a note a second ago?)")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try SiteContainment.require(file, insideSite: site.root, display: path)
            try AtomicFile.write(Data((frontMatter + body + "\n").utf8), to: file, permissions: 0o644)
        } catch {
            throw WorkflowError(.refused, "cannot write \(path): \(error)")
        }
        guard let image else { return path }
        let added: ImageImport.Added
        do throws(WorkflowError) {
            added = try ImageImport.add(
                image, to: path, site: site, restricted: restricted, environment: environment, author: author)
        } catch {
            try? FileManager.default.removeItem(atPath: file)
            throw error
        }
        let picture = "![\(alt.replacingOccurrences(of: "]", with: ""))](\(added.link))\n"
        do {
            try AtomicFile.write(
                Data((frontMatter + picture + (body.isEmpty ? "" : "\n" + body + "\n")).utf8), to: file,
                permissions: 0o644)
        } catch {
            throw WorkflowError(.refused, "cannot write \(path): \(error)")
        }
        return path
    }

    /// The notes section of a Hugo site, made with an `_index.md` when it is not there.
    static func makeSection(_ folder: String, site: Site) throws(WorkflowError) {
        let index = site.absolute(folder + "/_index.md")
        guard !FileManager.default.fileExists(atPath: site.absolute(folder)) else { return }
        do {
            try FileManager.default.createDirectory(atPath: site.absolute(folder), withIntermediateDirectories: true)
            try SiteContainment.require(site.absolute(folder), insideSite: site.root, display: folder)
            try AtomicFile.write(Data("---\ntitle: Notes\n---\n".utf8), to: index, permissions: 0o644)
        } catch {
            throw WorkflowError(.refused, "cannot make the notes section \(folder): \(error)")
        }
    }
}

extension NoteCreation {
    /// A note's commit subject: `Note: ` and its first eight words (split on any white space,
    /// line breaks included), else the picture's file name.
    public static func subject(_ text: String, image: String? = nil) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).prefix(8).joined(separator: " ")
        return "Note: " + (words.isEmpty ? (image.map { ($0 as NSString).lastPathComponent } ?? "") : words)
    }
}
