import Foundation
import Synchronization

/// Runs `body(0..<count)` on `count` threads of their own, released together, and returns
/// their results in order (rethrowing the first error). Real threads, not tasks: two
/// pollers racing for a lock must really run at once, whatever else the test process's
/// cooperative pool is busy with.
func inParallel<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Result) throws -> [Result] {
    let results = Mutex<[Int: Swift.Result<Result, any Error>]>([:])
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        Thread.detachNewThread {
            start.wait()
            let result = Swift.Result { try body(index) }
            results.withLock { $0[index] = result }
            done.leave()
        }
    }
    for _ in 0..<count { start.signal() }
    done.wait()
    return try results.withLock { results in try (0..<count).map { try results[$0]!.get() } }
}
