import Blog
import Workflows

extension SiteTask {
    /// The publish sheet's Ctrl-K: the post's old address becomes a redirect, then the sheet is
    /// prepared again (and the editor reads the post back) so both show the new line.
    static func keepOldAddress(post: String, change: URLChange) -> SiteTask {
        SiteTask("keep-old-address \(post)") { context in
            let key: String
            do throws(WorkflowError) {
                key = try OldAddress.keep(change, post: post, site: context.site)
            } catch {
                return .failed(AppFailure(.keepOldAddress, error))
            }
            return StateChange { state, now in
                App.toast(&state, "The old address is kept in \(key): it redirects to the new one", now: now)
                var effects: [AppEffect] = []
                if state.editor?.path == post { effects.append(.reloadPost(post)) }
                if state.publish?.post == post {
                    effects.append(.preparePublish(post: post, ignoringWords: state.ignoredWords.sorted()))
                }
                return effects
            }
        }
    }
}
