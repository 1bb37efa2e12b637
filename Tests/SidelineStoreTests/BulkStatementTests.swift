import Foundation
import GRDB
import Testing
import SidelineDelivery
@testable import SidelineCore
@testable import SidelineStore

/// The two statements a pass commits through the SQLite C API (ADR 017): what goes in
/// comes back byte for byte, and a failed row leaves nothing of its transaction behind.
@Suite("Bulk statements")
struct BulkStatementTests {
    let t0 = storeT0
    let week = storeWeek
    let league = storeLeague

    func registered(_ store: SQLiteStore) throws -> Registration {
        let user = storeUser
        return try store.register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [StoredLeague(league: league, teamNames: [:])], at: t0)[0].0
    }

    func draft(_ registrationID: Int64, _ payload: Data, activity: String = "1-2026w12-1") -> OutboxDraft {
        OutboxDraft(mode: .live, registrationID: registrationID, activityID: activity, kind: .update, reason: .points, at: t0.addingTimeInterval(0.25), payload: payload)
    }

    @Test("Payloads, activity ids and times come back exactly, non-ASCII and empty included")
    func roundTrip() throws {
        let path = temporaryDatabase()
        let store = try SQLiteStore(path: path)
        let registration = try registered(store)
        let payloads = [
            Data(#"{"headline":"Up 12.4 — Mahomes 21.3 ✅","quote":"say \"hi\"\n"}"#.utf8),
            Data(),
            Data(String(repeating: "é", count: 3_000).utf8),
        ]
        let drafts = payloads.enumerated().map { draft(registration.id, $1, activity: "1-2026w12-\($0 + 1)ß") }
        let state = LifecycleState(startedCount: 3, lastEndedAt: t0)
        let key = LifecycleKey(registrationID: registration.id, week: week, mode: .live)
        try store.commitPass(states: [key: state], events: drafts, sinks: [.live: [PushRoute(sink: "stdout")]], at: t0)

        let reopened = try SQLiteStore(path: path)
        let stored = try reopened.outbox()
        #expect(stored.map(\.payload) == payloads)
        #expect(stored.map(\.activityID) == drafts.map(\.activityID))
        #expect(stored.allSatisfy { $0.at == t0.addingTimeInterval(0.25) && $0.kind == .update && $0.reason == .points && $0.mode == .live })
        #expect(try reopened.pendingDeliveries(mode: .live).map(\.payload) == payloads)
        #expect(try reopened.lifecycleStates(mode: .live, week: week)[key] == state)
        // The rows a pass is about to step, read by key: the one that exists, byte for byte.
        let missing = LifecycleKey(registrationID: registration.id, week: week, mode: .dryRun)
        let rows = try reopened.lifecycleRows([key, missing])
        #expect(rows.count == 1)
        #expect(rows[key]?.bytes == LifecycleRow(state).bytes)
        #expect(try rows[key]?.state() == state)
        // Stored as text, as the schema says and `sqlite3` shows it.
        let types = try DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "SELECT typeof(payload) FROM outbox") }
        #expect(types == ["text", "text", "text"])
    }

    @Test("A row SQLite refuses fails the whole commit: no state, no event, a readable error")
    func failureWritesNothing() throws {
        let store = try SQLiteStore(path: temporaryDatabase())
        let registration = try registered(store)
        let key = LifecycleKey(registrationID: registration.id, week: week, mode: .live)
        // The second event names a registration that does not exist: a foreign-key failure.
        let drafts = [draft(registration.id, Data("{}".utf8)), draft(registration.id + 99, Data("{}".utf8))]
        var message = ""
        do {
            try store.commitPass(states: [key: LifecycleState(startedCount: 1)], events: drafts, sinks: [.live: [PushRoute(sink: "stdout")]], at: t0)
        } catch {
            message = error.description
        }
        #expect(message.contains("FOREIGN KEY"))
        #expect(try store.outbox().isEmpty)
        #expect(try store.lifecycleStates(mode: .live, week: week).isEmpty)
        #expect(try store.pendingDeliveries(mode: .live).isEmpty)

        // The statements are left clean: the next commit goes through.
        try store.commitPass(states: [key: LifecycleState(startedCount: 1)], events: [drafts[0]], sinks: [.live: [PushRoute(sink: "stdout")]], at: t0)
        #expect(try store.outbox().count == 1)
    }
}
