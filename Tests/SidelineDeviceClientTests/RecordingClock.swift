import Synchronization

/// A clock whose sleeps return at once and are recorded; after `stopAfter` sleeps it throws
/// `CancellationError`, as a cancelled task's sleep does, which ends a poll loop.
final class RecordingClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private let state = Mutex((now: Instant(offset: .zero), sleeps: [Duration]()))
    private let stopAfter: Int

    init(stopAfter: Int = .max) { self.stopAfter = stopAfter }

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let count = state.withLock { state in
            state.sleeps.append(state.now.duration(to: deadline))
            state.now = deadline
            return state.sleeps.count
        }
        if count >= stopAfter { throw CancellationError() }
    }
}
