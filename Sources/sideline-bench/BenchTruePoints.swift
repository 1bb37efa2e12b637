import Foundation
import SidelineFakeSleeper

/// One synthetic roster's true points (what Sleeper's matchups would say at that instant),
/// minute by minute, kept as the minutes at which they changed: the memory of the truth a
/// shown score is compared with.
///
/// Minutes are counted from the run's start. Sampling each minute is exact for the
/// synthetic Sunday: kickoffs are on whole minutes, points move every five minutes of a
/// game and lineups change two minutes before a kickoff, and runs start on a whole minute.
///
/// Kept small (16 bytes and the recent changes): the benchmark holds one per roster shown,
/// 60,000 at 5,000 leagues × 10, in the process whose peak memory it reports.
struct TrueScoreHistory {
    /// How far back a shown score is looked for; older changes are dropped. At 20,000
    /// leagues a league's matchups are ~21 minutes apart, so this leaves room to spare.
    static let horizonMinutes = 30

    private struct Change {
        let minute: Int32
        /// Points × 100: Sleeper's figures carry two decimals, so hundredths compare exactly.
        let hundredths: Int32
    }

    private var changes: [Change] = []
    /// The last minute evaluated, -1 before the first.
    private var lastMinute: Int32 = -1

    func needsExtending(through minute: Int) -> Bool { lastMinute < minute }

    /// Evaluates, with `truth` (a minute → the points then), every minute not evaluated yet
    /// up to `minute`: from the horizon on, for a roster first shown late in the run.
    mutating func extend(through minute: Int, truth: (Int) -> Double) {
        var next = lastMinute >= 0 ? Int(lastMinute) + 1 : max(0, minute - Self.horizonMinutes)
        while next <= minute {
            let value = Self.hundredths(truth(next))
            if changes.last?.hundredths != value { changes.append(Change(minute: Int32(next), hundredths: value)) }
            next += 1
        }
        lastMinute = max(lastMinute, Int32(minute))
        dropBeyondHorizon(at: minute)
    }

    /// How many minutes ago the truth last equalled `shown`, at `minute` (extended through
    /// it): 0 when it equals it now. `nil` when it never did within the horizon.
    func age(of shown: Double, at minute: Int) -> Int? {
        let wanted = Self.hundredths(shown)
        // The truth held each value from its change until the next change, exclusive: the
        // latest instant it equalled an older value is the minute of the change after it.
        var movedAway: Int?
        for change in changes.reversed() {
            if change.hundredths == wanted { return movedAway.map { minute - $0 } ?? 0 }
            movedAway = Int(change.minute)
        }
        return nil
    }

    /// Keeps the change in force at the horizon and every one after it.
    private mutating func dropBeyondHorizon(at minute: Int) {
        let horizon = Int32(minute - Self.horizonMinutes)
        guard changes.count > 1, changes[1].minute <= horizon else { return }
        changes.removeFirst(changes.lastIndex { $0.minute <= horizon } ?? 0)
    }

    /// A roster's points at `now`, summed as the synthetic matchups body sums them (its
    /// starters' points in lineup order, to the hundredth). `SyntheticLeagues` does not
    /// expose the total itself, so the sum is repeated here from its public parts.
    static func points(_ roster: SyntheticLeagues.Roster, at now: Date) -> Double {
        let total = roster.starters(at: now).reduce(0.0) { $0 + SyntheticPlayers.points($1, at: now) }
        return (total * 100).rounded() / 100
    }

    static func hundredths(_ points: Double) -> Int32 { Int32((points * 100).rounded()) }
}
