import Dispatch
import Foundation

/// Removes the demo's temporary directory when the demo is interrupted (Ctrl-C, SIGTERM),
/// then ends the process with the signal's conventional status (128 + signal). Without it an
/// interrupted demo left `/tmp/sideline-demo-*` behind: `defer` does not run on a signal.
final class DemoCleanup {
    private let sources: [any DispatchSourceSignal]

    init(removing directory: URL) {
        let queue = DispatchQueue(label: "sideline.demo.signals")
        sources = [SIGINT, SIGTERM].map { number in
            // The default action would end the process before the handler runs.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                // The process ends here: a directory that will not go is left, as before.
                try? FileManager.default.removeItem(at: directory)
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// Back to the default actions, once the demo has cleaned up by itself.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
