import Foundation
import Logging
import SidelineCore
import SidelineStore

/// Keeping what the fetch stage brought back, and reading out what its calls need.
extension SchedulerCache {
    mutating func keep(_ fetched: Fetched, at now: Date) {
        switch fetched {
        case .nflState(let state):
            nflState = (state, now)
        case .schedule(let week, let schedule):
            schedules[week] = (schedule, now)
            schedulesLoaded.insert(week)
        case .players:
            break // kept by the scheduler: it outlives the cache
        }
    }

    /// What the matchups calls in `calls` need: the stored ETags, the registered rosters, the marks.
    mutating func matchupsRequest(_ calls: [PlannedCall], from store: any SnapshotStore, report: inout PassReport, logger: Logger) -> MatchupsRequest {
        var targets: [MatchupsRequest.Target] = []
        var rosters: [String: [Int]] = [:]
        var etagsReadable = true
        for case .matchups(let leagueID, let week) in calls {
            // Without the stored ETags the calls go unconditional: full bodies, never wrong.
            let etags = etagsReadable ? report.recorded("the stored matchups ETags", logger) { () throws -> [String: String] in try snapshotETags(week, from: store) } : nil
            etagsReadable = etags != nil
            targets.append(.init(league: LeagueWeek(leagueID: leagueID, week: week), etag: etags?[leagueID]))
            rosters[leagueID] = (registrationsByLeague[leagueID] ?? []).map { registrations[$0].rosterID }
        }
        // The plan read the week's marks; were they dropped since, clearing is harmless.
        return MatchupsRequest(targets: targets, rosters: rosters, marks: unusableAnswers)
    }

    /// Keeps a pass's matchups answers. Returns the leagues whose registrations the step
    /// stage must look at: a new body, or a 304 while a kickoff's lineup lock is unproven
    /// (a 304 then changes when the lineup was last seen, which the lock's proof depends on).
    mutating func keep(_ fetched: MatchupsFetched, at now: Date) -> [LeagueWeek: [MatchupEntry]?] {
        var moved = fetched.answers
        for mark in fetched.marks where unusableAnswers[mark.week] != nil {
            unusableAnswers[mark.week]?[mark.leagueID] = mark.at
        }
        for save in fetched.saves {
            let key = LeagueWeek(leagueID: save.leagueID, week: save.week)
            if save.entries == nil, !lockUnproven(since: snapshotTimes[save.week]?[save.leagueID], week: save.week, now: now) {
                moved[key] = nil
            }
            if snapshotTimes[save.week] != nil { snapshotTimes[save.week]?[save.leagueID] = now }
            if save.entries != nil, snapshotETags[save.week] != nil { snapshotETags[save.week]?[save.leagueID] = save.etag }
        }
        return moved
    }

    /// Whether a game is in progress whose kickoff the snapshot fetched at `previous` cannot
    /// prove the lineup lock for (fetched less than the CDN lag after that kickoff).
    func lockUnproven(since previous: Date?, week: WeekKey, now: Date) -> Bool {
        guard let previous, let schedule = schedules[week]?.schedule else { return true }
        return schedule.games.contains { game in
            (game.status == .inProgress || game.status == .final) && game.kickoff <= now
                && previous < game.kickoff.addingTimeInterval(StartConfirmation.cdnLag)
        }
    }
}
