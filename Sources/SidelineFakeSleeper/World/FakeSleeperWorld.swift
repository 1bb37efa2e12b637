import Foundation
import SidelineCore
import Synchronization

/// The fake Sleeper's state: what it serves, what fails, and what it was asked.
///
/// Thread-safe (one `Mutex`). Data comes either from the stored snapshot (edited with the
/// setters) or, when a provider is installed, from `provider(now)`, where `now` is the
/// simulated instant set with ``setNow(_:)`` — the world never reads the wall clock.
public final class FakeSleeperWorld: Sendable {
    /// Builds the world as it is at a simulated instant (a scripted game day).
    public typealias Provider = @Sendable (Date) -> FakeWorldSnapshot
    /// Answers a request (path, query) at a simulated instant without building a snapshot;
    /// `nil` falls through to the snapshot. For worlds too big to rebuild per request. A
    /// name repeated in the query (`position[]`) has its values comma-joined.
    public typealias Router = @Sendable (_ path: String, _ query: [String: String], _ now: Date) -> (status: Int, body: Data)?

    struct State {
        var snapshot: FakeWorldSnapshot
        var provider: Provider?
        var router: Router?
        var now: Date
        var failures: [FakeFailure] = []
        var changes = FakeScriptedChanges()
        var log: [FakeRequestRecord] = []
        var recording = true
        /// Sleeper's per-address limit, when a test turns it on (``FakeAddressLimit``).
        var addressLimiter: FakeAddressLimiter?
        /// Answers already built for the current instant and data (a replay asks the same
        /// questions many times a simulated minute; rebuilding them dominated its run time).
        var answers: [String: FakeSleeperRoutes.Answer] = [:]

        mutating func invalidate() { answers.removeAll(keepingCapacity: true) }
    }

    let state: Mutex<State>

    public init(_ snapshot: FakeWorldSnapshot = FakeWorldSnapshot(), now: Date = Date(timeIntervalSince1970: 0)) {
        state = Mutex(State(snapshot: snapshot, provider: nil, now: now))
    }

    // MARK: Clock and provider

    public func setNow(_ now: Date) {
        state.withLock { state in
            if state.now != now { state.invalidate() }
            state.now = now
        }
    }
    public var now: Date { state.withLock { $0.now } }

    /// Installs (or with `nil` removes) a provider; while installed it wins over the setters.
    public func setProvider(_ provider: Provider?) {
        state.withLock { state in
            state.provider = provider
            state.invalidate()
        }
    }

    /// Installs (or with `nil` removes) a router, consulted before the snapshot.
    public func setRouter(_ router: Router?) {
        state.withLock { $0.router = router }
    }

    /// The router's answer for a request at the current instant, if a router is installed and answers.
    func route(path: String, query: [String: String]) -> FakeSleeperRoutes.Answer? {
        let (router, now) = state.withLock { ($0.router, $0.now) }
        guard let answer = router?(path, query, now) else { return nil }
        return FakeSleeperRoutes.Answer(status: answer.status, body: answer.body)
    }

    /// What the fake serves right now, with the scripted corrections and overrides due.
    public func currentSnapshot() -> FakeWorldSnapshot {
        let (provider, now, snapshot, changes) = state.withLock { ($0.provider, $0.now, $0.snapshot, $0.changes) }
        // The provider runs outside the lock: it may be slow and must not block the log.
        let served = provider?(now) ?? snapshot
        return changes.isEmpty ? served : changes.applied(to: served, at: now)
    }

    // MARK: Scripted changes

    /// From `correction.from` on, the stats feed and the matchups show the corrected stat.
    /// (Scripted changes apply to the snapshot, not to a ``Router``'s answers.)
    public func correctStat(_ correction: FakeStatCorrection) {
        state.withLock { state in
            state.changes.corrections.append(correction)
            state.invalidate()
        }
    }

    /// From `override.from` on, the roster's matchups entry carries `custom_points`.
    public func overridePoints(_ override: FakePointsOverride) {
        state.withLock { state in
            state.changes.overrides.append(override)
            state.invalidate()
        }
    }

    /// Forgets every scripted correction and override.
    public func clearScriptedChanges() {
        state.withLock { state in
            state.changes = FakeScriptedChanges()
            state.invalidate()
        }
    }

    // MARK: Setters

    /// Edits the stored snapshot in place.
    public func update(_ body: (inout FakeWorldSnapshot) -> Void) {
        state.withLock { state in
            body(&state.snapshot)
            state.invalidate()
        }
    }

    /// The answer for `key` at the current instant, built once.
    func answer(for key: String, build: (FakeWorldSnapshot) -> FakeSleeperRoutes.Answer) -> FakeSleeperRoutes.Answer {
        if let cached = state.withLock({ $0.answers[key] }) { return cached }
        let (now, answer) = { () -> (Date, FakeSleeperRoutes.Answer) in
            let now = self.now
            return (now, build(currentSnapshot()))
        }()
        state.withLock { state in
            // Only keep it if the world did not move on while it was being built.
            if state.now == now { state.answers[key] = answer }
        }
        return answer
    }

    public func setState(_ value: NFLState) { update { $0.state = value } }
    public func addUser(_ user: SleeperUser) { update { $0.users.append(user) } }
    public func setLeague(_ league: League, members: [LeagueMember], rosters: [Roster], forUsers userIDs: [String] = []) {
        update { world in
            world.leagues.removeAll { $0.leagueID == league.leagueID }
            world.leagues.append(league)
            world.members[league.leagueID] = members
            world.rosters[league.leagueID] = rosters
            for userID in userIDs where !(world.leagueIDsByUser[userID] ?? []).contains(league.leagueID) {
                world.leagueIDsByUser[userID, default: []].append(league.leagueID)
            }
        }
    }
    public func setMatchups(_ matchups: [FakeMatchup], leagueID: String, week: Int) {
        update { $0.matchups[MatchupKey(leagueID: leagueID, week: week)] = matchups }
    }
    public func setPlayersJSON(_ body: Data) { update { $0.playersJSON = body } }
    public func setGames(_ games: [FakeGame], seasonType: SeasonType, season: String, week: Int) {
        update { $0.games[GamesKey(seasonType: seasonType, season: season, week: week)] = games }
    }

    // MARK: Failure injection

    /// Makes requests under `pathPrefix` misbehave, for the next `times` requests or until
    /// cleared; with `during`, only while the simulated clock is in that range (a feed that
    /// breaks at 2 pm and recovers at 3 in a scripted day).
    public func inject(_ response: FakeFailure.Response, forPathPrefix pathPrefix: String, times: Int? = nil, during: Range<Date>? = nil) {
        state.withLock { $0.failures.append(FakeFailure(pathPrefix: pathPrefix, response: response, times: times, during: during)) }
    }

    public func clearFailures() { state.withLock { $0.failures.removeAll() } }

    /// The failure that applies to `path`, consuming one use of it.
    func takeFailure(for path: String) -> FakeFailure.Response? {
        state.withLock { state in
            let now = state.now
            guard let index = state.failures.firstIndex(where: { $0.applies(to: path, at: now) }) else { return nil }
            let failure = state.failures[index]
            if let remaining = failure.remaining {
                if remaining <= 1 { state.failures.remove(at: index) } else { state.failures[index].remaining = remaining - 1 }
            }
            return failure.response
        }
    }

    // MARK: Request log

    /// Stops (or resumes) keeping the request log: a load test makes millions of requests.
    public func setRecording(_ recording: Bool) { state.withLock { $0.recording = recording } }

    public var requests: [FakeRequestRecord] { state.withLock { $0.log } }

    public func requestCount(pathPrefix: String) -> Int {
        state.withLock { $0.log.count { $0.path.hasPrefix(pathPrefix) } }
    }

    public func clearRequests() { state.withLock { $0.log.removeAll() } }
}
