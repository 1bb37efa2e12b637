import Foundation

/// One reading per league of a person's view, made once per event: the rows, the summary,
/// the highlighted league's copy and the push policy all read them.
struct PersonReadings {
    struct League {
        let league: PersonLeague
        let reading: MatchupReading
        /// The league's own phase (``PersonDisplay/phase(of:activityPhase:)``).
        let phase: DisplayPhase
    }

    let view: PersonView
    /// The activity's phase.
    let phase: DisplayPhase
    let leagues: [League]

    init(view: PersonView, phase: DisplayPhase) {
        self.view = view
        self.phase = phase
        leagues = view.leagues.map { league in
            League(league: league, reading: MatchupReading(view: league.view), phase: PersonDisplay.phase(of: league, activityPhase: phase))
        }
    }

    /// The highlighted league (``PersonView/highlighted``).
    var highlighted: League? {
        leagues.first { $0.league.registrationID == view.highlight } ?? leagues.first
    }

    /// Where each league stands, as the summary counts it.
    enum Standing { case won, lost, tied, up, down, level, noOpponent }

    static func standing(_ league: League) -> Standing {
        guard let pair = league.reading.pair else { return .noOpponent }
        let decided = league.reading.decided(phase: league.phase)
        switch pair.comparison {
        case .ahead: return decided ? .won : .up
        case .behind: return decided ? .lost : .down
        case .level: return decided ? .tied : .level
        }
    }

    /// `"Up in 4 · Down in 2"`, over every shown league (rows or not).
    var summary: String {
        var counts: [Standing: Int] = [:]
        for league in leagues { counts[Self.standing(league), default: 0] += 1 }
        return Messages.Person.summary(
            won: counts[.won, default: 0], lost: counts[.lost, default: 0], tied: counts[.tied, default: 0],
            up: counts[.up, default: 0], down: counts[.down, default: 0], level: counts[.level, default: 0],
            noOpponent: counts[.noOpponent, default: 0]
        )
    }

    /// Every league's result is in: the person's final plays a sound.
    var allDecided: Bool {
        !leagues.isEmpty && leagues.allSatisfy { $0.reading.decided(phase: .ended) }
    }
}
