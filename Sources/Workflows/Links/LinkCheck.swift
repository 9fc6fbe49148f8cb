import Blog
import Foundation
import FrontMatter
import Preview

/// A link in a post that leads nowhere on the built site, with where it is written and the
/// nearest target that exists.
public struct LinkProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// A page that does not exist (site-absolute, relative, `ref`/`relref`, `post_url`, `link`).
        case page
        case image
        /// A `#fragment` no heading of the target produces.
        case anchor
        /// A page that exists but is a draft: not on the site.
        case draft
        /// An external link that did not answer (`--external` only).
        case external
    }

    /// Site-relative.
    public let path: String
    /// 1-based.
    public let line: Int
    public let column: Int
    public let link: String
    public let kind: Kind
    public let suggestion: String?

    public var description: String {
        let what: String
        switch kind {
        case .page: what = "no page at"
        case .image: what = "no image at"
        case .anchor: what = "no heading makes the anchor of"
        case .draft: what = "a draft (not on the site):"
        case .external: what = "does not answer:"
        }
        return "\(path):\(line):\(column): \(what) \(link)" + (suggestion.map { " (did you mean \($0)?)" } ?? "")
    }
}

/// Checks the internal links of posts: pages, images and anchors, as the site's generator
/// resolves them (Hugo: URLs, bundles, `static/`, `ref`/`relref`; Jekyll: URLs, site files,
/// `post_url`, `link`), anchors by each generator's heading-ID rule (`HeadingID`).
public struct LinkCheck: Sendable {
    let site: Site
    let targets: LinkTargets

    /// A check of `site`, whose posts are `index`'s.
    public init(site: Site, index: PostIndex) {
        self.site = site
        targets = LinkTargets(site: site, index: index)
    }

    /// The problems in the posts at `paths` and the pages under `folders` (site-relative; "" is
    /// the whole site; all pages when `paths` is nil), in path and line order. Sections' `_index`
    /// pages are checked with the folders they are in (their text is the writer's too).
    public func run(_ paths: [String]? = nil, folders: [String] = []) -> [LinkProblem] {
        let wanted = paths.map(Set.init)
        let problems = PageFiles.each(in: site, sections: paths == nil || !folders.isEmpty) {
            path, bytes -> [LinkProblem]? in
            guard
                wanted?.contains(path) ?? true
                    || folders.contains(where: { $0.isEmpty || path.hasPrefix($0 + "/") })
            else { return nil }
            let found = check(path, text: String(decoding: bytes, as: UTF8.self))
            return found.isEmpty ? nil : found
        }
        return problems.flatMap { $0 }.sorted { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
    }

    /// The problems in one post's text.
    public func check(_ path: String, text: String) -> [LinkProblem] {
        let skip = FrontMatterLines.count(in: text)
        var problems: [LinkProblem] = []
        let page = targets.pages[path] ?? targets.sectionPage(path)
        for link in MarkdownLinks.links(in: text, skippingLines: skip) {
            if let problem = resolve(link.destination, isImage: link.isImage, from: path, page: page) {
                problems.append(problem.at(path, line: link.line + 1, column: link.column + 1))
            }
        }
        for reference in GeneratorReferences.find(in: text, skippingLines: skip, jekyll: site.kind.jekyll != nil) {
            if let problem = resolveReference(reference, from: path) {
                problems.append(problem.at(path, line: reference.line + 1, column: reference.column + 1))
            }
        }
        return problems
    }

    /// A problem not yet placed in a file.
    struct Unplaced {
        let link: String
        let kind: LinkProblem.Kind
        let suggestion: String?

        func at(_ path: String, line: Int, column: Int) -> LinkProblem {
            LinkProblem(path: path, line: line, column: column, link: link, kind: kind, suggestion: suggestion)
        }
    }

    /// Why `destination` (a markdown link of the post at `path`) leads nowhere, or nil.
    func resolve(_ destination: String, isImage: Bool, from path: String, page: LinkTargets.Page?) -> Unplaced? {
        let trimmed = destination.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !LinkTargets.isExternal(trimmed), !trimmed.contains("{{"), !trimmed.contains("{%")
        else { return nil }
        var (address, fragment) = LinkTargets.split(trimmed)
        if address.isEmpty {
            // `#anchor`: this page's own headings.
            guard let fragment, let page else { return nil }
            return anchorProblem(fragment, in: page.file, link: trimmed)
        }
        address = address.removingPercentEncoding ?? address
        let resolved: LinkTargets.Resolution
        if address.hasPrefix("/") {
            resolved = targets.absolute(address)
        } else {
            resolved = targets.relative(address, from: path, page: page)
        }
        switch resolved {
        case .page(let file, let draft):
            if draft { return Unplaced(link: trimmed, kind: .draft, suggestion: nil) }
            if let fragment { return anchorProblem(fragment, in: file, link: trimmed) }
            return nil
        case .file:
            return nil
        case .missing(let wanted):
            return Unplaced(
                link: trimmed, kind: isImage ? .image : .page,
                suggestion: targets.nearest(to: wanted, images: isImage))
        case .unknown:
            return nil
        }
    }

    func anchorProblem(_ fragment: String, in file: String, link: String) -> Unplaced? {
        let ids = targets.anchors(of: file)
        guard !ids.contains(fragment), !ids.isEmpty || !fragment.isEmpty else { return nil }
        let near = NearestPool.find(fragment, among: ids)
        return Unplaced(link: link, kind: .anchor, suggestion: near.map { "#" + $0 })
    }

    func resolveReference(_ reference: GeneratorReferences.Reference, from path: String) -> Unplaced? {
        let (target, fragment) = LinkTargets.split(reference.target)
        switch reference.kind {
        case .ref:
            guard let file = targets.ref(target, from: path) else {
                return Unplaced(
                    link: reference.written, kind: .page, suggestion: targets.nearestFile(to: target))
            }
            if targets.pages[file]?.draft == true {
                return Unplaced(link: reference.written, kind: .draft, suggestion: nil)
            }
            return fragment.flatMap { anchorProblem($0, in: file, link: reference.written) }
        case .postURL:
            return targets.postURL(target)
                ? nil : Unplaced(link: reference.written, kind: .page, suggestion: targets.nearestPost(to: target))
        case .link:
            return targets.fileExists(target)
                ? nil : Unplaced(link: reference.written, kind: .page, suggestion: targets.nearestFile(to: target))
        case .picture:
            return resolve(
                reference.target, isImage: true, from: path, page: targets.pages[path] ?? targets.sectionPage(path))
        }
    }
}

/// The first lines of a post that are its front matter (through the closing delimiter), as
/// the listing finds them (`PageLayout`): the lines before the body.
enum FrontMatterLines {
    static func count(in text: String) -> Int {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let layout = try? PageLayout(bytes[...], file: ""), layout.format != nil else { return 0 }
        return bytes[..<layout.body.lowerBound].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
