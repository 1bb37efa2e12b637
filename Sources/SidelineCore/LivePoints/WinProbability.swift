import Foundation

/// The chance a side wins its matchup, from its points so far and what its starters are
/// projected to add in the share of their games still to play (ADR 028 for the model and
/// its constants). Pure.
///
/// Each side's final is modelled as normal: mean = points so far + Σ projection × share
/// left; variance = Σ (spread of the starter's position)² × share left (a game's scoring
/// accumulates roughly like a random walk, so its variance shrinks with the time left).
/// The difference of two independent normals is normal, so the chance is Φ(mean gap ÷ its
/// spread). With nothing left the gap decides: 100%, 0%, or 50% for a tie.
public enum WinProbability {
    /// One starter still to count.
    public struct Remaining: Sendable, Hashable {
        /// Projected points for the whole game.
        public let projection: Double
        /// Share of his game still to play: 1 before kickoff, 0 once it is over.
        public let shareLeft: Double
        public let position: String?

        public init(projection: Double, shareLeft: Double, position: String?) {
            self.projection = projection.isFinite ? max(0, projection) : 0
            self.shareLeft = shareLeft.isFinite ? min(1, max(0, shareLeft)) : 0
            self.position = position
        }
    }

    /// One side of a matchup.
    public struct Side: Sendable, Hashable {
        public let points: Double
        public let remaining: [Remaining]

        public init(points: Double, remaining: [Remaining]) {
            self.points = points.isFinite ? points : 0
            self.remaining = remaining
        }

        public var expectedFinal: Double { points + remaining.reduce(0) { $0 + $1.projection * $1.shareLeft } }

        public var variance: Double {
            remaining.reduce(0) { total, starter in
                let spread = WinProbability.spread(position: starter.position)
                return total + spread * spread * starter.shareLeft
            }
        }
    }

    /// The standard deviation of one starter's points over a whole game, by position
    /// (ADR 028: round figures for weekly fantasy scoring, to calibrate against real weeks).
    public static func spread(position: String?) -> Double {
        switch position?.uppercased() {
        case "QB": 7.5
        case "RB": 7.0
        case "WR": 7.0
        case "TE": 5.5
        case "K": 4.0
        case "DEF", "DST": 5.5
        case "DL", "LB", "DB", "IDP_FLEX": 4.0
        default: 6.0
        }
    }

    /// The chance `side` beats `opponent`, from 0 to 1.
    public static func chance(_ side: Side, against opponent: Side) -> Double {
        let gap = side.expectedFinal - opponent.expectedFinal
        let variance = side.variance + opponent.variance
        guard variance > 1e-9 else {
            if abs(gap) < 0.005 { return 0.5 } // scores shown to a tenth: a tie
            return gap > 0 ? 1 : 0
        }
        return normalCDF(gap / variance.squareRoot())
    }

    /// Φ(x), the standard normal distribution function, through `erfc` (accurate in both tails).
    static func normalCDF(_ x: Double) -> Double {
        0.5 * erfc(-x / 2.0.squareRoot())
    }

    /// The share of a game still to play from its quarter (1–4, 5 for overtime) and the
    /// seconds left on its clock: 1 before kickoff, 0 once it is over.
    public static func shareLeft(quarter: Int?, secondsLeftInQuarter: Double?, started: Bool, over: Bool) -> Double {
        if over { return 0 }
        guard started else { return 1 }
        // Overtime is at most ten minutes and often less: a sliver. A game in progress whose
        // quarter the feed did not give is taken as half played, not as over or unstarted.
        guard let quarter, (1...4).contains(quarter) else { return quarter.map { $0 > 4 } == true ? 0.02 : 0.5 }
        let clock = min(900, max(0, secondsLeftInQuarter ?? 450))
        return (Double(4 - quarter) * 900 + clock) / 3600
    }
}
