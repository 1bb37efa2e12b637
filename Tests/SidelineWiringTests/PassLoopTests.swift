import Foundation
import Logging
import ServiceLifecycle
import SidelineCore
import SidelineStore
import Synchronization
import Testing
@testable import SidelineWiring

/// The daemon's loop on a manual clock: its sleep only moves the clock, so the passes of
/// minutes run in milliseconds.
@Suite("The daemon's pass loop")
struct PassLoopTests {
    static let start = Date(timeIntervalSince1970: 1_795_374_000)  // 2026-11-22, a Sunday

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-wiring-\(UUID().uuidString)")

    /// A wiring on a fresh database with no registrations (a pass has nothing to poll), every
    /// URL at a loopback port nothing listens on, and the clock given.
    func wiring(clock: ManualClock) throws -> Wiring {
        let closed = "http://127.0.0.1:9"
        let configuration = try ConfigurationLoader.resolve(
            file: nil, environment: [:],
            flags: ["database": directory.appendingPathComponent("state.sqlite").path, "cache_dir": directory.path,
                    "sleeper.url": closed, "scores.url": closed, "espn.url": closed, "polling.pass_seconds": "30"],
            derivedDefaults: [:]
        )
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return Wiring(configuration: configuration, store: try SQLiteStore(path: configuration.databasePath), logger: logger, now: clock.dateSource)
    }

    @Test("Passes at the clock's instants, the interval slept between them, until a graceful shutdown")
    func runsUntilShutdown() async throws {
        let clock = ManualClock(Self.start)
        let wiring = try wiring(clock: clock)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sleeps = Mutex<[Duration]>([])
        let group = Mutex<ServiceGroup?>(nil)
        let loop = PassLoop(wiring: wiring, mode: .dryRun, sinks: [], observer: PassObserver(wiring: wiring)) { interval in
            let count = sleeps.withLock { $0.append(interval); return $0.count }
            clock.advance(Double(interval.components.seconds))
            guard count == 3, let running = group.withLock({ $0 }) else { return }
            await running.triggerGracefulShutdown()
            // Returns once the shutdown reaches the loop, which then stops before a 4th pass.
            try await gracefulShutdown()
        }
        let services = ServiceGroup(configuration: .init(services: [loop], gracefulShutdownSignals: [], logger: wiring.logger))
        group.withLock { $0 = services }
        try await services.run()

        #expect(sleeps.withLock { $0 } == [.seconds(30), .seconds(30), .seconds(30)])
        // Three passes, at start, +30 s and +60 s: the last one recorded for /readyz.
        #expect(try wiring.store.lastPassAt() == Self.start.addingTimeInterval(60))
        #expect(loop.failure.withLock { $0 } == nil)
    }

    @Test("With untilIdle and nothing to follow, one pass and the loop returns without sleeping")
    func untilIdleReturns() async throws {
        let clock = ManualClock(Self.start)
        let wiring = try wiring(clock: clock)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sleeps = Mutex(0)
        let loop = PassLoop(wiring: wiring, mode: .live, sinks: [], untilIdle: true, observer: PassObserver(wiring: wiring)) { _ in
            sleeps.withLock { $0 += 1 }
        }
        try await loop.run()
        #expect(sleeps.withLock { $0 } == 0)
        #expect(try wiring.store.lastPassAt() == Self.start)
    }
}
