import Foundation
import SidelineCore

/// What a conditional stats or projections call came back with.
public enum StatLinesAnswer: Sendable, Hashable {
    /// The host answered 304 to the ETag sent: the caller's copy is current.
    case unchanged
    /// A new body's lines, and the ETag to send next time (`nil` when the host sent none).
    case changed([StatLine], etag: String?)
}

/// The league-independent player stats and projections (undocumented Sleeper feeds, read
/// from the scores feed's host). One call serves every league: each scores the lines with
/// its own ``ScoringSettings``. The real one is ``SleeperStatsFeed``.
public protocol PlayerStatsSource: Sendable {
    /// One week's lines of `kind`, for the players of `positions` (`position[]=` filters),
    /// conditional on `ifNoneMatch`.
    func lines(_ kind: StatFeedKind, season: String, seasonType: SeasonType, week: Int,
               positions: [String], ifNoneMatch: String?) async throws(SleeperError) -> StatLinesAnswer
}
