import Foundation
import Synchronization

/// The time a store spends in its database calls, summed over the process's life: what the
/// benchmark reports as "database time per pass" (issue 31), so the cost of a network store
/// against a local file is a figure, not a guess. Two clock reads a call; nothing is logged.
public final class DatabaseClock: Sendable {
    private let nanoseconds = Atomic<UInt64>(0)

    public init() {}

    /// Seconds spent in database calls so far.
    public var seconds: Double { Double(nanoseconds.load(ordering: .relaxed)) / 1e9 }

    /// Runs `body`, adding its duration.
    public func measure<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            let (seconds, attoseconds) = elapsed.components
            nanoseconds.add(UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000)), ordering: .relaxed)
        }
        return try body()
    }
}

/// A store that keeps a ``DatabaseClock`` (both stores do).
public protocol DatabaseTiming: Sendable {
    var databaseClock: DatabaseClock { get }
}
