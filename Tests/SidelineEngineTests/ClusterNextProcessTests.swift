import Foundation
import Testing
import SidelineEngine
import SidelineFakeSleeper
import SidelineTestSupport

/// A poller with a fixed `cluster.poller_id` run as one process per pass (`tick` from cron,
/// issue 32): each pass is a new process with no memory of the last, and must carry on with
/// the leases its predecessor held rather than wait for them to expire (or lose them to
/// whoever claims first when they do).
@Suite("A fixed poller id's next process keeps its leases", .enabled(if: StoreUnderTest.available.count > 1, "needs the PostgreSQL test server (scripts/test-env)"))
struct ClusterNextProcessTests {
    @Test("The next process of a poller id holds the same leagues and the feeds a minute later, not nothing until they expire")
    func nextProcessRenews() async throws {
        try await withPersonSundayHarness(overrides: ["activities.new_user_scope": "league"], store: .postgres) { harness in
            _ = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
            let first = utc("2026-11-22T14:25:00Z")
            let before = try ClusterDayTests.pollers(1, harness: harness)[0]
            try await harness.run(before.scheduler, at: [first], sinks: [RecordingSink()])
            let held = await before.scheduler.workShare
            #expect(held.leagues?.count == 6 && held.leads)

            // A new process with the same id (leases of ten minutes: none has expired).
            let after = try ClusterDayTests.pollers(1, harness: harness)[0]
            try await harness.run(after.scheduler, at: [first + 60], sinks: [RecordingSink()])
            #expect(await after.scheduler.workShare == held)
        }
    }
}
