import Foundation

/// Where a post will appear once published and when: now, on a future date, never while it is a
/// draft (or `published: false`), or not any more (expired).
public struct PublishWhen: Sendable, Equatable {
    public enum When: Sendable, Equatable {
        case now
        /// Built on or after this date (a future `date`/`publishDate`).
        case scheduled(Date)
        case neverWhileDraft
        case neverUnpublished
        case expired(Date)
    }

    /// The URL path from the site root (with Hugo's baseURL path), "" when it has none.
    public var url: String
    public var when: When

    public init(_ post: Post, site: Site, now: Date) {
        let path = post.url(config: site.config)
        url =
            path.isEmpty
            ? "" : (site.kind.jekyll == nil ? site.config.baseURLPath : (site.kind.jekyll?.baseURL ?? "")) + path
        if post.draft || post.kind == .draft {
            when = .neverWhileDraft
        } else if post.unpublished {
            when = .neverUnpublished
        } else if let expiry = post.expiryDate?.date, expiry <= now {
            when = .expired(expiry)
        } else if let publish = (post.publishDate ?? post.date)?.date, publish > now {
            when = .scheduled(publish)
        } else {
            when = .now
        }
    }

    /// "appears at /posts/x/ now", "appears on 2031-05-04 08:00 UTC at …, if the site is built then", …
    public var description: String {
        let place = url.isEmpty ? "" : " at \(url)"
        switch when {
        case .now: return "appears\(place) now"
        case .scheduled(let date): return "appears\(place) on \(Self.format(date)), if the site is built then"
        case .neverWhileDraft:
            return "does not appear while it is a draft" + (url.isEmpty ? "" : " (its place: \(url))")
        case .neverUnpublished: return "does not appear: published: false" + (url.isEmpty ? "" : " (its place: \(url))")
        case .expired(let date): return "does not appear: it expired on \(Self.format(date))"
        }
    }

    /// `2031-05-04 08:00 UTC`.
    static func format(_ date: Date) -> String {
        let text = HugoDate.format(date, offsetSeconds: 0)
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }

    /// A short word for scripts: now, scheduled, draft, unpublished, expired.
    public var kind: String {
        switch when {
        case .now: "now"
        case .scheduled: "scheduled"
        case .neverWhileDraft: "draft"
        case .neverUnpublished: "unpublished"
        case .expired: "expired"
        }
    }
}
