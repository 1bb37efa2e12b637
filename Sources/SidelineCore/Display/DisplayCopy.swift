import SidelineActivity

/// The words of one content state, written from a ``MatchupReading``. Every string comes
/// from ``Messages/Display``; this type only decides which one applies.
struct DisplayCopy {
    typealias M = Messages.Display

    let reading: MatchupReading
    let phase: DisplayPhase
    let context: DisplayContext

    // MARK: Scores and status

    var margin: String {
        guard let pair = reading.pair else {
            return reading.view.hasMedianGame ? M.medianOnly : M.noOpponent
        }
        switch pair.comparison {
        case .ahead: return M.up(pair.margin)
        case .behind: return M.down(pair.margin)
        case .level: return M.tied
        }
    }

    /// Result words once decided; "your starters are done" while the opponent has players
    /// left; otherwise the margin.
    var headline: String {
        guard reading.hasOpponent else {
            return myStartersFinished ? M.doneForTheWeek(reading.myScore) : margin
        }
        if decided { return resultLine }
        if myStartersFinished { return M.myStartersDone(reading.scoreLine, theyHave: reading.opponentLeft) }
        return margin
    }

    /// The words of a final: the result once decided, else who is left.
    static func finalHeadline(_ reading: MatchupReading) -> String {
        // The headline reads no time of day, so any context will do.
        DisplayCopy(reading: reading, phase: .ended, context: DisplayContext(now: .distantPast)).headline
    }

    private var resultLine: String {
        switch reading.pair?.comparison {
        case .ahead: M.won(reading.scoreLine)
        case .behind: M.lost(reading.scoreLine)
        case .level, nil: M.tiedResult(reading.scoreLine)
        }
    }

    /// One word for a decided result, for the smallest presentations.
    private var resultWord: String? {
        guard decided else { return nil }
        switch reading.pair?.comparison {
        case .ahead: return M.wonShort
        case .behind: return M.lostShort
        case .level, nil: return M.tied
        }
    }

    private var myStartersFinished: Bool { reading.myStartersFinished(phase: phase) }
    private var decided: Bool { reading.decided(phase: phase) }

    // MARK: Players

    var myPlayersLine: String { playersLine(reading.view.me) }
    var opponentPlayersLine: String? { reading.view.opponent.map(playersLine) }

    private func playersLine(_ lineup: LineupView) -> String {
        if lineup.starters.isEmpty { return M.noStarters }
        let counts = lineup.counts
        if counts == .zero { return M.nobodyPlayingThisWeek }
        return M.playersLine(playing: counts.playing, toPlay: counts.toPlay, done: counts.done)
    }

    var performers: [LiveActivityPerformer] {
        reading.performers.prefix(DisplayBuilder.maxPerformers).map { starter in
            let name = PlayerNameFormat.short(starter)
            let points = ScoreFormat.string(Points(starter.points))
            return LiveActivityPerformer(name: name, points: points, line: M.performer(name: name, points: points))
        }
    }

    // MARK: Time

    var next: String? {
        reading.view.me.nextKickoff.map { M.next(ClockFormat.kickoff($0, context: context)) }
    }

    var asOf: String { M.asOf(ClockFormat.time(context.now, context: context)) }
    var staleText: String { M.stale(since: ClockFormat.time(context.now, context: context)) }

    var medianNote: String? {
        reading.view.hasMedianGame && reading.hasOpponent ? M.medianNote : nil
    }

    // MARK: Presentations

    var compactTrailing: String {
        if let pair = reading.pair { return pair.theirs }
        return myStartersFinished ? M.done : M.playingCount(reading.myCounts.playing)
    }

    /// Always live data, never a logo: the signed margin, the result word, or the score.
    var minimal: String {
        if let word = resultWord { return word }
        guard let pair = reading.pair else { return reading.myScore }
        switch pair.comparison {
        case .ahead: return "+" + pair.margin
        case .behind: return ScoreFormat.minus + pair.margin
        case .level: return M.tied
        }
    }

    var expanded: LiveActivityExpandedText {
        let trailing = reading.pair?.theirs ?? (reading.view.hasMedianGame ? M.medianShort : M.byeShort)
        let center = resultWord ?? (reading.hasOpponent ? margin : compactTrailing)
        let bottom = performers.first.map { M.withFigures(myPlayersLine, $0.line) }
            ?? next.map { M.joined([myPlayersLine, $0]) }
            ?? myPlayersLine
        return LiveActivityExpandedText(leading: reading.myScore, trailing: trailing, center: center, bottom: bottom)
    }

    var lockScreen: LiveActivityLockScreenText {
        LiveActivityLockScreenText(
            headline: lockScreenHeadline,
            detail: lockScreenDetail,
            footer: M.joined([myPlayersLine, asOf])
        )
    }

    private var lockScreenHeadline: String {
        guard reading.hasOpponent else {
            return myStartersFinished ? headline : M.withFigures(margin, reading.myScore)
        }
        if decided || myStartersFinished { return headline }
        return M.withFigures(margin, reading.scoreLine)
    }

    private var lockScreenDetail: String {
        let names = performers.map(\.line)
        if !names.isEmpty { return M.playingNow(names.joined(separator: M.performerSeparator)) }
        if let next { return M.betweenGames(next: next) }
        if reading.view.me.starters.isEmpty { return M.noStarters }
        if decided { return M.bothDone }
        if myStartersFinished, let theirs = opponentPlayersLine, reading.opponentLeft > 0 {
            return M.withFigures(M.opponent, theirs)
        }
        return myStartersFinished ? M.allDone : M.nobodyPlaying
    }

    var small: LiveActivitySmallText {
        let detail: String
        if let word = resultWord {
            detail = word
        } else if reading.hasOpponent {
            detail = myStartersFinished ? M.theyHave(reading.opponentLeft) : margin
        } else {
            detail = compactTrailing
        }
        return LiveActivitySmallText(headline: reading.scoreLine, detail: detail)
    }
}
