import Foundation

/// A league's scoring rules: points per unit of each stat key, with the same keys as the
/// stats feed's lines (`pass_yd: 0.04`, `rec: 1`, `fgm_40_49: 4`, `pts_allow_7_13: 4`, …).
public struct ScoringSettings: Sendable, Hashable, Codable {
    public let pointsPerStat: [String: Double]

    /// Keeps only finite values: a rule that is not a number scores nothing rather than
    /// turning every total into NaN.
    public init(_ pointsPerStat: [String: Double]) {
        self.pointsPerStat = pointsPerStat.filter { $0.value.isFinite }
    }

    /// A player's points for a stat line: `Σ stats[k] × rules[k]` over the keys both have.
    /// A key the feed omits is zero (the feed leaves zero values out); a non-finite stat
    /// counts as zero, never as NaN.
    public func points(_ stats: [String: Double]) -> Double {
        var total = 0.0
        // Over the shorter of the two: a stat line has ~10 keys, a league's rules ~60.
        if stats.count <= pointsPerStat.count {
            for (key, value) in stats where value.isFinite {
                if let rule = pointsPerStat[key] { total += value * rule }
            }
        } else {
            for (key, rule) in pointsPerStat {
                if let value = stats[key], value.isFinite { total += value * rule }
            }
        }
        return total
    }

    /// Which positions' stats a league needs: IDP positions only when it scores an IDP stat.
    public var scoresIndividualDefenders: Bool {
        pointsPerStat.contains { $0.key.hasPrefix("idp_") && $0.value != 0 }
    }
}
