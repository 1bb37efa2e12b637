import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore

extension FetchStage {
    /// Leagues are renewed each season under a new id (`previous_league_id` points back).
    /// Looks for the renewal of `registration`'s league in Sleeper's `leagueSeason` and
    /// follows it; `status` shows a registration that could not follow. Returns whether the
    /// registrations changed (the cache must be read again) and whether later calls may go on.
    func renew(_ registration: Registration, leagueSeason: String, at now: Date, report: inout PassReport) async -> (changed: Bool, goOn: Bool) {
        let call = PlannedCall.leagueRenewal(registrationID: registration.id)
        report.recorded("this renewal look-up", logger) { try store.recordRenewalAttempt(registrationID: registration.id, at: now) }
        report.calls.append(call)
        do throws(SleeperError) {
            let leagues = try await sleeper.leagues(userID: registration.sleeperUserID, season: leagueSeason)
            guard let renewed = leagues.first(where: { $0.previousLeagueID == registration.leagueID }) else {
                note(Messages.Registration.notRenewed(league: registration.leagueName, season: leagueSeason), for: registration, report: &report)
                return (true, true)
            }
            let rosters = try await sleeper.rosters(leagueID: renewed.leagueID)
            guard let roster = rosters.first(where: { $0.isOwned(by: registration.sleeperUserID) }) else {
                note(Messages.Registration.noRosterInRenewal(league: renewed.name, season: leagueSeason), for: registration, report: &report)
                return (true, true)
            }
            let members = try await sleeper.members(leagueID: renewed.leagueID)
            let stored = StoredLeague(league: renewed, teamNames: TeamNames.byRoster(rosters: rosters, members: members))
            report.recorded("the renewed league", logger) { try store.follow(registrationID: registration.id, to: stored, rosterID: roster.rosterID, at: now) }
            logger.info("registration \(registration.id) follows \(registration.leagueName) into \(leagueSeason) as league \(renewed.leagueID)")
            return (true, true)
        } catch {
            report.problems.append("following league \(registration.leagueID): \(error)")
            if error.isUnanswered { report.unanswered += 1 }
            logger.warning("could not look for the \(leagueSeason) renewal of league \(registration.leagueID): \(error)")
            return (false, !error.isBudgetExhausted)
        }
    }

    private func note(_ text: String, for registration: Registration, report: inout PassReport) {
        report.recorded("a follow note", logger) { try store.setFollowNote(registrationID: registration.id, text) }
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
