import Foundation
import Testing
import SidelineCore
import SidelineFakeSleeper
import SidelineTestSupport

/// Issue 32's scenarios with real parts: three `sideline` processes per minute ("pollers"
/// on hosts a, b and c, each bound to its own source address) sharing a fresh PostgreSQL
/// schema, against a fake Sleeper that answers 429 to an address past its budget, through
/// the London kickoff of ``PersonSundayScript`` (six leagues). `demo_pat`, `demo_rival` and
/// `demo_sam` are registered: in league scope, seven activities start at 14:31 (Pat's
/// London league and the rival's six, his lineup having a London starter); in person
/// scope, Pat's and the rival's (Sam's waits for the 1:00 games).
///
/// Time is the tests': ticks run with `--now` on the pass clock, a minute apart, leases of
/// two minutes; a lease expires because the test drove two minutes past it, never by waiting.
@Suite("Several pollers as real processes on PostgreSQL", .enabled(if: StoreUnderTest.available.contains(.postgres), "needs the PostgreSQL test server (scripts/test-env)"))
struct CLIClusterScenarioTests {
    static let scopes = ["league", "person"]
    static let users = [PersonSundayScript.pat.username, PersonSundayScript.rival.username, PersonSundayScript.sam.username]
    static let cold = utc("2026-11-22T14:27:00Z")
    static let kickoff = GameDayScript.londonKickoff
    /// The minute the London starts arrive with a single poller.
    static let startMinute = kickoff + 60

    /// Activities that start at the London kickoff, by scope.
    static func expectedStarts(_ scope: String) -> Int { scope == "league" ? 7 : 2 }

    /// Three pollers on a fresh schema against the scripted Sunday, the users registered
    /// in `scope`.
    func withCluster(scope: String, _ body: (ClusterPollers) async throws -> Void) async throws {
        try await withClusterPollers(scope: scope, sundayAt: Self.cold - 600, users: Self.users, body)
    }

    /// What holds in every scenario: each tick that was not killed exited 0; no league
    /// fetched twice in a minute; no address refused a call or over its budget in a minute;
    /// one start per activity at the sinks, `expected` of them, each by `latest`; no event
    /// doubled.
    static func expectNothingLostOrDoubled(_ cluster: ClusterPollers, scope: String, startsBy latest: Date,
                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        for tick in cluster.ticks where tick.output.signal == nil {
            #expect(tick.output.status == 0, "\(tick.poller) at \(iso(tick.minute)): \(tick.output)", sourceLocation: sourceLocation)
        }
        #expect(cluster.fetchedTwiceInAMinute() == [], sourceLocation: sourceLocation)
        #expect(cluster.world.rateLimitedCount() == 0, "\(cluster.world.requestCountsByAddress())", sourceLocation: sourceLocation)
        for (address, most) in cluster.mostCallsInAMinute() {
            #expect(most <= cluster.budget, "\(address): \(most) calls in a minute", sourceLocation: sourceLocation)
        }
        let events = try cluster.sinkEvents()
        let starts = Dictionary(grouping: events.filter { $0.event == "start" }, by: \.activity)
        #expect(starts.count == expectedStarts(scope), "\(starts.keys.sorted())\n\(cluster.timeline())", sourceLocation: sourceLocation)
        for (activity, delivered) in starts {
            #expect(delivered.count == 1, "\(activity) started \(delivered.count) times", sourceLocation: sourceLocation)
            #expect(delivered.allSatisfy { $0.arrived <= latest }, "\(activity) arrived \(delivered.map { iso($0.arrived) })", sourceLocation: sourceLocation)
        }
        let doubled = Dictionary(grouping: events) { "\($0.activity) \($0.event) \($0.reason) \(iso($0.at))" }.filter { $0.value.count > 1 }
        #expect(doubled.isEmpty, "\(doubled.keys.sorted())", sourceLocation: sourceLocation)
    }

    /// What the pause scenario leaves: the paused poller, its tick, the league it was held
    /// on, and the minute it was resumed at.
    struct Paused {
        let poller: ClusterPollers.Poller
        let tick: ClusterPollers.Tick
        let league: String
        let resumedAt: Date
        let newestFetchBeforeResume: Date?
    }

    /// From cold to the kickoff; then a follower's kickoff tick held on one of its leagues'
    /// matchups (its other calls made), SIGSTOP, the others driven two minutes past its lease
    /// (they take its leagues), SIGCONT and its tick waited for.
    static func pauseMidFetch(_ cluster: ClusterPollers) async throws -> Paused {
        try await cluster.minutes(from: cold, through: kickoff)
        let (paused, matchups) = try cluster.follower()
        let others = cluster.pollers.filter { $0 != paused }
        let resumedAt = startMinute + TimeInterval(cluster.leaseSeconds) + 60
        let held = try #require(matchups.first)
        let league = String(held.split(separator: "/")[2])
        cluster.begin(startMinute)
        var newest: Date?
        let tick = try await cluster.tick(paused, at: startMinute, heldOn: held, alsoWaitFor: Array(matchups.dropFirst())) { child in
            child.pause()
            for poller in others { _ = try await cluster.tick(poller, at: startMinute) }
            try await cluster.minutes(from: startMinute + 60, through: resumedAt, others)
            #expect(try cluster.shares(.league)[paused.id] == 0, "its leases were taken over while it slept")
            newest = try cluster.snapshotFetchedAt(league)
            child.resume()
        }
        return Paused(poller: paused, tick: tick, league: league, resumedAt: resumedAt, newestFetchBeforeResume: newest)
    }

    @Test("Three pollers from cold: shares settle at two leagues each by the third round, one leader, no league fetched twice in a minute, no egress over its budget", arguments: scopes)
    func threePollersFromCold(scope: String) async throws {
        try await withCluster(scope: scope) { cluster in
            try await cluster.minutes(from: Self.cold, through: Self.cold + 120)
            let holders = try cluster.holders(.league)
            #expect(try cluster.shares(.league).values.sorted() == [2, 2, 2], "\(holders)")
            // A person lease per registered user, whatever the scope: three users, one each.
            #expect(try cluster.shares(.person).values.sorted() == [1, 1, 1])
            #expect(try cluster.leader() != nil)
            try await cluster.minutes(from: Self.cold + 180, through: Self.startMinute + 120)
            #expect(try cluster.shares(.league).values.sorted() == [2, 2, 2])
            // Each poller fetched its own leagues; only one address fetched the feeds.
            let calls = cluster.calls()
            for poller in cluster.pollers {
                #expect(calls.contains { $0.address == poller.address && $0.path.contains("/matchups/") }, "\(poller) fetched no league")
            }
            #expect(Set(calls.filter { $0.path == "/v1/state/nfl" }.map(\.address)).count == 1)
            // From the lineup lock on, every league is fetched every minute, by its holder: a
            // poller's next process carries on with the leases its last one held.
            for minute in stride(from: Self.startMinute, through: Self.startMinute + 120, by: 60) {
                let fetched = Set(calls.filter { $0.minute == minute && $0.path.contains("/matchups/") }.map(\.path))
                #expect(fetched.count == PersonSundayScript.leagues.count, "\(iso(minute)): \(fetched.sorted())")
            }
            try Self.expectNothingLostOrDoubled(cluster, scope: scope, startsBy: Self.startMinute + 60)
        }
    }

    @Test("kill -9 of a poller held mid-fetch at the kickoff: the others take its leagues after its lease; every start arrives once, within a lease and a pass", arguments: scopes)
    func killedMidKickoff(scope: String) async throws {
        try await withCluster(scope: scope) { cluster in
            try await cluster.minutes(from: Self.cold, through: Self.kickoff)
            let lease = TimeInterval(cluster.leaseSeconds)
            let (victim, killed) = try await cluster.killFollowerMidFetch(at: Self.startMinute, through: Self.startMinute + lease + 120)
            #expect(killed.output.signal == 9, "SIGKILL")
            let others = cluster.pollers.filter { $0 != victim }
            // Its leagues went to the two others, three each; it made no call after the kill.
            #expect(try cluster.shares(.league) == [victim.id: 0, others[0].id: 3, others[1].id: 3])
            #expect(cluster.calls().filter { $0.address == victim.address }.allSatisfy { $0.minute <= Self.startMinute })
            try Self.expectNothingLostOrDoubled(cluster, scope: scope, startsBy: Self.startMinute + lease + 60)
        }
    }

    @Test("A poller paused mid-fetch past its lease (SIGSTOP, then SIGCONT) steps nothing stale: it exits 0, delivers nothing, no start or update doubled, and takes its share again", arguments: scopes)
    func pausedPastItsLease(scope: String) async throws {
        try await withCluster(scope: scope) { cluster in
            let paused = try await Self.pauseMidFetch(cluster)
            #expect(paused.tick.output.status == 0, "\(paused.tick.output)")
            #expect(paused.tick.output.lines.isEmpty, "a follower delivers nothing: \(paused.tick.output.stdout)")
            try await cluster.minutes(from: paused.resumedAt + 60, through: paused.resumedAt + 180)
            let holders = try cluster.holders(.league)
            #expect(try cluster.shares(.league).values.sorted() == [2, 2, 2], "\(holders)")
            try Self.expectNothingLostOrDoubled(cluster, scope: scope, startsBy: Self.startMinute + TimeInterval(cluster.leaseSeconds) + 60)
        }
    }

    @Test("A poller paused mid-fetch past its lease commits nothing for what it lost: not even the matchups snapshot it was fetching, and it says so",
          arguments: scopes)
    func pausedPollerWritesNoStaleSnapshot(scope: String) async throws {
        try await withCluster(scope: scope) { cluster in
            let paused = try await Self.pauseMidFetch(cluster)
            let newest = try #require(paused.newestFetchBeforeResume)
            #expect(newest > Self.startMinute, "the new holder fetched it after the paused poller's minute")
            #expect(try cluster.snapshotFetchedAt(paused.league) == newest, "the paused poller's answer of \(iso(Self.startMinute)) replaced the one of \(iso(newest))")
            #expect(paused.tick.output.stderr.contains("lease lost, nothing committed"), "\(paused.tick.output.stderr)")
        }
    }

    @Test("The feeds leader killed mid-feed: another poller takes the feeds within a lease, and the kickoff's starts still arrive once", arguments: scopes)
    func leaderKilled(scope: String) async throws {
        try await withCluster(scope: scope) { cluster in
            try await cluster.minutes(from: Self.cold, through: Self.cold + 120)
            let leader = try #require(try cluster.leader())
            let others = cluster.pollers.filter { $0 != leader }
            cluster.begin(Self.kickoff)
            let killed = try await cluster.tick(leader, at: Self.kickoff, heldOn: "/scores/") { child in child.kill() }
            #expect(killed.output.signal == 9, "SIGKILL")
            for poller in others { _ = try await cluster.tick(poller, at: Self.kickoff) }
            let lease = TimeInterval(cluster.leaseSeconds)
            let takenOver = Self.kickoff + lease + 60
            try await cluster.minutes(from: Self.kickoff + 60, through: takenOver + 120, others)
            let successor = try #require(try cluster.leader())
            #expect(successor != leader)
            // The feeds came from the successor's address once it led, and never again from the dead one.
            let feeds = cluster.calls().filter { $0.path == "/v1/state/nfl" || $0.path.hasPrefix("/scores/") }
            #expect(feeds.filter { $0.minute > Self.kickoff }.allSatisfy { $0.address != leader.address })
            #expect(feeds.contains { $0.minute > Self.kickoff && $0.minute <= takenOver && $0.address == successor.address })
            try Self.expectNothingLostOrDoubled(cluster, scope: scope, startsBy: Self.startMinute + lease + 60)
        }
    }
}
