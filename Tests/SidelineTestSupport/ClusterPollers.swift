import Foundation
import SidelineCore
import SidelineFakeSleeper
import SidelineStore
import Synchronization

/// Several `sideline` pollers (issue 32) as real processes on one PostgreSQL schema, as on
/// separate hosts: each its own directory, `cluster.egress` and fixed `cluster.poller_id`
/// (`host-a`, `host-b`, …) and source address (127.0.0.2, .3, …), ticking with
/// `tick --now` on the pass clock (`cluster.lease_clock=pass`) so the test drives time and
/// never sleeps for a lease to expire. Events go to the stdout sink (one JSON object a
/// line); every tick's output is kept, since only the feeds leader delivers the outbox.
/// With the fake's request log (which address called what, minute by minute) that is
/// everything a scenario asserts on.
public final class ClusterPollers: Sendable {
    public struct Poller: Sendable, Hashable, CustomStringConvertible {
        public let id: String
        public let address: String
        public var description: String { id }
    }

    /// One event as a sink got it, and the tick that printed it.
    public struct SinkEvent: Sendable, Hashable {
        public let event: String
        public let reason: String
        public let activity: String
        public let leagueID: String?
        /// The pass instant that made it (the envelope's `at`).
        public let at: Date
        /// The minute of the tick that delivered it.
        public let arrived: Date
        public let deliveredBy: String
    }

    /// One call the fake Sleeper served, with the minute the test was driving when it came.
    public struct Call: Sendable, Hashable {
        public let minute: Date
        public let address: String
        public let path: String
        public let rateLimited: Bool
    }

    /// One finished (or killed) tick.
    public struct Tick: Sendable {
        public let poller: Poller
        public let minute: Date
        public let output: ChildOutput
    }

    public let pollers: [Poller]
    public let world: FakeSleeperWorld
    /// Sleeper calls a minute each poller may make (`sleeper.max_calls_per_minute`); the fake
    /// answers 429 to an address past it.
    public let budget: Int
    public let leaseSeconds: Int
    /// The commands a self-hoster runs once (migrate, users add), outside the cluster.
    public let admin: SidelineBinary
    private let binaries: [String: SidelineBinary]
    private let store: any ClusterStore
    private let appStore: any AppStore
    private let record = Mutex<(ticks: [Tick], marks: [(minute: Date, sequence: Int)])>(([], []))

    /// `count` pollers on the schema at `storeURL`, their files under `directory`, new users in
    /// `scope`, `extra` settings over each poller's (more sinks). Installs the per-address
    /// limit on `world`.
    public init(count: Int, storeURL: String, sleeper: URL, world: FakeSleeperWorld, directory: URL,
                scope: String, budget: Int = 60, leaseSeconds: Int = 120, extra: [String: String] = [:]) throws {
        self.world = world
        self.budget = budget
        self.leaseSeconds = leaseSeconds
        pollers = (0..<count).map { index in
            let letter = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
            return Poller(id: "host-\(letter)", address: "127.0.0.\(index + 2)")
        }
        let shared = ["SIDELINE_STORE_URL": storeURL, "SIDELINE_ACTIVITIES_NEW_USER_SCOPE": scope]
        admin = SidelineBinary(directory: try Self.subdirectory("admin", of: directory), sleeper: sleeper, extra: shared)
        var binaries: [String: SidelineBinary] = [:]
        for poller in pollers {
            binaries[poller.id] = SidelineBinary(directory: try Self.subdirectory(poller.id, of: directory), sleeper: sleeper, extra: shared.merging([
                "SIDELINE_CLUSTER_EGRESS": poller.id, "SIDELINE_CLUSTER_POLLER_ID": poller.id,
                "SIDELINE_CLUSTER_LEASE_CLOCK": "pass", "SIDELINE_CLUSTER_LEASE_SECONDS": String(leaseSeconds),
                "SIDELINE_HTTP_SOURCE_ADDRESS": poller.address, "SIDELINE_SINKS_ENABLED": "stdout",
                "SIDELINE_SLEEPER_MAX_CALLS_PER_MINUTE": String(budget),
                // A paused poller's call must still be answered when it comes back, not time out:
                // what it does next (commit or not) is what the pause scenario looks at.
                "SIDELINE_SLEEPER_TIMEOUT_SECONDS": "120",
                // `debug` to read each tick's lease rounds in ``timeline()`` when a scenario fails.
                "SIDELINE_LOG_LEVEL": ProcessInfo.processInfo.environment["SIDELINE_TEST_CLUSTER_LOG_LEVEL"] ?? "warning",
            ]) { $1 }.merging(extra) { $1 })
        }
        self.binaries = binaries
        let configuration = try TestWiring.configuration(sleeper: sleeper, directory: directory, overrides: ["store.url": storeURL])
        let appStore = try TestWiring.openStore(configuration)
        guard let store = appStore as? any ClusterStore else {
            throw HarnessError("store.url \(storeURL) opened a store that is not a cluster store")
        }
        self.store = store
        self.appStore = appStore
        world.limitCallsPerAddress(FakeAddressLimit(calls: budget))
    }

    private static func subdirectory(_ name: String, of directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    public func poller(_ id: String) throws -> Poller {
        guard let poller = pollers.first(where: { $0.id == id }) else { throw HarnessError("no poller \(id)") }
        return poller
    }

    // MARK: Driving

    /// `sideline migrate`, then `users add` for each of `usernames`; throws on a failure.
    public func setUp(users usernames: [String]) async throws {
        for arguments in [["migrate"]] + usernames.map({ ["users", "add", $0] }) {
            let output = try await admin.run(arguments)
            guard output.status == 0 else { throw HarnessError("\(output)") }
        }
    }

    /// Moves the fake's clock to `minute` and runs one tick of each of `pollers`, in order.
    @discardableResult
    public func minute(_ minute: Date, _ pollers: [Poller]? = nil) async throws -> [Tick] {
        begin(minute)
        var ticks: [Tick] = []
        for poller in pollers ?? self.pollers {
            ticks.append(try await tick(poller, at: minute))
        }
        return ticks
    }

    /// ``minute(_:_:)`` for each minute from `first` to `last`.
    public func minutes(from first: Date, through last: Date, _ pollers: [Poller]? = nil) async throws {
        var time = first
        while time <= last {
            try await minute(time, pollers)
            time += 60
        }
    }

    /// Moves the fake's clock to `minute`, marking where its calls begin in the request log.
    public func begin(_ minute: Date) {
        world.setNow(minute)
        let sequence = world.requests.count
        record.withLock { $0.marks.append((minute, sequence)) }
    }

    /// One `tick --now minute --json` of `poller`, kept.
    public func tick(_ poller: Poller, at minute: Date) async throws -> Tick {
        let output = try await binary(poller).run(["tick", "--now", iso(minute), "--json"])
        return keep(Tick(poller: poller, minute: minute, output: output))
    }

    /// `poller`'s tick at `minute` (the fake's clock already there) held on its first call
    /// under `pathPrefix`: the fake answers that call only after `hold`. Once that call and
    /// the calls under `alsoWaitFor` are in, `whileHeld` runs (it may kill the child, or
    /// pause it and drive the others); then the tick is waited for, and kept.
    public func tick(_ poller: Poller, at minute: Date, heldOn pathPrefix: String, alsoWaitFor others: [String] = [],
                     for hold: Duration = .seconds(3), whileHeld: (RunningChild) async throws -> Void) async throws -> Tick {
        let from = world.requests.count
        world.inject(.delay(hold), forPathPrefix: pathPrefix, times: 1)
        let world = self.world
        let (_, output) = try await binary(poller).withRunning(["tick", "--now", iso(minute), "--json"]) { child in
            _ = try await child.waitFor("its calls under \([pathPrefix] + others) from \(poller.address)", timeout: .seconds(30)) { _ in
                let made = world.requests.dropFirst(from).filter { $0.remoteAddress == poller.address }.map(\.path)
                return ([pathPrefix] + others).allSatisfy { prefix in made.contains { $0.hasPrefix(prefix) } } ? true : nil
            }
            try await whileHeld(child)
            try await child.waitForExit(timeout: .seconds(60))
        }
        return keep(Tick(poller: poller, minute: minute, output: output))
    }

    /// At `minute`, a follower (``follower()``) is SIGKILLed while its first league's
    /// matchups call is held; the other pollers tick that minute, then alone through
    /// `last`. Returns the killed poller and its tick.
    public func killFollowerMidFetch(at minute: Date, through last: Date) async throws -> (victim: Poller, tick: Tick) {
        let (victim, matchups) = try follower()
        guard let held = matchups.first else { throw HarnessError("\(victim) holds no league") }
        let others = pollers.filter { $0 != victim }
        begin(minute)
        let killed = try await tick(victim, at: minute, heldOn: held) { child in child.kill() }
        for poller in others { _ = try await tick(poller, at: minute) }
        try await minutes(from: minute + 60, through: last, others)
        return (victim, killed)
    }

    private func binary(_ poller: Poller) throws -> SidelineBinary {
        guard let binary = binaries[poller.id] else { throw HarnessError("no poller \(poller.id)") }
        return binary
    }

    private func keep(_ tick: Tick) -> Tick {
        record.withLock { $0.ticks.append(tick) }
        return tick
    }

    // MARK: What happened

    public var ticks: [Tick] { record.withLock { $0.ticks } }

    /// Every event printed by any poller's stdout sink, in the order the ticks ended.
    public func sinkEvents() throws -> [SinkEvent] {
        try ticks.flatMap { tick in
            try tick.output.lines.map { line in
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let event = object["event"] as? String, let activity = object["activity"] as? String,
                      let at = (object["at"] as? String).flatMap(ISO8601DateFormatter().date(from:)) else {
                    throw HarnessError("\(tick.poller) printed a line that is not an event: \(line)")
                }
                return SinkEvent(event: event, reason: object["reason"] as? String ?? "", activity: activity,
                                 leagueID: object["league_id"] as? String, at: at, arrived: tick.minute, deliveredBy: tick.poller.id)
            }
        }
    }

    /// The pollers' calls in the fake's log (not the admin commands'), each with the minute
    /// being driven when it came.
    public func calls() -> [Call] {
        let marks = record.withLock { $0.marks }
        let addresses = Set(pollers.map(\.address))
        return world.requests.filter { addresses.contains($0.remoteAddress ?? "") }.map { request in
            let minute = marks.last { $0.sequence < request.sequence }?.minute ?? .distantPast
            return Call(minute: minute, address: request.remoteAddress ?? "unknown", path: request.path, rateLimited: request.rateLimited)
        }
    }

    /// Every league matchups path fetched more than once in one minute (by anyone), with who.
    public func fetchedTwiceInAMinute() -> [String] {
        let byMinute = Dictionary(grouping: calls().filter { $0.path.contains("/matchups/") }) { "\(iso($0.minute)) \($0.path)" }
        return byMinute.filter { $0.value.count > 1 }.map { "\($0.key) by \($0.value.map(\.address))" }.sorted()
    }

    /// The most Sleeper calls (API and scores feed; not ESPN) any one address made in one
    /// driven minute.
    public func mostCallsInAMinute() -> [String: Int] {
        let counted = calls().filter { !$0.path.hasPrefix("/apis/") }
        return Dictionary(grouping: counted, by: \.address).mapValues { calls in
            Dictionary(grouping: calls, by: \.minute).values.map(\.count).max() ?? 0
        }
    }

    /// Minute by minute, which poller called what, then the events at the sinks and the
    /// ticks' logs: what to read when a scenario fails.
    public func timeline() -> String {
        let byAddress = Dictionary(uniqueKeysWithValues: pollers.map { ($0.address, $0.id) })
        var lines = Dictionary(grouping: calls(), by: \.minute).sorted { $0.key < $1.key }.map { minute, calls in
            "\(iso(minute)): " + calls.map { "\(byAddress[$0.address] ?? $0.address) \($0.path)" }.joined(separator: " | ")
        }
        for event in (try? sinkEvents()) ?? [] {
            lines.append("\(event.event) \(event.reason) \(event.activity) at \(iso(event.at)), delivered at \(iso(event.arrived)) by \(event.deliveredBy)")
        }
        for tick in ticks where !tick.output.stderr.isEmpty {
            lines.append("\(tick.poller) at \(iso(tick.minute)), status \(tick.output.status): \(tick.output.stderr)")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Leases

    /// Who holds each lease of `kind` now (expired ones included: the table as it is).
    public func holders(_ kind: LeaseKind) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try store.leases(kind).compactMap { lease in lease.holder.isEmpty ? nil : (lease.key, lease.holder) })
    }

    /// How many leases of `kind` each poller holds (pollers holding none included).
    public func shares(_ kind: LeaseKind) throws -> [String: Int] {
        let held = try holders(kind)
        return Dictionary(uniqueKeysWithValues: pollers.map { poller in (poller.id, held.values.count { $0 == poller.id }) })
    }

    /// When the stored matchups snapshot of `leagueID` (this week of the scripted Sunday) was fetched.
    public func snapshotFetchedAt(_ leagueID: String) throws -> Date? {
        try appStore.snapshot(leagueID: leagueID, week: WeekKey(season: GameDayScript.season, seasonType: .regular, week: GameDayScript.week))?.fetchedAt
    }

    /// A poller that is not the leader and holds leagues, and its leagues' matchups paths.
    public func follower() throws -> (Poller, matchups: [String]) {
        let leader = try leader()
        let held = try holders(.league)
        guard let poller = pollers.first(where: { poller in poller != leader && held.values.contains(poller.id) }) else {
            throw HarnessError("no poller but the leader holds a league: \(held)")
        }
        return (poller, held.filter { $0.value == poller.id }.keys.sorted().map { "/v1/league/\($0)/matchups/" })
    }

    /// The poller holding the `feeds` lease.
    public func leader() throws -> Poller? {
        try holders(.feeds)[LeaseKind.leaderKey].flatMap { id in pollers.first { $0.id == id } }
    }
}

/// Three pollers on a fresh PostgreSQL schema against a fake Sleeper playing
/// ``PersonSundayScript`` from `start`, `users` registered in `scope`; `extra` gives more
/// settings for every poller, from a directory of the scenario's (a key file).
public func withClusterPollers(
    scope: String, sundayAt start: Date, users: [String], extra: (URL) throws -> [String: String] = { _ in [:] },
    _ body: (ClusterPollers) async throws -> Void
) async throws {
    let world = FakeSleeperWorld()
    PersonSundayScript.install(into: world, at: start)
    try await withFakeSleeper(world) { base, world in
        try await withTemporaryDirectory("cluster") { directory in
            try await StoreUnderTest.postgres.withLocation { overrides in
                guard let url = overrides["store.url"] else { throw HarnessError("no store.url for PostgreSQL") }
                let cluster = try ClusterPollers(count: 3, storeURL: url, sleeper: base, world: world, directory: directory,
                                                 scope: scope, extra: try extra(directory))
                try await cluster.setUp(users: users)
                try await body(cluster)
            }
        }
    }
}
