import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// Several pollers dividing one store's work (issue 32), in one process: each its own store
/// connection, egress, poller id and scheduler, as on separate hosts, taking turns at each
/// pass instant with leases on the pass clock. The day must come out as one poller's does,
/// with each league's calls made by one poller at a time and the feeds by the leader only.
@Suite("Several pollers share the work of one PostgreSQL store", .enabled(if: StoreUnderTest.available.count > 1, "needs the PostgreSQL test server (scripts/test-env)"))
struct ClusterDayTests {
    struct Poller {
        let name: String
        let configuration: SidelineConfiguration
        let scheduler: Scheduler
        let store: any AppStore
    }

    /// What a day left: the milestones at the sink, and each egress's calls.
    struct Day {
        var milestones: [String] = []
        var events: [EventEnvelope] = []
        var calls: [String: [(at: Date, kind: String, path: String)]] = [:]
        var shares: [String: WorkShare] = [:]
        var refills: [String: Int] = [:]
        var passes = 0
    }

    /// The `store.url` of the harness's PostgreSQL schema.
    static func storeURL(_ harness: EngineHarness) throws -> String {
        guard case .postgres(let url, _) = harness.configuration.store else { throw CancellationError() }
        return url.value
    }

    /// `count` pollers on the harness's schema, named `p1`…, egresses `e1`…
    static func pollers(_ count: Int, harness: EngineHarness, overrides: [String: String] = [:]) throws -> [Poller] {
        try (1...count).map { index in
            // Leases of ten minutes: the compressed Sunday passes every five minutes between
            // its busy moments, and a lease must outlast two passes.
            let flags = ["store.url": try storeURL(harness), "cluster.egress": "e\(index)", "cluster.poller_id": "p\(index)",
                         "cluster.lease_clock": "pass", "cluster.lease_seconds": "600",
                         "activities.new_user_scope": harness.configuration.newUserScope.rawValue]
                .merging(overrides) { $1 }
            let configuration = try TestWiring.configuration(sleeper: harness.base, directory: harness.directory, overrides: flags)
            let store = try TestWiring.openStore(configuration)
            return Poller(name: "p\(index)", configuration: configuration, scheduler: try TestWiring.scheduler(configuration, now: harness.clock.dateSource, store: store), store: store)
        }
    }

    /// The person Sunday with `count` pollers taking turns at every pass instant (`active`
    /// says which take part at an instant: a poller left out has stopped).
    func personDay(scope: String, pollers count: Int, active: @escaping (Int, Date) -> Bool = { _, _ in true }) async throws -> Day {
        try await withPersonSundayHarness(overrides: ["activities.new_user_scope": scope], store: .postgres) { harness in
            _ = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
            let sink = RecordingSink()
            let pollers = try Self.pollers(count, harness: harness)
            var day = Day()
            for time in PersonSunday.passTimes() {
                harness.setNow(time)
                for (index, poller) in pollers.enumerated() where active(index, time) {
                    _ = try await poller.scheduler.runPass(at: time, mode: .live, sinks: [sink])
                }
                day.passes += 1
            }
            for poller in pollers {
                day.calls[poller.name] = try poller.store.callLog()
                day.shares[poller.name] = await poller.scheduler.workShare
                day.refills[poller.name] = await poller.scheduler.cacheRefills
            }
            day.events = sink.events
            day.milestones = PersonSunday.lifecycle(sink.events)
            return day
        }
    }

    /// `actual` is `expected` but for times up to one pass (a minute) later: a person's
    /// activity is stepped by the poller holding its lease from snapshots other pollers
    /// fetched, so a move one of them fetched after its pass shows a pass later.
    static func expectWithinAPass(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        func parts(_ line: String) -> (text: String, minute: Int) {
            var words = line.split(separator: " ").map(String.init)
            let time = words.count > 2 ? words.remove(at: 2) : ""
            let clock = time.split(separator: "T").last.map { $0.split(separator: ":").compactMap { Int($0) } } ?? []
            let day = Int(time.prefix(2)) ?? 0
            return (words.joined(separator: " "), day * 1440 + (clock.first ?? 0) * 60 + (clock.last ?? 0))
        }
        #expect(actual.map { parts($0).text } == expected.map { parts($0).text }, sourceLocation: sourceLocation)
        for (got, wanted) in zip(actual, expected) {
            let late = parts(got).minute - parts(wanted).minute
            #expect((0...1).contains(late), "\(got) instead of \(wanted)", sourceLocation: sourceLocation)
        }
    }

    /// Every (minute, league) fetched by more than one poller, and every feed call made by
    /// more than one poller in a minute.
    static func fetchedTwice(_ day: Day) -> [String] {
        var byMinute: [String: Set<String>] = [:]
        for (poller, calls) in day.calls {
            for call in calls where call.path.contains("/matchups/") || call.kind != "league" {
                let minute = Int(call.at.timeIntervalSince1970 / 60)
                byMinute["\(minute) \(call.path)", default: []].insert(poller)
            }
        }
        return byMinute.filter { $0.value.count > 1 && !$0.key.contains("players/nfl") }.map { "\($0.key) by \($0.value.sorted())" }.sorted()
    }

    @Test("Three pollers in person scope: the same Sunday as one poller, each league fetched by one poller at a time")
    func personScopeThreePollers() async throws {
        let day = try await personDay(scope: "person", pollers: 3)
        Self.expectWithinAPass(day.milestones, PersonSundayTests.personDay)
        #expect(Self.fetchedTwice(day) == [])
        // Six leagues over three equal budgets: two each; one person, one leader.
        #expect(day.shares.values.map { $0.leagues?.count ?? -1 }.sorted() == [2, 2, 2])
        #expect(day.shares.values.map { $0.persons?.count ?? -1 }.sorted() == [0, 0, 1])
        #expect(day.shares.values.filter(\.leads).count == 1)
        // Every poller fetched its leagues; only the leader fetched the feeds.
        for (poller, calls) in day.calls {
            #expect(calls.contains { $0.path.contains("/matchups/") }, "\(poller) fetched no league")
        }
        #expect(day.calls.values.filter { $0.contains { $0.path.contains("state/nfl") } }.count == 1)
        // The others' passes are folded in, not refilled: a refill when a poller starts and
        // when it claims more (its share settling), not once a pass.
        #expect(day.passes > 100)
        for (poller, refills) in day.refills { #expect(refills <= 4, "\(poller) refilled its cache \(refills) times") }
    }

    @Test("Three pollers in league scope: each league's activities as one poller gives them")
    func leagueScopeThreePollers() async throws {
        let day = try await personDay(scope: "league", pollers: 3)
        let byLeague = Dictionary(grouping: day.events, by: \.activity).mapValues { PersonSunday.milestones($0).map(\.summary) }
        #expect(byLeague.values.sorted { $0.description < $1.description } == PersonSundayTests.leagueDay.values.sorted { $0.description < $1.description })
        #expect(Self.fetchedTwice(day) == [])
    }

    @Test("A joining poller holds its share by its second pass; one that leaves cleanly hands its leagues to the others at their next pass")
    func joinAndLeave() async throws {
        try await withPersonSundayHarness(overrides: ["activities.new_user_scope": "league"], store: .postgres) { harness in
            _ = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
            let sink = RecordingSink()
            let pollers = try Self.pollers(3, harness: harness, overrides: ["cluster.lease_seconds": "120"])
            var time = utc("2026-11-22T17:00:00Z")
            func pass(_ which: [Int]) async throws -> [Int] {
                harness.setNow(time)
                for index in which { _ = try await pollers[index].scheduler.runPass(at: time, mode: .live, sinks: [sink]) }
                time += 30
                var counts: [Int] = []
                for poller in pollers { counts.append(await poller.scheduler.workShare.leagues?.count ?? 0) }
                return counts
            }
            // p1 alone holds all six. p2 joins: at its first pass nothing is free (p1 passed
            // before it heartbeated); p1's next pass releases three, and p2's second claims them.
            #expect(try await pass([0]) == [6, 0, 0])
            #expect(try await pass([0, 1]) == [6, 0, 0])
            #expect(try await pass([0, 1]) == [3, 3, 0])
            // p3 joins the same way: its share by its second pass.
            #expect(try await pass([0, 1, 2]) == [3, 3, 0])
            #expect(try await pass([0, 1, 2]) == [2, 2, 2])
            // p2 leaves cleanly: its leagues are free at once, and the others' next pass takes them.
            try await pollers[1].scheduler.leaveCluster(always: true)
            #expect(try await pass([0, 2]) == [3, 0, 3])
            #expect(try await pass([0, 2]) == [3, 0, 3])
        }
    }

    @Test("A league nobody follows any more leaves the lease table, and the shares divide what is left")
    func leagueGone() async throws {
        try await withPersonSundayHarness(overrides: ["activities.new_user_scope": "league"], store: .postgres) { harness in
            let registrations = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
            let sink = RecordingSink()
            let pollers = try Self.pollers(2, harness: harness, overrides: ["cluster.lease_seconds": "120"])
            let cluster = try #require(pollers[0].store as? any ClusterStore)
            var time = utc("2026-11-22T17:00:00Z")
            for _ in 0..<3 {
                for poller in pollers { _ = try await poller.scheduler.runPass(at: time, mode: .live, sinks: [sink]) }
                time += 30
            }
            #expect(try cluster.leaseCount(.league) == 6)
            let gone = try #require(registrations.first)
            let service = RegistrationService(store: try harness.store(), sleeper: try harness.environment().sleeper, newUserScope: .league)
            _ = try service.remove(id: gone.id, at: time, sinks: [.live: [sink.route]], display: DisplayContext(now: time, timeZone: .gmt, localeIdentifier: "en_US"))
            for _ in 0..<3 {
                for poller in pollers { _ = try await poller.scheduler.runPass(at: time, mode: .live, sinks: [sink]) }
                time += 30
            }
            #expect(try cluster.leaseCount(.league) == 5)
            #expect(!(try cluster.leases(.league)).contains { $0.key == gone.leagueID })
            var held: [Int] = []
            for poller in pollers { held.append(await poller.scheduler.workShare.leagues?.count ?? 0) }
            #expect(held.sorted() == [2, 3])
        }
    }

    @Test("A poller that stops: the others take its leagues over within a lease and the Sunday is unchanged")
    func pollerStops() async throws {
        // p3 stops at 18:00, in the middle of the late games.
        let stop = utc("2026-11-22T18:00:00Z")
        let day = try await personDay(scope: "person", pollers: 3) { index, time in index != 2 || time < stop }
        Self.expectWithinAPass(day.milestones, PersonSundayTests.personDay)
        #expect(Self.fetchedTwice(day) == [])
        #expect(day.shares["p1"].flatMap(\.leagues)?.count == 3)
        #expect(day.shares["p2"].flatMap(\.leagues)?.count == 3)
        #expect(day.calls["p3"]?.allSatisfy { $0.at < stop } == true)
    }
}
