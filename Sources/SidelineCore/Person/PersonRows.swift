import SidelineActivity

/// A person's leagues as Lock Screen rows: at most ``LiveActivityMoreLeagues/maxRows``, the
/// highlighted league always among them, in the view's stable order; the rest folded into
/// "+N more". Names are cut shorter than a league activity's: twelve leagues of long emoji
/// names must fit the 4 KB payload with room to spare.
struct PersonRows {
    let rows: [LiveActivityLeagueRow]
    let more: LiveActivityMoreLeagues?

    init(_ readings: PersonReadings) {
        let maxRows = LiveActivityMoreLeagues.maxRows
        var kept = readings.leagues
        if kept.count > maxRows {
            // The highlighted league first, then the earliest others; shown in the view's order.
            let highlight = readings.highlighted?.league.registrationID
            var chosen: Set<Int64> = highlight.map { [$0] } ?? []
            for league in readings.leagues where chosen.count < maxRows { chosen.insert(league.league.registrationID) }
            kept = readings.leagues.filter { chosen.contains($0.league.registrationID) }
        }
        rows = kept.map(Self.row)
        let hidden = readings.leagues.count - kept.count
        more = hidden > 0 ? LiveActivityMoreLeagues(count: hidden, text: Messages.Person.more(hidden)) : nil
    }

    static func row(_ league: PersonReadings.League) -> LiveActivityLeagueRow {
        let reading = league.reading
        let counts = reading.myCounts
        let players = league.league.view.me.starters.isEmpty
            ? Messages.Display.noStarters
            : Messages.Display.playersLine(playing: counts.playing, toPlay: counts.toPlay, done: counts.done)
        return LiveActivityLeagueRow(
            id: String(league.league.registrationID),
            league: leagueName(league.league.view.leagueName),
            score: reading.scoreLine,
            status: status(league),
            sentiment: reading.sentiment,
            players: players,
            winChance: DisplayCopy.winChance(reading, phase: league.phase)
        )
    }

    /// `"Up 15.3"`, `"Won"`, `"Tied"`, or `"Bye"` without an opponent.
    static func status(_ league: PersonReadings.League) -> String {
        guard let pair = league.reading.pair else {
            return league.league.view.hasMedianGame ? Messages.Display.medianShort : Messages.Display.byeShort
        }
        switch PersonReadings.standing(league) {
        case .won: return Messages.Display.wonShort
        case .lost: return Messages.Display.lostShort
        case .tied, .level: return Messages.Display.tied
        case .up: return Messages.Display.up(pair.margin)
        case .down, .noOpponent: return Messages.Display.down(pair.margin)
        }
    }

    /// A league's name in a row and the highlight: shorter than the Dynamic Island's.
    static func leagueName(_ name: String) -> String {
        TextFit.truncated(name, maxCharacters: 18, maxUTF8: 40)
    }

    static func highlight(_ view: MatchupView) -> LiveActivityHighlight {
        LiveActivityHighlight(
            league: leagueName(view.leagueName),
            myTeam: TeamNameFormat(view.me.teamName).short,
            opponentTeam: view.opponent.map { TeamNameFormat($0.teamName).short }
        )
    }
}
