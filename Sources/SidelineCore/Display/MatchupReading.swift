import SidelineActivity

/// The facts of a matchup the copy is written from: exact scores, who leads, who is left.
struct MatchupReading {
    let view: MatchupView
    let myCounts: StarterCounts
    let opponentCounts: StarterCounts?
    /// Both scores formatted together; `nil` without an opponent.
    let pair: ScorePair?
    let myScore: String
    /// Both scores, `"87.4 – 72.1"`; the registration's alone without an opponent. Made once:
    /// the headline, the Lock Screen, the Watch and the alerts all show it.
    let scoreLine: String

    init(view: MatchupView) {
        self.view = view
        myCounts = view.me.counts
        opponentCounts = view.opponent?.counts
        let mine = Points(view.me.points)
        pair = view.opponent.map { ScorePair(mine: mine, theirs: Points($0.points)) }
        myScore = pair?.mine ?? ScoreFormat.string(mine)
        scoreLine = pair.map { Messages.Display.scoreLine(mine: $0.mine, theirs: $0.theirs) } ?? myScore
    }

    var hasOpponent: Bool { view.opponent != nil }

    /// The registration's starters still playing or to play.
    var myLeft: Int { myCounts.playing + myCounts.toPlay }
    var opponentLeft: Int { opponentCounts.map { $0.playing + $0.toPlay } ?? 0 }

    /// No starter left to play. A lineup with no counted starters (none set, all on byes)
    /// is only "done" once the activity is past live, never while it is live.
    func myStartersFinished(phase: DisplayPhase) -> Bool {
        myLeft == 0 && (myCounts.done > 0 || phase != .live)
    }

    /// Result words are allowed only now: both lineups done, so no more points to come.
    func decided(phase: DisplayPhase) -> Bool {
        hasOpponent && myStartersFinished(phase: phase) && opponentLeft == 0
    }

    var sentiment: LiveActivitySentiment {
        switch pair?.comparison {
        case .ahead: .winning
        case .behind: .losing
        case .level: .tied
        case nil: .neutral
        }
    }

    /// The registration's starters who are playing now, best first.
    ///
    /// Their positions are sorted, not copies of them (each copy retains four strings): the
    /// same comparisons in the same order, so the same order as sorting the starters.
    var performers: [StarterLine] {
        let starters = view.me.starters
        var playing = starters.indices.filter { starters[$0].state == .playing }
        playing.sort { lhs, rhs in
            let left = Points(starters[lhs].points), right = Points(starters[rhs].points)
            return left != right ? left > right : starters[lhs].name < starters[rhs].name
        }
        return playing.map { starters[$0] }
    }
}
