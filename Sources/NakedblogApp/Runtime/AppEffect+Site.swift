extension AppEffect {
    /// Whether the effect works on the open site (nothing is done without one).
    var needsSite: Bool {
        switch self {
        case .refreshGit, .refreshGitPaths, .fetch, .sync, .openPost, .releasePost, .reloadPost, .save, .writeJournal,
            .discardJournal,
            .createPost, .preparePublish, .runPublishCheck, .publish, .loadConflict, .toggleDraft, .runExternalEditor,
            .copyImage,
            .acceptWord, .searchBodies, .perform:
            return true
        case .loadSite, .renderPreview, .refreshPosts, .startClone, .checkCloneURL, .cancelClone, .stopPublishCheck,
            .trustHostKey, .copyToClipboard, .rememberSite,
            .suspend, .answerCredentials, .setIdentity, .quit, .checkSpelling:
            return false
        }
    }
}
