import Foundation
import SidelineCore

extension GameDayScript {
    /// One roster's lineup for week 12, in slot order QB RB RB WR WR TE FLEX K DEF.
    public struct Lineup: Sendable, Hashable {
        public let rosterID: Int
        public let starters: [String]
        public let bench: [String]
    }

    public static let lineups: [Lineup] = [
        // alex: WAS, JAX (London) · DET, PHI D (1:00) · ARI (4:05, so he stays live from the
        // 1:00 games into the late window) · LAR, SF (4:25) · KC (Sunday night).
        Lineup(rosterID: 1, starters: ["11566", "7543", "9221", "9493", "11617", "3214", "8205", "3678", "PHI"], bench: ["9488", "7526"]),
        // casey: PHI, ATL, DAL (1:00) · SEA (4:05) · JAX (London) · KC D (Sunday night) · CIN (Monday night).
        // The TE slot is empty: Sleeper's "0".
        Lineup(rosterID: 2, starters: ["6904", "8151", "9509", "6786", "7564", MatchupEntry.emptySlot, "11631", "11533", "KC"], bench: ["3321"]),
        // blake: every starter plays at 1:00 except the PIT defense, on Monday night.
        Lineup(rosterID: 3, starters: ["6797", "4866", "4035", "7547", "11632", "3259", "9508", "2747", "PIT"], bench: ["9490"]),
        // drew: Josh Allen is on a bye (BUF has no game this week).
        Lineup(rosterID: 4, starters: ["4984", "4034", "5284", "9497", "6801", "8130", "11635", "8259", "DET"], bench: ["1466"]),
    ]
}
