import Foundation

/// Makes a person's view from their leagues' matchups now. Pure.
///
/// - Shown: every league with a starter that day (a kickoff on the person's calendar day, or
///   a starter playing now), and every league the activity already showed, so rows never
///   vanish at midnight during Sunday night's grace. A league with every starter on bye is
///   not shown. A league without a view now (its matchups failed) keeps the one it showed.
/// - Highlighted: the pinned league when it is shown; else the last highlight while it
///   still has starters playing or to play (it must not flip every pass); else the most
///   relevant league with a starter playing (then to play), best ball only when nothing
///   else is shown.
public enum PersonViewBuilder {
    /// One registration of the person, with its matchup now (`nil`: no usable snapshot yet).
    public struct Candidate: Sendable, Hashable {
        public let registrationID: Int64
        public let leagueID: String
        public let isBestBall: Bool
        public let view: MatchupView?

        public init(registrationID: Int64, leagueID: String, isBestBall: Bool, view: MatchupView?) {
            self.registrationID = registrationID
            self.leagueID = leagueID
            self.isBestBall = isBestBall
            self.view = view
        }
    }

    public static func view(_ candidates: [Candidate], previous: PersonView?, pinnedLeagueID: String?, now: Date, timeZone: TimeZone) -> PersonView {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var shown: [PersonLeague] = []
        for candidate in candidates.sorted(by: { $0.registrationID < $1.registrationID }) {
            let before = previous?.league(registrationID: candidate.registrationID)
            guard let view = candidate.view ?? before?.view else { continue }
            guard before != nil || hasStarterToday(view, now: now, calendar: calendar) else { continue }
            shown.append(PersonLeague(registrationID: candidate.registrationID, leagueID: candidate.leagueID, isBestBall: candidate.isBestBall, view: view))
        }
        return PersonView(leagues: shown, highlight: highlight(shown, previous: previous?.highlight, pinnedLeagueID: pinnedLeagueID))
    }

    static func hasStarterToday(_ view: MatchupView, now: Date, calendar: Calendar) -> Bool {
        view.me.starters.contains { starter in
            switch starter.state {
            case .notPlaying: false
            case .playing: true
            case .toPlay, .done: starter.kickoff.map { calendar.isDate($0, inSameDayAs: now) } ?? false
            }
        }
    }

    static func highlight(_ shown: [PersonLeague], previous: Int64?, pinnedLeagueID: String?) -> Int64? {
        if let pinnedLeagueID, let pinned = shown.first(where: { $0.leagueID == pinnedLeagueID }) { return pinned.registrationID }
        if let previous, let kept = shown.first(where: { $0.registrationID == previous }), kept.hasStartersLeft { return previous }
        let eligible = shown.contains { !$0.isBestBall } ? shown.filter { !$0.isBestBall } : shown
        let best = eligible.enumerated().max { a, b in
            let left = rank(a.element), right = rank(b.element)
            // Equal ranks keep the earlier row (`max` keeps the last of equals otherwise).
            return left != right ? left < right : a.offset > b.offset
        }?.element
        guard let best else { return nil }
        // Nobody has anything left: the last highlight stays (the final moments are its).
        if !best.hasStartersLeft, let previous, shown.contains(where: { $0.registrationID == previous }) { return previous }
        return best.registrationID
    }

    /// Playing beats to play beats done; then the push policy's relevance (more starters
    /// playing, a closer margin).
    private static func rank(_ league: PersonLeague) -> (Int, Double) {
        let counts = league.view.me.counts
        let tier = counts.playing > 0 ? 2 : (counts.toPlay > 0 ? 1 : 0)
        return (tier, PushPolicy.relevanceScore(league.view, phase: .live))
    }
}
