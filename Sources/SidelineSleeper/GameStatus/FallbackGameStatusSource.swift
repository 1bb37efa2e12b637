import Foundation
import Logging
import SidelineCore

/// Asks `primary` (Sleeper's scores feed) and, when it fails, `fallback` (ESPN).
///
/// "Fails" includes an answer with no games for a regular or post-season week: every such
/// week has games, so an empty array there means the undocumented feed broke. When the
/// fallback also has nothing, the primary's empty answer stands (and when the fallback
/// throws after an empty primary, the empty answer is returned rather than an error).
public struct FallbackGameStatusSource: GameStatusSource {
    let primary: any GameStatusSource
    let fallback: any GameStatusSource
    let logger: Logger

    public init(primary: any GameStatusSource, fallback: any GameStatusSource, logger: Logger = Logger(label: "sideline.games")) {
        self.primary = primary
        self.fallback = fallback
        self.logger = logger
    }

    public func schedule(season: String, seasonType: SeasonType, week: Int) async throws(SleeperError) -> WeekSchedule {
        try await observe(season: season, seasonType: seasonType, week: week).schedule
    }

    /// A push-back from the primary (429, 403, 5xx) is not swallowed by the fallback's
    /// answer: it comes back as the observation's `refusal`, or is thrown when the fallback
    /// fails too, so the caller rests the primary's host as it said.
    public func observe(season: String, seasonType: SeasonType, week: Int) async throws(SleeperError) -> GameStatusObservation {
        let primaryResult: WeekSchedule
        do {
            primaryResult = try await primary.schedule(season: season, seasonType: seasonType, week: week)
        } catch {
            logger.warning("game statuses: primary source failed (\(error)); using the fallback")
            let refusal = error.isBackoff ? error : nil
            do {
                return GameStatusObservation(schedule: try await fallback.schedule(season: season, seasonType: seasonType, week: week), refusal: refusal)
            } catch let fallbackError {
                // The primary's push-back is the one with a rest to honour.
                throw refusal ?? fallbackError
            }
        }
        guard primaryResult.games.isEmpty, seasonType.hasFantasyGames else { return GameStatusObservation(schedule: primaryResult, refusal: nil) }
        logger.warning("game statuses: primary source returned no games for \(season) \(seasonType.rawValue) week \(week); asking the fallback")
        do {
            let fallbackResult = try await fallback.schedule(season: season, seasonType: seasonType, week: week)
            return GameStatusObservation(schedule: fallbackResult.games.isEmpty ? primaryResult : fallbackResult, refusal: nil)
        } catch {
            logger.warning("game statuses: fallback failed too (\(error)); keeping the empty schedule")
            return GameStatusObservation(schedule: primaryResult, refusal: nil)
        }
    }
}
