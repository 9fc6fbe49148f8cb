import Foundation

/// What a publish would change in what the site reads of one page: refused when front matter
/// that was readable no longer is (the page would lose its title, date and parameters without
/// a word); warned when a change is valid but probably an accident. One rule for `publish` and
/// the app's publish sheet.
public struct PublishReview: Sendable, Equatable {
    /// Why the publish is refused: the file, the line where reading stopped, the reason.
    public var refusal: ContentError?
    /// Changes that do not block, one line each ("title emptied (was “Tea”)").
    public var warnings: [String]
    /// The published address this publish changes, if it does (also among the warnings).
    public var addressChange: URLChange?

    public init(refusal: ContentError? = nil, warnings: [String] = []) {
        self.refusal = refusal
        self.warnings = warnings
    }

    /// What the site reads of a page's front matter.
    enum Reading {
        /// No front matter at all (the whole file is body).
        case none
        case readable(FrontMatterFields, opening: String)
        case unreadable(ContentError)

        init(_ data: Data, file: String) {
            do {
                let page = try PageText(data: data, file: file)
                guard let block = page.frontMatter else { self = .none; return }
                self = .readable(
                    try FrontMatterEditor(page: page, file: file).fields(), opening: block.format.delimiter ?? "{")
            } catch {
                self = .unreadable(error)
            }
        }
    }

    /// Why front matter that opened with `opening` is no longer read from `head` (the page's
    /// first lines, through the closing delimiter): the same refusal a publish would give, or
    /// nil when it reads. Cheap enough for every keystroke (the editor's status bar).
    public static func frontMatterProblem(inFirstLines head: String, file: String, opening: String) -> ContentError? {
        switch Reading(Data(head.utf8), file: file) {
        case .unreadable(let problem): return problem
        case .none: return missingOpening(opening, file: file)
        case .readable: return nil
        }
    }

    static func missingOpening(_ opening: String, file: String, since: String = "It did before") -> ContentError {
        let closing = opening == "{" ? "}" : opening
        return ContentError(
            file: file, line: 1, problem: "front matter does not start with \(opening)",
            hint:
                "\(since.prefix(1).uppercased() + since.dropFirst()). Put \(opening) alone on the first line and \(closing) after the fields; as it is, the site reads no title, date or parameters"
        )
    }

    /// Compares the page as last committed (`before`; nil for a new page) with the page as it
    /// will be committed (`after`; nil when it is deleted). `file` names it in messages;
    /// `isOnRemote`: the page is already published.
    public static func review(before: Data?, after: Data?, file: String, isOnRemote: Bool) -> PublishReview {
        guard let after else { return PublishReview() }
        let old = before.map { Reading($0, file: file) }
        switch (old, Reading(after, file: file)) {
        case (.readable?, .unreadable(let problem)), (nil, .unreadable(let problem)):
            return PublishReview(refusal: problem)
        case (.readable(_, let opening)?, .none):
            return PublishReview(refusal: missingOpening(opening, file: file))
        case (nil, .none):
            // A new post is compared with what it was made from: an archetype, which has front
            // matter (Hugo's default one too). A page meant to have none is published with --force.
            return PublishReview(
                refusal: missingOpening("---", file: file, since: "a new post's archetype has front matter"))
        case (.readable(let was, _)?, .readable(let now, _)):
            return PublishReview(warnings: warnings(was: was, now: now, isOnRemote: isOnRemote))
        default:
            // Never had readable front matter, or still has none: nothing is lost by this publish.
            return PublishReview()
        }
    }

    /// Valid changes that are probably accidents.
    static func warnings(was: FrontMatterFields, now: FrontMatterFields, isOnRemote: Bool) -> [String] {
        var warnings: [String] = []
        let oldTitle = was["title"]?.text ?? "", newTitle = now["title"]?.text ?? ""
        if !oldTitle.trimmingCharacters(in: .whitespaces).isEmpty, newTitle.trimmingCharacters(in: .whitespaces).isEmpty
        {
            warnings.append("title emptied (was “\(oldTitle)”)")
        }
        if let oldDate = was["date"]?.text.flatMap(HugoDate.parse),
            let newDate = now["date"]?.text.flatMap(HugoDate.parse),
            abs(newDate.date.timeIntervalSince(oldDate.date)) > 366 * 86_400
        {
            warnings.append("date moved by more than a year: \(oldDate.text) → \(newDate.text)")
        }
        if isOnRemote, was["draft"]?.bool != true, now["draft"]?.bool == true {
            warnings.append("draft: true on a post already published: the next build takes it off the site")
        }
        if isOnRemote {
            for key in ["slug", "url"] where was[key] != nil && was[key] != now[key] {
                warnings.append(
                    "\(key) changed (\(was[key]?.text ?? "") → \(now[key]?.text ?? "none")): the post moves to a new address"
                )
            }
        }
        let kept = Set(now.keys.map { $0.lowercased() })
        for key in was.keys where !kept.contains(key.lowercased()) && key.lowercased() != "title" {
            warnings.append("\(key) removed")
        }
        return warnings
    }
}

extension PublishReview {
    /// The content files a publish of `commitPath` (a bundle folder or a page file, relative to
    /// `workdir`) commits: a bundle's `index.*` / `_index.*` pages, or the file itself.
    public static func pages(of commitPath: String, workdir: String) -> [String] {
        let root = workdir.hasSuffix("/") ? workdir : workdir + "/"
        // A link is committed as a link: nothing is read through it (it may point anywhere).
        if (try? FileManager.default.attributesOfItem(atPath: root + commitPath)[.type] as? FileAttributeType)
            == .typeSymbolicLink
        {
            return []
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + commitPath, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return ContentFileName.isContent(commitPath) ? [commitPath] : [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + commitPath)) ?? []
        return names.filter { PagePath.isBundlePage($0) && ContentFileName.isContent($0) }
            .sorted().map { commitPath + "/" + $0 }
    }

    /// Reviews every page a publish of `commitPath` commits. `committed` gives a path's bytes at
    /// HEAD (nil: new), `isOnRemote` whether the remote has it; paths are relative to `workdir`,
    /// and messages name them after dropping `displayPrefix`.
    public static func review(
        commitPath: String, workdir: String, displayPrefix: String = "",
        committed: (String) -> Data?, isOnRemote: (String) -> Bool
    ) -> PublishReview {
        let root = workdir.hasSuffix("/") ? workdir : workdir + "/"
        var result = PublishReview()
        for page in pages(of: commitPath, workdir: workdir) {
            let name = page.hasPrefix(displayPrefix) ? String(page.dropFirst(displayPrefix.count)) : page
            let one = review(
                before: committed(page), after: FileManager.default.contents(atPath: root + page), file: name,
                isOnRemote: isOnRemote(page))
            if result.refusal == nil { result.refusal = one.refusal }
            result.warnings += one.warnings.map { $0.hasPrefix(name) ? $0 : "\(name): \($0)" }
        }
        return result
    }

    /// Notes that publishing `post` (site-relative) changes its address, when its last committed
    /// version — at `formerPath` if it moved — is on the remote: a warning, and `addressChange`.
    /// `prefix`: the site's folder in the repository; `committed` and `isOnRemote` take repository paths.
    public mutating func noteAddressChange(
        of post: String, site: Site, prefix: String, formerPath: String? = nil,
        committed: (String) -> Data?, isOnRemote: (String) -> Bool
    ) {
        guard isOnRemote(prefix + (formerPath ?? post)),
            let change = URLChange.of(post, site: site, formerPath: formerPath, committed: { committed(prefix + $0) })
        else { return }
        addressChange = change
        let keep =
            URLChange.redirectKey(site: site).map { "keep the old one with \($0):" } ?? "this site has no redirects"
        warnings.append(
            "\(post): its address changes from \(change.old) to \(change.new): links to the old one break (\(keep))")
    }
}
