import Foundation

/// What the lifecycle machine reads of what an activity shows. A league's activity shows one
/// matchup (``MatchupView``); a person's shows every league of theirs playing that day
/// (``PersonView``). The machine's rules (start, grace, bridge, rollover, keep-alive) are
/// the same for both; only these readings differ (ADR 039).
public protocol LifecycleView: Sendable, Codable, Hashable {
    /// A starter is playing now: the activity is live.
    var hasStarterPlaying: Bool { get }
    /// The earliest kickoff among starters still to play (the grace's bridge reads it).
    var nextStarterKickoff: Date? { get }
    /// Equal in everything but win probabilities: a chance alone is not news.
    func sameApartFromChance(as other: Self) -> Bool
    /// `players` when who is playing, to play or done changed anywhere shown, else `points`.
    static func updateReason(from old: Self, to new: Self) -> LifecycleReason
    /// The matchup whose favourite the win-swing moment follows, and what it is (a new key
    /// starts the swing's memory afresh: another league's favourite is no swing).
    var swingMatchup: (key: String, view: MatchupView)? { get }
}

extension MatchupView: LifecycleView {
    public var hasStarterPlaying: Bool { me.counts.playing > 0 }
    public var nextStarterKickoff: Date? { me.nextKickoff }

    public static func updateReason(from old: MatchupView, to new: MatchupView) -> LifecycleReason {
        if old.me.counts != new.me.counts || old.opponent?.counts != new.opponent?.counts { return .players }
        return .points
    }

    public var swingMatchup: (key: String, view: MatchupView)? { ("", self) }
}
