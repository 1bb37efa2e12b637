import Foundation

/// One league of a person's activity: a registration of theirs and its matchup now.
public struct PersonLeague: Sendable, Codable, Hashable {
    public let registrationID: Int64
    public let leagueID: String
    /// Every rostered player counts: shown, never the default highlight.
    public let isBestBall: Bool
    public let view: MatchupView

    public init(registrationID: Int64, leagueID: String, isBestBall: Bool, view: MatchupView) {
        self.registrationID = registrationID
        self.leagueID = leagueID
        self.isBestBall = isBestBall
        self.view = view
    }

    /// Starters still playing or to play: a highlight is kept while it has some.
    var hasStartersLeft: Bool {
        let counts = view.me.counts
        return counts.playing + counts.toPlay > 0
    }
}

/// Everything a person's activity shows: each of their leagues with a starter that day, in
/// a stable order (by registration), and the one highlighted for the Dynamic Island. The
/// input of the person's lifecycle (what changed?) and of its display (ADR 039).
public struct PersonView: Sendable, Codable, Hashable {
    public let leagues: [PersonLeague]
    /// The highlighted league's registration; `nil` only when no league is shown.
    public let highlight: Int64?

    public init(leagues: [PersonLeague], highlight: Int64?) {
        self.leagues = leagues
        self.highlight = highlight
    }

    /// The highlighted league, or the first shown.
    public var highlighted: PersonLeague? {
        leagues.first { $0.registrationID == highlight } ?? leagues.first
    }

    public func league(registrationID: Int64) -> PersonLeague? {
        leagues.first { $0.registrationID == registrationID }
    }
}

extension PersonView: LifecycleView {
    public var hasStarterPlaying: Bool { leagues.contains { $0.view.hasStarterPlaying } }

    public var nextStarterKickoff: Date? { leagues.compactMap(\.view.nextStarterKickoff).min() }

    public func sameApartFromChance(as other: PersonView) -> Bool {
        guard highlight == other.highlight, leagues.count == other.leagues.count else { return false }
        return zip(leagues, other.leagues).allSatisfy { mine, theirs in
            mine.registrationID == theirs.registrationID && mine.view.sameApartFromChance(as: theirs.view)
        }
    }

    public static func updateReason(from old: PersonView, to new: PersonView) -> LifecycleReason {
        guard old.leagues.map(\.registrationID) == new.leagues.map(\.registrationID) else { return .players }
        let changed = zip(old.leagues, new.leagues).contains { MatchupView.updateReason(from: $0.view, to: $1.view) == .players }
        return changed ? .players : .points
    }

    public var swingMatchup: (key: String, view: MatchupView)? {
        highlighted.map { (String($0.registrationID), $0.view) }
    }
}

/// A person's lifecycle for one NFL week, over all their leagues.
public typealias PersonLifecycleState = ActivityLifecycle<PersonView>
/// One event of a person's activity.
public typealias PersonEvent = ActivityEvent<PersonView>
