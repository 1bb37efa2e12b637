import Foundation
import Synchronization

/// The one simulated clock: it moves only when told. The demo, the benchmark and the test
/// harnesses run on it; every component wired with ``dateSource`` sees the same instant, so
/// a replay's call log, lifecycle and Sleeper answers agree.
///
/// It is a `Clock` whose sleeps return at once, move it forward and are recorded (a retry's
/// delay is checked without a test waiting for it), and it reads as a `Date` for the code
/// that takes `now: @Sendable () -> Date` (the engine, the sinks, provider tokens).
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public let offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct State {
        var date: Date
        /// Kept apart from `date` so sleeps add up exactly (no round trip through seconds).
        var offset: Duration = .zero
        var sleeps: [Duration] = []
    }

    private let state: Mutex<State>
    private let stopAfterSleeps: Int

    /// - Parameters:
    ///   - start: the date it reads until moved.
    ///   - stopAfterSleeps: the sleep that makes this many throws `CancellationError`, as a
    ///     cancelled task's sleep does: it ends a loop that sleeps for ever.
    public init(_ start: Date = Date(timeIntervalSince1970: 0), stopAfterSleeps: Int = .max) {
        state = Mutex(State(date: start))
        self.stopAfterSleeps = stopAfterSleeps
    }

    // MARK: Dates

    public var date: Date { state.withLock { $0.date } }

    /// `date`, as a function, for the code under test to read.
    public var dateSource: @Sendable () -> Date { { self.date } }

    /// A function that returns `date`, then moves it `step` seconds on: no two readings are
    /// the same instant (provider tokens signed one after another never share an `iat`).
    public func tickingSource(step: TimeInterval = 1) -> @Sendable () -> Date {
        {
            self.state.withLock { state in
                defer { state.date += step; state.offset += .seconds(step) }
                return state.date
            }
        }
    }

    public func set(_ date: Date) {
        state.withLock { state in
            state.offset += .seconds(date.timeIntervalSince(state.date))
            state.date = date
        }
    }

    public func advance(_ seconds: TimeInterval) {
        state.withLock { state in
            state.date += seconds
            state.offset += .seconds(seconds)
        }
    }

    // MARK: Clock

    public var now: Instant { Instant(offset: state.withLock { $0.offset }) }
    public var minimumResolution: Duration { .zero }
    /// Every sleep asked of it, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let count = state.withLock { state in
            let duration = deadline.offset - state.offset
            state.sleeps.append(duration)
            if duration > .zero {
                state.offset = deadline.offset
                let (seconds, attoseconds) = duration.components
                state.date += TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
            }
            return state.sleeps.count
        }
        if count >= stopAfterSleeps { throw CancellationError() }
    }
}
