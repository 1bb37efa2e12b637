import Foundation
import SidelineCore

/// Sleeper's public API, as Sideline uses it. The real one is ``HTTPSleeperClient``.
public protocol SleeperClient: Sendable {
    func nflState() async throws(SleeperError) -> NFLState
    /// A user by username or user id. Unknown users throw ``SleeperError/userNotFound(_:)``.
    func user(_ usernameOrID: String) async throws(SleeperError) -> SleeperUser
    func leagues(userID: String, season: String) async throws(SleeperError) -> [League]
    /// Unknown leagues throw ``SleeperError/leagueNotFound(_:)``.
    func league(_ leagueID: String) async throws(SleeperError) -> League
    func rosters(leagueID: String) async throws(SleeperError) -> [Roster]
    func members(leagueID: String) async throws(SleeperError) -> [LeagueMember]
    /// A league's matchups for a week, conditional on `ifNoneMatch` (the ETag of the copy
    /// the caller holds). The scheduler keeps that ETag in the snapshot row itself, so the
    /// two can never disagree (ADR 016).
    func matchups(leagueID: String, week: Int, ifNoneMatch: String?) async throws(SleeperError) -> MatchupsAnswer
    /// The full `players/nfl` download (~14 MB), reduced to the compact index.
    func players() async throws(SleeperError) -> PlayersIndex
}

/// Which NFL games are on. The default is Sleeper's scores feed with ESPN as fallback.
public protocol GameStatusSource: Sendable {
    func schedule(season: String, seasonType: SeasonType, week: Int) async throws(SleeperError) -> WeekSchedule
    /// The schedule as `source` gives it (the planner's choice, ADR 030), with every source
    /// asked on the way and how each that failed did: the caller rests each that pushed back.
    func observe(season: String, seasonType: SeasonType, week: Int, from source: StatusSource) async -> GameStatusObservation
}

extension GameStatusSource {
    /// A single source answers whichever source is asked for, or fails as it.
    public func observe(season: String, seasonType: SeasonType, week: Int, from source: StatusSource) async -> GameStatusObservation {
        do {
            return .answer(try await schedule(season: season, seasonType: seasonType, week: week), from: source)
        } catch {
            return .failure(error, from: source)
        }
    }
}

/// Every call to Sleeper's hosts passes this gate first, so the process-wide (and,
/// persisted, cross-process) per-minute budget is never exceeded. The engine's
/// implementation records the call in SQLite before it is made.
public protocol CallGate: Sendable {
    /// Throws ``SleeperError/budgetExhausted(endpoint:)`` when the call may not be made now.
    func admit(_ call: SleeperCall) async throws(SleeperError)
}

/// What kind of call is being made, for the budget's priorities and the logs.
public struct SleeperCall: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case state, user, leagues, league, rosters, members, matchups, players, scores, stats, projections
    }
    public let kind: Kind
    /// The path without host, e.g. `/v1/league/123/matchups/2`.
    public let path: String
    /// Registration calls may use the headroom the scheduler leaves free.
    public let isRegistration: Bool

    public init(kind: Kind, path: String, isRegistration: Bool = false) {
        self.kind = kind
        self.path = path
        self.isRegistration = isRegistration
    }
}

/// A gate that admits everything (for tools and tests that do not count calls).
public struct OpenCallGate: CallGate {
    public init() {}
    public func admit(_ call: SleeperCall) async throws(SleeperError) {}
}

/// What a conditional matchups call came back with.
public enum MatchupsAnswer: Sendable, Hashable {
    /// Sleeper answered 304 Not Modified to the ETag sent: the caller's copy is current.
    case unchanged
    /// A new body, and the ETag to send next time (`nil` when Sleeper sent none).
    case changed([MatchupEntry], etag: String?)
}

/// Remembers ETags and bodies so a repeated GET can send `If-None-Match` and accept `304`.
public protocol ResponseCache: Sendable {
    func cached(for url: String) async -> CachedResponse?
    func store(_ response: CachedResponse, for url: String) async
}

public struct CachedResponse: Sendable, Hashable {
    public let etag: String
    public let body: Data
    public init(etag: String, body: Data) {
        self.etag = etag
        self.body = body
    }
}

/// Everything that can go wrong talking to Sleeper or a status feed, with a message a
/// self-hoster can act on.
public enum SleeperError: Error, Sendable, Equatable, CustomStringConvertible {
    case userNotFound(String)
    case leagueNotFound(String)
    /// Sleeper answered an error status; `retryAfter` is in seconds when it said.
    case http(status: Int, url: String, retryAfter: Double?)
    /// No answer: connection refused, DNS, timeout.
    case unreachable(url: String, reason: String)
    /// An answer that is not what the endpoint returns.
    case malformed(url: String, reason: String)
    /// The call budget for this minute is spent, or the endpoint is backing off.
    case budgetExhausted(endpoint: String)

    public var description: String {
        switch self {
        case .userNotFound(let name): "Sleeper has no user named \"\(name)\""
        case .leagueNotFound(let id): "Sleeper has no league with id \(id)"
        case .http(let status, let url, _): "Sleeper answered HTTP \(status) for \(url)"
        case .unreachable(let url, let reason): "could not reach \(url): \(reason)"
        case .malformed(let url, let reason): "unexpected answer from \(url): \(reason)"
        case .budgetExhausted(let endpoint): "the Sleeper call budget is spent for this minute (\(endpoint) postponed)"
        }
    }

    /// Whether the endpoint should back off (rate limiting, blocking, server trouble).
    public var isBackoff: Bool {
        if case .http(let status, _, _) = self { return status == 429 || status == 403 || status >= 500 }
        return false
    }
}
