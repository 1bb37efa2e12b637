import Foundation

extension PushPolicy {
    /// Who leads a matchup; `nil` when level or without an opponent.
    enum Leader: Equatable { case me, them }

    /// A lead change between two shown views: someone led before, the other leads now.
    /// Passing through a tie is not one (ties are momentary, and the lead returning to the
    /// same side after a tie is no news).
    static func leadChange(from previous: MatchupView?, to current: MatchupView) -> Leader? {
        guard let previous, let before = leader(previous), let now = leader(current), before != now else {
            return nil
        }
        return now
    }

    /// The exact scores compared, as ``ScorePair`` compares them (no text is needed here).
    static func leader(_ view: MatchupView) -> Leader? {
        guard let opponent = view.opponent else { return nil }
        let mine = Points(view.me.points), theirs = Points(opponent.points)
        return mine > theirs ? .me : (mine < theirs ? .them : nil)
    }

    /// Late: no starter on either side is still to play, so this lead may be the last.
    static func lateLeadChangeAlert(_ leader: Leader, reading: MatchupReading, title: () -> String) -> PushAlert? {
        guard reading.myCounts.toPlay == 0, (reading.opponentCounts?.toPlay ?? 0) == 0 else { return nil }
        let body = leader == .me
            ? Messages.Display.backInFront(reading.scoreLine)
            : Messages.Display.fellBehind(reading.scoreLine)
        return PushAlert(title: title(), body: body, sound: nil)
    }

    static func startAlert(reason: LifecycleReason, reading: MatchupReading, title: String) -> PushAlert {
        if reason == .rollover {
            // Same title, no sound, and words that say nothing new happened.
            return PushAlert(title: title, body: Messages.Display.continuedBody(reading.scoreLine), sound: nil)
        }
        let counts = reading.myCounts
        return PushAlert(
            title: title,
            body: Messages.Display.startBody(playing: counts.playing, toPlay: counts.toPlay),
            sound: nil
        )
    }

    /// The activity's title, as its attributes carry it (when they are not at hand).
    static func title(_ view: MatchupView) -> String {
        DisplayBuilder.title(mine: TeamNameFormat(view.me.teamName), theirs: view.opponent.map { TeamNameFormat($0.teamName) })
    }

    /// 0–100. Live beats grace beats ended; more starters playing (both sides) and a closer
    /// margin raise it, so the matchup worth watching wins the Dynamic Island.
    static func relevanceScore(_ view: MatchupView, phase: DisplayPhase) -> Double {
        relevanceScore(phase: phase, reading: MatchupReading(view: view))
    }

    static func relevanceScore(phase: DisplayPhase, reading: MatchupReading) -> Double {
        let view = reading.view
        let base: Double = switch phase {
        case .live: 50
        case .grace: 20
        case .ended: 0
        }
        let mine = reading.myCounts, theirs = reading.opponentCounts ?? .zero
        let counted = mine.playing + mine.toPlay + mine.done + theirs.playing + theirs.toPlay + theirs.done
        let playingShare = counted == 0 ? 0 : Double(mine.playing + theirs.playing) / Double(counted)
        var closeness = 0.0
        if let opponent = view.opponent {
            let margin = abs(Double(Points(view.me.points).hundredths - Points(opponent.points).hundredths)) / 100
            closeness = max(0, 1 - margin / 30)
        }
        let score = base + 30 * playingShare + 20 * closeness
        return (score * 10).rounded() / 10
    }
}
