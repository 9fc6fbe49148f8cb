import Blog
import Foundation
import Workflows

/// Opening the site, reading it, and following its folders for changes made elsewhere.
extension EffectRunner {
    /// The site at `path`, refused when a folder its configuration declares leads into `.git`
    /// or (restricted) outside the site: every effect opens the site through here.
    func openSite(_ path: String) throws(ContentError) -> Site {
        try SiteOpening.open(path, restricted: restricted)
    }

    func loadSite(_ path: String) {
        do {
            // A repository whose site is below it (`docs/`, `exampleSite/`): the one site, or a choice.
            switch try SiteOpening.find(path, restricted: restricted) {
            case .several(let folder, let sites): send(.sitesFound(in: folder, sites))
            case .site(let site):
                var index = PostIndex.build(site, listings: SiteListings.cache(for: site))
                if restricted { index.removeOutsideSite() }
                send(.siteLoaded(site, .prepared(index), readAt: Date()))
                if followsDisk { watch(site) }
            }
        } catch {
            send(.siteFailed(AppFailure(.openSite, String(describing: error))))
        }
    }

    /// Follows the open site's folders: changes made elsewhere come back as `postsChangedOnDisk`.
    func watch(_ site: Site) {
        // The same site read again (after a publish or a sync): its watcher goes on.
        if let current = shared.withLock({ $0.watcher }), current.site == site { return }
        let send = self.send
        let watcher = ContentWatcher(site: site) { paths in send(.postsChangedOnDisk(paths)) }
        shared.withLock { shared in
            shared.watcher?.stop()
            shared.watcher = watcher
        }
    }

    /// Waits until the open site's folders are all watched (tests make changes only then).
    func waitUntilWatching(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let watcher = shared.withLock({ $0.watcher }) {
                return watcher.waitUntilReady(timeout: deadline.timeIntervalSinceNow)
            }
            usleep(5_000)
        }
        return false
    }
}
