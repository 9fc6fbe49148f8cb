import CGit2
import Foundation

/// An exclusive lock on a repository (`flock` on `<git dir>/nakedblog.lock`): two sessions sharing
/// one working copy never commit, rebase or write the index at the same time; the second waits.
struct RepositoryLock {
    private let descriptor: Int32

    /// Waits (up to `timeout` seconds) for the lock.
    static func acquire(_ repository: Repository, timeout: TimeInterval = 300) throws(GitError) -> RepositoryLock {
        let gitDirectory = String(cString: git_repository_path(repository.handle))
        let path = gitDirectory + (gitDirectory.hasSuffix("/") ? "" : "/") + "nakedblog.lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw GitError(
                kind: .other, operation: "publish",
                message: "cannot open \(path) to lock the repository: \(String(cString: strerror(errno)))")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw GitError(
                    kind: .other, operation: "publish",
                    message:
                        "another nakedblog session has been publishing from this working copy for \(Int(timeout)) s; try again later"
                )
            }
            usleep(50_000)
        }
        return RepositoryLock(descriptor: fd)
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
