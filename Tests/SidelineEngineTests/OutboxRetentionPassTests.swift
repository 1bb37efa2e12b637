import Foundation
import Testing
@testable import SidelineEngine
import SidelineStore
import SidelineTestSupport

@Suite("A pass applies the outbox's retention")
struct OutboxRetentionPassTests {
    @Test("A week after a kickoff its settled events are gone; younger ones stay")
    func passPrunesSettledEvents() async throws {
        try await withEngineHarness(at: "2026-11-22T17:58:00Z") { harness in
            _ = try await harness.register()
            // No sink: every event is settled as soon as it is committed.
            let kickoff = try await harness.run(try harness.scheduler(), from: "2026-11-22T17:58:00Z", to: "2026-11-22T18:05:00Z", sinks: [])
            #expect(!kickoff.flatMap(\.events).isEmpty)
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let kickoffEvents = Set(try store.outbox().map(\.id))
            #expect(kickoffEvents.count == kickoff.flatMap(\.events).count)

            // Six days on, a new process's pass keeps them (and ends the activities they started).
            _ = try await harness.run(try harness.scheduler(), from: "2026-11-28T18:00:00Z", to: "2026-11-28T18:00:00Z", sinks: [])
            let sixDaysOn = Set(try store.outbox().map(\.id))
            #expect(kickoffEvents.isSubset(of: sixDaysOn))
            let ends = sixDaysOn.subtracting(kickoffEvents)
            #expect(!ends.isEmpty)
            // Eight days on, the kickoff's go; the ends, two days old, stay.
            _ = try await harness.run(try harness.scheduler(), from: "2026-11-30T18:06:00Z", to: "2026-11-30T18:06:00Z", sinks: [])
            #expect(Set(try store.outbox().map(\.id)) == ends)
        }
    }
}
