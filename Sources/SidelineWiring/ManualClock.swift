import Foundation
import Synchronization

/// An instant that only moves when it is told to: the simulated clock of the demo, the
/// benchmark and the test harnesses. Every component wired with ``read`` sees the same
/// instant, so a replay's call log, lifecycle and Sleeper answers agree.
public final class ManualClock: Sendable {
    private let instant: Mutex<Date>

    public init(_ start: Date) { instant = Mutex(start) }

    public var now: Date { instant.withLock { $0 } }

    public func set(_ date: Date) { instant.withLock { $0 = date } }

    public func advance(by seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }

    /// The clock as the wiring takes it (`Wiring(now:)`, `passEnvironment(now:)`).
    public var read: @Sendable () -> Date { { [self] in self.now } }
}
