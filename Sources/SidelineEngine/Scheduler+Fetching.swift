import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore

extension Scheduler {
    /// Makes one planned call and stores what came back. Returns `false` when the budget is
    /// spent (the rest of the stage waits for a later pass).
    func fetch(_ call: PlannedCall, at now: Date, report: inout PassReport) async -> Bool {
        do throws(SleeperError) {
            switch call {
            case .nflState:
                let state = try await environment.sleeper.nflState()
                try? store.saveNFLState(state, fetchedAt: now)
            case .schedule(let week):
                let observed = try await environment.games.schedule(season: week.season, seasonType: week.seasonType, week: week.week)
                let previous = try? store.schedule(week)?.schedule
                let merged = GameStatusMerger.merge(previous: previous, observed: observed, now: now)
                merged.notes.forEach { logger.notice("\($0)") }
                try? store.saveSchedule(merged.schedule, for: week, fetchedAt: now)
            case .players:
                let index = try await environment.sleeper.players()
                do {
                    try environment.playersStore.save(index, fetchedAt: now)
                } catch {
                    report.problems.append("could not save the players index: \(error)")
                    logger.warning("could not save the players index: \(error)")
                }
                players = (index, now)
                logger.info("players index refreshed: \(index.count) players")
            case .matchups(let leagueID, let week):
                if let entries = try await environment.sleeper.matchups(leagueID: leagueID, week: week.week) {
                    try? store.saveSnapshot(leagueID: leagueID, week: week, entries: entries, fetchedAt: now)
                } else {
                    try? store.touchSnapshot(leagueID: leagueID, week: week, fetchedAt: now)
                }
            }
            report.calls.append(call)
            try? store.clearBackoff(call.scope)
            return true
        } catch {
            return handle(error, for: call, at: now, report: &report)
        }
    }

    private func handle(_ error: SleeperError, for call: PlannedCall, at now: Date, report: inout PassReport) -> Bool {
        if case .budgetExhausted = error {
            report.problems.append("\(call): \(error)")
            logger.notice("\(call) postponed: \(error)")
            return false
        }
        report.calls.append(call)
        report.problems.append("\(call): \(error)")
        if error.isBackoff {
            let retryAfter: Double? = if case .http(_, _, let after) = error { after } else { nil }
            let until = (try? store.recordBackoff(call.scope, at: now, retryAfter: retryAfter)) ?? now
            logger.warning("\(call) failed: \(error); \(call.scope.rawValue) calls rest until \(EventEnvelope.timestamp(until))")
            return false
        }
        logger.warning("\(call) failed: \(error); will retry on a later pass")
        return true
    }

    /// Leagues are renewed each season under a new id (`previous_league_id` points back).
    /// Once Sleeper's `league_season` moves on, each registration looks for its league's
    /// renewal, at most once a day; `status` shows the ones that could not follow.
    func followRenewedLeagues(_ registrations: [Registration], at now: Date, report: inout PassReport) async {
        guard let state = try? store.nflState()?.state, state.seasonType != .off else { return }
        for registration in registrations where registration.season < state.leagueSeason {
            let key = "follow-attempt:\(registration.id)"
            if let last = (try? store.meta(key)).flatMap({ $0 }).flatMap(Double.init), now.timeIntervalSince1970 - last < 24 * 3600 { continue }
            try? store.setMeta(key, String(now.timeIntervalSince1970))
            do throws(SleeperError) {
                let leagues = try await environment.sleeper.leagues(userID: registration.sleeperUserID, season: state.leagueSeason)
                guard let renewed = leagues.first(where: { $0.previousLeagueID == registration.leagueID }) else {
                    try? store.setFollowNote(registrationID: registration.id, Messages.Registration.notRenewed(league: registration.leagueName, season: state.leagueSeason))
                    continue
                }
                let rosters = try await environment.sleeper.rosters(leagueID: renewed.leagueID)
                guard let roster = rosters.first(where: { $0.isOwned(by: registration.sleeperUserID) }) else {
                    try? store.setFollowNote(registrationID: registration.id, Messages.Registration.noRosterInRenewal(league: renewed.name, season: state.leagueSeason))
                    continue
                }
                let members = try await environment.sleeper.members(leagueID: renewed.leagueID)
                let stored = StoredLeague(league: renewed, teamNames: TeamNames.byRoster(rosters: rosters, members: members))
                try? store.follow(registrationID: registration.id, to: stored, rosterID: roster.rosterID, at: now)
                logger.info("registration \(registration.id) follows \(registration.leagueName) into \(state.leagueSeason) as league \(renewed.leagueID)")
            } catch {
                report.problems.append("following league \(registration.leagueID): \(error)")
                logger.warning("could not look for the \(state.leagueSeason) renewal of league \(registration.leagueID): \(error)")
            }
        }
    }
}

/// Team names by roster id: the owner's `metadata.team_name`, else their display name.
public enum TeamNames {
    public static func byRoster(rosters: [Roster], members: [LeagueMember]) -> [Int: String] {
        let byUser = Dictionary(members.map { ($0.userID, $0) }, uniquingKeysWith: { first, _ in first })
        var names: [Int: String] = [:]
        for roster in rosters {
            if let owner = roster.ownerID, let member = byUser[owner] { names[roster.rosterID] = member.shownTeamName }
        }
        return names
    }
}
