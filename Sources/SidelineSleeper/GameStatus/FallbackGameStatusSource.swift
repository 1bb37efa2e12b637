import Foundation
import Logging
import SidelineCore

/// Sleeper's scores feed (`primary`) and ESPN (`fallback`), each asked as the planner chose
/// (ADR 030): the scores feed first, ESPN in the same call when it fails; or ESPN alone while
/// the scores feed rests, so a resting primary never holds the fallback back.
///
/// "Fails" includes an answer with no games for a regular or post-season week: every such
/// week has games, so an empty array there means the undocumented feed broke. When the
/// fallback also has nothing, or fails, the primary's empty answer stands.
public struct FallbackGameStatusSource: GameStatusSource {
    let primary: any GameStatusSource
    let fallback: any GameStatusSource
    let logger: Logger

    public init(primary: any GameStatusSource, fallback: any GameStatusSource, logger: Logger = Logger(label: "sideline.games")) {
        self.primary = primary
        self.fallback = fallback
        self.logger = logger
    }

    /// The primary's answer, else the fallback's (a convenience: the scheduler observes).
    public func schedule(season: String, seasonType: SeasonType, week: Int) async throws(SleeperError) -> WeekSchedule {
        let observation = await observe(season: season, seasonType: seasonType, week: week, from: .scores)
        if let schedule = observation.schedule { return schedule }
        // Neither answered: the primary's failure is the one to report.
        throw observation.failures[.scores] ?? observation.failures[.espn] ?? .malformed(url: "game statuses", reason: "no source answered")
    }

    /// A push-back from either source is not swallowed by the other's answer: it comes back
    /// in the observation's `failures`, so the caller rests that host as it said.
    public func observe(season: String, seasonType: SeasonType, week: Int, from source: StatusSource) async -> GameStatusObservation {
        guard source == .scores else { return await fallback.observe(season: season, seasonType: seasonType, week: week, from: .espn) }
        let primaryResult: WeekSchedule
        do {
            primaryResult = try await primary.schedule(season: season, seasonType: seasonType, week: week)
        } catch {
            logger.warning("game statuses: primary source failed (\(error)); using the fallback")
            let fallen = await fallback.observe(season: season, seasonType: seasonType, week: week, from: .espn)
            return GameStatusObservation(schedule: fallen.schedule, answeredBy: fallen.answeredBy, asked: [.scores, .espn],
                                         failures: fallen.failures.merging([.scores: error]) { $1 })
        }
        guard primaryResult.games.isEmpty, seasonType.hasFantasyGames else { return .answer(primaryResult, from: .scores) }
        logger.warning("game statuses: primary source returned no games for \(season) \(seasonType.rawValue) week \(week); asking the fallback")
        let fallen = await fallback.observe(season: season, seasonType: seasonType, week: week, from: .espn)
        if let failure = fallen.failures[.espn] { logger.warning("game statuses: fallback failed too (\(failure)); keeping the empty schedule") }
        guard let schedule = fallen.schedule, !schedule.games.isEmpty else {
            return GameStatusObservation(schedule: primaryResult, answeredBy: .scores, asked: [.scores, .espn], failures: fallen.failures)
        }
        return GameStatusObservation(schedule: schedule, answeredBy: .espn, asked: [.scores, .espn])
    }
}
