import Blog
import ChildProcesses
import Workflows

/// A build check run by a command: Ctrl-C, SIGTERM and SIGHUP stop the generator's whole process
/// group (it runs in a group of its own, so the terminal's signal does not reach it). Nil when
/// it was stopped so.
enum InterruptibleCheck {
    static func run(config: PublishSettings, _ check: (BuildPolicy) -> PublishCheck) -> PublishCheck? {
        let stopper = ProcessStopper()
        let signals = SignalCancellation { stopper.stop() }
        let result = check(config.buildPolicy(stopper: stopper))
        signals.stop()
        return stopper.isStopped ? nil : result
    }
}
