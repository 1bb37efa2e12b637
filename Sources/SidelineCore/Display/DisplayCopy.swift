import SidelineActivity

/// The words of one content state, written from a ``MatchupReading``. Every string comes
/// from ``Messages/Display``; this type only decides which one applies.
///
/// The pieces several presentations repeat (the margin, the players lines, the performers,
/// the times) are made once, when the copy is made: a kickoff pass writes one copy per
/// event, tens of thousands of times.
struct DisplayCopy {
    typealias M = Messages.Display

    let reading: MatchupReading
    let phase: DisplayPhase

    let margin: String
    let myPlayersLine: String
    let opponentPlayersLine: String?
    let performers: [LiveActivityPerformer]
    let next: String?
    /// `context.now` as a time of day, for "as of" and the stale text.
    private let now: String

    init(reading: consuming MatchupReading, phase: DisplayPhase, context: DisplayContext) {
        self.reading = reading
        self.phase = phase
        margin = Self.margin(reading)
        myPlayersLine = Self.playersLine(reading.view.me, counts: reading.myCounts)
        opponentPlayersLine = reading.view.opponent.map { Self.playersLine($0, counts: reading.opponentCounts ?? $0.counts) }
        performers = reading.performers.prefix(DisplayBuilder.maxPerformers).map { starter in
            let name = PlayerNameFormat.short(starter)
            let points = ScoreFormat.string(Points(starter.points))
            return LiveActivityPerformer(name: name, points: points, line: M.performer(name: name, points: points))
        }
        next = reading.view.me.nextKickoff.map { M.next(ClockFormat.kickoff($0, context: context)) }
        now = ClockFormat.time(context.now, context: context)
    }

    // MARK: Scores and status

    private static func margin(_ reading: MatchupReading) -> String {
        guard let pair = reading.pair else {
            return reading.view.hasMedianGame ? M.medianOnly : M.noOpponent
        }
        switch pair.comparison {
        case .ahead: return M.up(pair.margin)
        case .behind: return M.down(pair.margin)
        case .level: return M.tied
        }
    }

    var headline: String { Self.headline(reading, phase: phase, margin: margin) }

    /// Result words once decided; "your starters are done" while the opponent has players
    /// left; otherwise the margin.
    private static func headline(_ reading: MatchupReading, phase: DisplayPhase, margin: String) -> String {
        guard reading.hasOpponent else {
            return reading.myStartersFinished(phase: phase) ? M.doneForTheWeek(reading.myScore) : margin
        }
        if reading.decided(phase: phase) { return resultLine(reading) }
        if reading.myStartersFinished(phase: phase) { return M.myStartersDone(reading.scoreLine, theyHave: reading.opponentLeft) }
        return margin
    }

    /// The words of a final: the result once decided, else who is left. (No time of day:
    /// nothing else of a copy is needed, so none is made.)
    static func finalHeadline(_ reading: MatchupReading) -> String {
        headline(reading, phase: .ended, margin: margin(reading))
    }

    private static func resultLine(_ reading: MatchupReading) -> String {
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

    // MARK: Chance

    var winChance: String? { Self.winChance(reading, phase: phase) }

    /// `"62% to win"` while the matchup is open; nothing without an opponent (no one to beat)
    /// or once it is decided, when the result line says more than any percent.
    static func winChance(_ reading: MatchupReading, phase: DisplayPhase) -> String? {
        guard reading.hasOpponent, !reading.decided(phase: phase),
              let percent = WinChance.percent(reading.view.winProbability) else { return nil }
        return M.winChance(percent: percent)
    }

    // MARK: Players

    private static func playersLine(_ lineup: LineupView, counts: StarterCounts) -> String {
        if lineup.starters.isEmpty { return M.noStarters }
        if counts == .zero { return M.nobodyPlayingThisWeek }
        return M.playersLine(playing: counts.playing, toPlay: counts.toPlay, done: counts.done)
    }

    // MARK: Time

    var asOf: String { M.asOf(now) }
    var staleText: String { M.stale(since: now) }

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
            ?? next.map { M.joined(myPlayersLine, $0) }
            ?? myPlayersLine
        return LiveActivityExpandedText(leading: reading.myScore, trailing: trailing, center: center, bottom: bottom)
    }

    var lockScreen: LiveActivityLockScreenText {
        LiveActivityLockScreenText(
            headline: lockScreenHeadline,
            detail: lockScreenDetail,
            footer: M.joined(myPlayersLine, asOf)
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
        if !performers.isEmpty { return M.playingNow(performers.map(\.line).joined(separator: M.performerSeparator)) }
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
