import Foundation
import GRDB
import Testing
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
@testable import SidelineDelivery
import SidelineTestSupport

/// A pass commits what it steps in batches (so a 50,000-registration kickoff never holds all
/// its payloads at once). These tests use batches of one registration and one event, and a
/// SQLite trigger that makes one batch's commit fail, as a crash in the middle of a pass.
@Suite("Batched commits within a pass")
struct BatchedCommitTests {
    static let tiny = Scheduler.Batching(rows: 1, events: 1)
    static let start = "2026-11-22T14:25:00Z"
    static let end = "2026-11-22T19:00:00Z"

    @Test("Small batches give exactly the events of one big batch")
    func sameEventsWhateverTheBatch() async throws {
        let big = try await Self.outbox(batching: .init())
        let small = try await Self.outbox(batching: Self.tiny)
        #expect(!big.isEmpty)
        #expect(small == big)
    }

    @Test("A commit that fails mid-pass keeps the batches before it; the restarted engine steps the rest, nothing lost or doubled")
    func failureBetweenBatches() async throws {
        let reference = try await Self.outbox(batching: .init())
        // The first pass in which two registrations have events: the second one's batch fails.
        let byInstant = Dictionary(grouping: reference, by: \.at)
        let instant = try #require(byInstant.keys.sorted().first { Set(byInstant[$0]!.map(\.registration)).count >= 2 })
        let registrations = byInstant[instant]!.map(\.registration)
        let (first, failing) = (registrations.min()!, registrations.max()!)

        var sawFailure = false
        let recovered = try await Self.outbox(batching: Self.tiny) { harness, scheduler in
            var time = EngineHarness.utc(Self.start)
            while time <= EngineHarness.utc(Self.end) {
                harness.setNow(time)
                if EventEnvelope.timestamp(time) == instant {
                    try Self.failOutboxInserts(for: failing, in: harness)
                    await #expect(throws: StoreError.self) { try await scheduler.runPass(at: time, mode: .live, sinks: []) }
                    sawFailure = true
                    let committed = try Self.events(in: harness).filter { $0.at == instant }
                    // The earlier registration's batch is in; the failing one's is not.
                    #expect(committed.contains { $0.registration == first })
                    #expect(!committed.contains { $0.registration == failing })
                    try Self.removeFailure(in: harness)
                    // "Restart": a new engine on the same file runs the same instant again.
                    _ = try await harness.scheduler(batching: Self.tiny).runPass(at: time, mode: .live, sinks: [])
                    time = time.addingTimeInterval(60)
                    let rest = try harness.scheduler(batching: Self.tiny)
                    while time <= EngineHarness.utc(Self.end) {
                        harness.setNow(time)
                        _ = try await rest.runPass(at: time, mode: .live, sinks: [])
                        time = time.addingTimeInterval(60)
                    }
                    return
                }
                _ = try await scheduler.runPass(at: time, mode: .live, sinks: [])
                time = time.addingTimeInterval(60)
            }
        }
        #expect(sawFailure)
        #expect(recovered == reference)
    }

    struct StoredEvent: Hashable, Comparable {
        let registration: Int64
        let kind: String
        let reason: String
        let at: String

        static func < (a: Self, b: Self) -> Bool { (a.at, a.registration, a.kind) < (b.at, b.registration, b.kind) }
    }

    /// Runs the scripted day for all four demo users with `batching`, by default one pass a
    /// minute unless `drive` runs the passes itself, and returns the outbox.
    static func outbox(batching: Scheduler.Batching, drive: ((EngineHarness, Scheduler) async throws -> Void)? = nil) async throws -> [StoredEvent] {
        try await withEngineHarness(at: start) { harness in
            _ = try await harness.register(GameDayScript.users.map(\.username))
            let scheduler = try harness.scheduler(batching: batching)
            if let drive {
                try await drive(harness, scheduler)
            } else {
                try await harness.run(scheduler, from: start, to: end, sinks: [])
            }
            return try events(in: harness)
        }
    }

    static func events(in harness: EngineHarness) throws -> [StoredEvent] {
        let queue = try DatabaseQueue(path: harness.configuration.databasePath)
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT registration_id, kind, reason, at FROM outbox WHERE mode = 'live'").map {
                StoredEvent(registration: $0["registration_id"], kind: $0["kind"], reason: $0["reason"],
                            at: EventEnvelope.timestamp(Date(timeIntervalSince1970: $0["at"])))
            }.sorted()
        }
    }

    static func failOutboxInserts(for registration: Int64, in harness: EngineHarness) throws {
        let queue = try DatabaseQueue(path: harness.configuration.databasePath)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TRIGGER injected_failure BEFORE INSERT ON outbox WHEN NEW.registration_id = \(registration)
                BEGIN SELECT RAISE(ABORT, 'injected failure'); END
                """)
        }
    }

    static func removeFailure(in harness: EngineHarness) throws {
        let queue = try DatabaseQueue(path: harness.configuration.databasePath)
        try queue.write { db in try db.execute(sql: "DROP TRIGGER injected_failure") }
    }
}
