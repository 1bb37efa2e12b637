import Dispatch

/// A task executor on one serial dispatch queue: the jobs of a loopback server's tasks run
/// there, one at a time, on a thread outside Swift's cooperative pool. Child tasks (the
/// server's connections) inherit it as their preference.
final class LoopbackExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(name: String) {
        queue = DispatchQueue(label: "sideline.loopback.\(name)")
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // `self`, strongly: the executor lives as long as a job of it is waiting.
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
