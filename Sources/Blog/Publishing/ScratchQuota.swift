import ChildProcesses
import Foundation
import Synchronization

/// A ceiling on what a limited build writes into its folders (the site's copy and its output),
/// checked every half second: past it, the build is stopped. `RLIMIT_FSIZE` bounds one file; this
/// bounds them all (a template writing resized pictures filled 330 MB in 67 s).
final class ScratchQuota {
    /// Set from the timer's thread, read by the build's.
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }
    private let exceededFlag = Flag()
    private let timer: DispatchSourceTimer

    /// Starts watching `folders`; past `limitMiB` together, `stopper` stops the build.
    init(folders: [String], limitMiB: Int, stopper: ProcessStopper) {
        let limit = UInt64(limitMiB) << 20
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        self.timer = timer
        let exceeded = exceededFlag
        timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        timer.setEventHandler {
            var total: UInt64 = 0
            for folder in Set(folders) {
                total += Self.bytes(in: folder, upTo: limit - min(limit, total))
                if total > limit { break }
            }
            guard total > limit, !exceeded.value.load(ordering: .relaxed) else { return }
            exceeded.value.store(true, ordering: .relaxed)
            stopper.stop()
        }
        timer.resume()
    }

    /// Whether the build was stopped for writing too much.
    var exceeded: Bool { exceededFlag.value.load(ordering: .relaxed) }

    /// Stops watching.
    func cancel() { timer.cancel() }

    /// The bytes the files below `folder` take on disk (links not followed), counted until past
    /// `limit`.
    static func bytes(in folder: String, upTo limit: UInt64) -> UInt64 {
        var total: UInt64 = 0
        var pending = [folder]
        while let current = pending.popLast(), total <= limit {
            guard let directory = opendir(current) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name == "." || name == ".." { continue }
                let path = current + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                total += UInt64(info.st_blocks) * 512
                if info.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
            }
        }
        return total
    }
}
