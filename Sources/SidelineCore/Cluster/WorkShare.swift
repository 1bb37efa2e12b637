import Foundation

/// The part of the work this poller does in a pass (issue 32): the leagues it fetches and
/// whose league-scope registrations it steps, the persons whose activities it steps, and
/// whether it leads (fetches the shared feeds and delivers the outbox). Pure: made from
/// the leases the pass holds; a single poller's share is ``everything``.
public struct WorkShare: Sendable, Hashable {
    /// The leagues held; `nil`: every league.
    public let leagues: Set<String>?
    /// The person-scope users held; `nil`: every person.
    public let persons: Set<String>?
    /// Holds the `feeds` lease: fetches `state/nfl`, game statuses and the stats feeds for
    /// everyone, and delivers the outbox.
    public let leads: Bool

    public init(leagues: Set<String>?, persons: Set<String>?, leads: Bool) {
        self.leagues = leagues
        self.persons = persons
        self.leads = leads
    }

    /// One poller: every league, every person, the feeds.
    public static let everything = WorkShare(leagues: nil, persons: nil, leads: true)

    public func owns(league leagueID: String) -> Bool { leagues?.contains(leagueID) ?? true }
    public func owns(person sleeperUserID: String) -> Bool { persons?.contains(sleeperUserID) ?? true }

    /// Whether this poller makes `call`: the shared feeds only when it leads, a league's
    /// calls only when it holds the league (`leagueOf` names a renewal's league). The
    /// players index is every poller's own (one call a day each: the issue allows it, and
    /// a poller that lost the feeds lease must still map lineups).
    public func makes(_ call: PlannedCall, leagueOf: (Int64) -> String?) -> Bool {
        switch call {
        case .nflState, .schedule, .statLines: leads
        case .players: true
        case .matchups(let leagueID, _), .leagueSettings(let leagueID): owns(league: leagueID)
        case .leagueRenewal(let registrationID): leagueOf(registrationID).map { owns(league: $0) } ?? false
        }
    }
}
