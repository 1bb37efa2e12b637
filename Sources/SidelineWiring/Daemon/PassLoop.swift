import Foundation
import ServiceLifecycle
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineStore
import Synchronization

/// The daemon's loop as a service: pass, sleep `polling.pass_seconds`, repeat; it stops
/// between passes on graceful shutdown or cancellation, and returns by itself with
/// `untilIdle` once nothing is live and no kickoff is within the hour.
///
/// Time comes in from outside: each pass runs at `wiring.now()`, and the wait between passes
/// is `sleep`, so a test drives the loop with a ``ManualClock`` and a sleep that only
/// advances it.
public final class PassLoop: Service, Sendable {
    /// Waits out the interval between two passes; cancelled on graceful shutdown.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    let wiring: Wiring
    let mode: PassMode
    let sinks: [any PushSink]
    let untilIdle: Bool
    let observer: PassObserver?
    let sleep: Sleep
    /// Why the loop stopped, if it failed (read after the group ends: the group wraps it).
    public let failure = Mutex<WiringError?>(nil)

    public init(
        wiring: Wiring, mode: PassMode, sinks: [any PushSink], untilIdle: Bool = false, observer: PassObserver? = nil,
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.wiring = wiring
        self.mode = mode
        self.sinks = sinks
        self.untilIdle = untilIdle
        self.observer = observer
        self.sleep = sleep
    }

    /// Throws ``WiringError/Kind/database`` when a pass cannot read or write the database:
    /// running on without state would be worse. A pass the lock keeps out is skipped.
    public func run() async throws {
        let scheduler = wiring.scheduler()
        let interval = Duration.seconds(wiring.configuration.passInterval)
        if let seat = wiring.cluster {
            wiring.logger.info("\(Messages.Cluster.joining(poller: seat.poller.pollerID, egress: seat.poller.egress, leaseSeconds: Int(seat.settings.leaseSeconds), clock: seat.settings.leaseClock.rawValue))")
        }
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            if try await pass(scheduler) == .idle {
                wiring.logger.info("nothing live and no kickoff within the hour: exiting (--until-idle)")
                await leave(scheduler)
                return
            }
            // Woken early by shutdown or cancellation: the loop's condition ends it.
            try? await cancelWhenGracefulShutdown { try await self.sleep(interval) }
        }
        wiring.logger.info("shutting down")
        await leave(scheduler)
    }

    /// A clean stop hands this poller's leases back at once (issue 32); a failure to is
    /// only logged: they expire within a lease anyway.
    func leave(_ scheduler: Scheduler) async {
        do { try await scheduler.leaveCluster(always: true) } catch {
            wiring.logger.warning("\(Messages.Cluster.retireFailed("\(error)"))")
        }
    }

    enum Outcome { case ran, skipped, idle }

    /// One pass under the lock, observed; `.idle` when `untilIdle` should end the loop.
    func pass(_ scheduler: Scheduler) async throws(WiringError) -> Outcome {
        let now = wiring.now()
        let lock: any HeldPassLock
        do { lock = try wiring.passLock() } catch {
            // Another pass holds it (a `tick` from cron): skip this one, try again after the interval.
            wiring.logger.notice("\(error.message)")
            return .skipped
        }
        let started = ContinuousClock.now
        let report: PassReport
        do { report = try await scheduler.runPass(at: now, mode: mode, sinks: sinks) } catch {
            observer?.threw(error, mode: mode)
            let failure = WiringError(.database, "\(error)")
            self.failure.withLock { $0 = failure }
            throw failure
        }
        // Held for the pass alone, as `tick` holds it.
        withExtendedLifetime(lock) {}
        observer?.passed(report, duration: ContinuousClock.now - started)
        if !report.calls.isEmpty || !report.events.isEmpty { MemoryTuning.releaseFreedMemory() }
        return untilIdle && Self.isIdle(report, at: now) ? .idle : .ran
    }

    /// Nothing live or in grace, and no kickoff of the week within the hour.
    static func isIdle(_ report: PassReport, at now: Date) -> Bool {
        report.openActivities == 0 && (report.nextKickoff.map { $0.timeIntervalSince(now) > 3600 } ?? true)
    }
}
