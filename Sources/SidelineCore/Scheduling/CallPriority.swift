import Foundation

/// Which calls go first when the budget cannot cover everything that is due.
///
/// Lower ranks first; within a rank, the call that has waited longest (the stalest league)
/// first. Sleeper's ceiling is per IP, so this order is what decides who waits in a burst.
public enum CallPriority: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// `state/nfl` and game statuses: they decide what is live for everyone.
    case feeds = 0
    /// What nothing can do without: the players index when none is loaded.
    case essential = 1
    /// A post-kickoff lineup snapshot for a league with a registered starter in a game that
    /// just started: a start should not wait behind routine refreshes.
    case kickoff = 2
    /// Live and grace leagues (and post-kickoff snapshots where only a bench player of a
    /// registered roster plays in the new game), stalest first.
    case live = 3
    /// Everything else: a league's first snapshot of the week, the daily players refresh,
    /// post-kickoff snapshots for leagues with nobody in the new games.
    case background = 4

    public static func < (lhs: CallPriority, rhs: CallPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .feeds: "feeds"
        case .essential: "essential"
        case .kickoff: "kickoff"
        case .live: "live"
        case .background: "background"
        }
    }
}

/// One due call with its rank and the instant it became due (its staleness).
public struct PrioritizedCall: Sendable, Hashable {
    public let call: PlannedCall
    public let priority: CallPriority
    public let due: Date

    public init(call: PlannedCall, priority: CallPriority, due: Date) {
        self.call = call
        self.priority = priority
        self.due = due
    }

    /// Rank first; then `state/nfl` before statuses (it decides the week) before the stats
    /// feeds before the players index before matchups; then longest waiting; then a stable tie-break.
    public static func precedes(_ a: PrioritizedCall, _ b: PrioritizedCall) -> Bool {
        if a.priority != b.priority { return a.priority < b.priority }
        if a.call.kindRank != b.call.kindRank { return a.call.kindRank < b.call.kindRank }
        if a.due != b.due { return a.due < b.due }
        // A kickoff makes thousands of leagues due at the same instant: compare ids, not descriptions.
        if case .matchups(let x, let xw) = a.call, case .matchups(let y, let yw) = b.call {
            return x != y ? x < y : xw < yw
        }
        return a.call.description < b.call.description
    }
}

extension PlannedCall {
    var kindRank: Int {
        switch self {
        case .nflState: 0
        case .schedule: 1
        case .statLines(let kind, _): kind == .stats ? 2 : 3
        case .players: 4
        case .matchups: 5
        case .leagueSettings: 6
        case .leagueRenewal: 7
        }
    }
}
