import Blog
import Foundation

/// Where nakedblog remembers a site's directory listings between runs (see `ListingCache`):
/// `$XDG_CACHE_HOME/nakedblog/listings/`. `NAKEDBLOG_LISTING_CACHE=0` reads every directory.
public enum SiteListings {
    public static func cache(for site: Site, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> ListingCache?
    {
        guard environment["NAKEDBLOG_LISTING_CACHE"] != "0" else { return nil }
        return ListingCache(root: site.root, directory: XDGDirectory.cache(environment) + "/listings")
    }
}
