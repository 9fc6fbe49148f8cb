import Blog
import ChildProcesses
import Foundation
import GitOps

extension EffectRunner {
    func startClone(url: String, target: String) {
        // A shared server's author works on their one site: no other repository, no folder of the
        // server account's (the start screen never offers it; this is the backstop).
        if restricted {
            return send(.clone(.refused(AppFailure(.clone, Self.noClone))))
        }
        let remote: GitURL
        do {
            remote = try GitURL(url, relativeTo: (target as NSString).deletingLastPathComponent)
            // The target was resolved (named after the URL, or chosen) before this effect.
            try CloneTarget.check(target, namedAfterURL: false)
        } catch let error as GitURL.Invalid {
            send(.clone(.refused(AppFailure(.clone, error.refusing(url)))))
            return
        } catch {
            send(.clone(.refused(AppFailure(.clone, "\(error)"))))
            return
        }
        let operation = Cloner.clone(remote, into: target, options: remoteOptions)
        setClone(operation)
        let send = self.send
        Task.detached {
            do {
                for try await event in operation.events { send(.clone(.event(event))) }
            } catch let error as GitError {
                await operation.waitUntilFinished()
                send(.clone(.failed(error)))
            } catch {
                send(.clone(.refused(AppFailure(.clone, "\(error)"))))
            }
        }
    }

    /// Parses a URL typed on the start screen (it may name a local folder: the file system is
    /// asked) and works out where it would be cloned; the answer goes back to update.
    func checkCloneURL(_ url: String, directory: String) {
        if restricted { return send(.clone(.urlRefused(Self.noClone))) }
        let remote: GitURL
        do {
            remote = try GitURL(url, relativeTo: directory)
        } catch {
            return send(.clone(.urlRefused(error.refusing(url) + ".")))
        }
        do {
            let target = try CloneTarget.resolve(remote, directory: nil, in: directory)
            send(.clone(.urlChecked(url: url, target: target, remote: remote)))
        } catch {
            send(.clone(.urlRefused(error.description)))
        }
    }

    static let noClone = "Cloning is not available on this server: an author works on their own site only."

    /// Runs `$VISUAL` / `$EDITOR` (else `vi`) on the post with the terminal handed over.
    func runExternalEditor(_ path: String, root: String) {
        let editor =
            environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["EDITOR"].flatMap {
                $0.isEmpty ? nil : $0
            } ?? "vi"
        let file = root + "/" + path
        withTerminalSuspended {
            let quoted = "'" + file.replacingOccurrences(of: "'", with: "'\\''") + "'"
            // The environment the app was started with: the editor is the writer's own.
            _ = OwnedProcess.runOnTerminal(
                "/bin/sh", ["-c", "\(editor) \(quoted)"], environment: ProcessInfo.processInfo.environment)
        }
        send(.editorReturned(path: path))
    }
}

/// Recently opened sites, newest first, in `$XDG_STATE_HOME/nakedblog/recent-sites`.
public enum RecentSites {
    static func file(environment: [String: String]) -> String {
        XDGDirectory.state(environment) + "/recent-sites"
    }

    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let text = (try? String(contentsOfFile: file(environment: environment), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { FileManager.default.fileExists(atPath: $0) }
    }

    static func remember(_ path: String, environment: [String: String]) {
        let list = [path] + load(environment: environment).filter { $0 != path }
        let target = file(environment: environment)
        try? FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let temporary = target + ".tmp-\(getpid())"
        if FileManager.default.createFile(
            atPath: temporary, contents: Data((list.prefix(10).joined(separator: "\n") + "\n").utf8))
        {
            rename(temporary, target)
        }
    }
}
