import Foundation
import SidelineCore
import SidelineStore

/// Which lifecycles a pass steps, and in what order. Pure: the cache's values, the
/// ``StepScope`` and the instant in; a work list out.
///
/// At 50,000 registrations most are untouched in a given pass, so the selection works
/// league by league: a league that neither moved nor has a timer due (its summed-up rows,
/// ``SchedulerCache/LeagueLifecycles``) is passed over without looking at its
/// registrations. An idle registration is stepped only if its step could start an activity
/// (``StartConfirmation/couldConfirm(fetchedAt:firstPlayingKickoff:)``, ADR 018): before a
/// kickoff's snapshots are in, it could not, whatever its lineup.
struct StepSelection {
    /// One registration to step for one week.
    struct WorkItem {
        let registrationIndex: Int
        let week: WeekKey
        let leagueMoved: Bool
    }

    /// Registration by registration (in registration order): its older open weeks, then the
    /// current one. Positions, not copies: at a kickoff this list has 50,000 entries.
    var work: [WorkItem] = []
    /// The position of the last item of each moved league: its snapshot and lineups can go after it.
    var lastUse: [SchedulerCache.LeagueWeek: Int] = [:]
    /// Leagues none of whose registrations is stepped and whose teams are not known yet:
    /// the shell reads their teams from their snapshots (the planner needs them).
    var teamsUnknown: Set<SchedulerCache.LeagueWeek> = []

    /// `personUsers` are stepped as persons (``PersonStep``), not here; only the leagues of
    /// `share` are stepped at all (in a cluster, the others are other pollers').
    init(cache: SchedulerCache, scope: inout StepScope, mode: PassMode, snapshotTimes: [WeekKey: [String: Date]],
         inHand: Set<SchedulerCache.LeagueWeek>, settings: LifecycleSettings, personUsers: Set<String> = [], share: WorkShare = .everything, now: Date) {
        let current = scope.current
        let summaries = cache.leagueLifecycles[mode] ?? [:]
        let couldStart = StartGate(scope: scope, snapshotTimes: snapshotTimes)

        // The registrations of leagues that moved or have a timer due, in registration order.
        var candidates: [Int] = []
        for (leagueID, members) in cache.registrationsByLeague where share.owns(league: leagueID) {
            let due = scope.weeks.contains { scope.moved(leagueID, $0, in: cache) } || (summaries[leagueID]?.wake).map { $0 <= now } == true
            if due { candidates.append(contentsOf: members) }
        }
        candidates.sort()

        for index in candidates {
            let registration = cache.registrations[index]
            if !personUsers.isEmpty, personUsers.contains(registration.sleeperUserID) {
                // Stepped as a person; the planner still needs its league's teams.
                let leagueKey = SchedulerCache.LeagueWeek(leagueID: registration.leagueID, week: current)
                if cache.leagueTeams[leagueKey] == nil, !inHand.contains(leagueKey) { teamsUnknown.insert(leagueKey) }
                continue
            }
            let olderWeeks = scope.olderWeeks[registration.id]
            let inCurrent = registration.season == current.season
            guard olderWeeks != nil || inCurrent, let stored = cache.leagues[registration.leagueID] else { continue }
            for week in (olderWeeks ?? []).sorted() + (inCurrent ? [current] : []) {
                let key = LifecycleKey(registrationID: registration.id, week: week, mode: mode)
                let leagueKey = SchedulerCache.LeagueWeek(leagueID: registration.leagueID, week: week)
                let leagueMoved = scope.moved(registration.leagueID, week, in: cache)
                if !leagueMoved {
                    // Nothing but the clock moved: only open activities with a timer due.
                    guard let header = cache.header(key), let wake = SchedulerCache.wake(header, settings: settings), wake <= now else { continue }
                } else {
                    if cache.header(key)?.isOpen != true, !couldStart(registration.leagueID, week, league: stored.league) {
                        if cache.leagueTeams[leagueKey] == nil, !inHand.contains(leagueKey) { teamsUnknown.insert(leagueKey) }
                        continue
                    }
                    lastUse[leagueKey] = work.count
                }
                work.append(WorkItem(registrationIndex: index, week: week, leagueMoved: leagueMoved))
            }
        }
        teamsUnknown = teamsUnknown.filter { lastUse[$0] == nil }
    }

    /// Before a start can be confirmed (no game in progress, or the league's snapshot is
    /// older than a minute after the first kickoff of one), an idle lifecycle's step starts
    /// nothing and changes nothing: it is passed over, view and all.
    struct StartGate {
        let current: WeekKey
        let snapshotTimes: [WeekKey: [String: Date]]
        let firstPlayingKickoff: [WeekKey: Date?]

        init(scope: StepScope, snapshotTimes: [WeekKey: [String: Date]]) {
            current = scope.current
            self.snapshotTimes = snapshotTimes
            firstPlayingKickoff = scope.schedules.mapValues { StartConfirmation.firstPlayingKickoff($0 ?? nil) }
        }

        func callAsFunction(_ leagueID: String, _ week: WeekKey, league: League) -> Bool {
            guard StepSelection.mayStart(week, league, current: current), let fetchedAt = snapshotTimes[week]?[leagueID] else { return false }
            return StartConfirmation.couldConfirm(fetchedAt: fetchedAt, firstPlayingKickoff: firstPlayingKickoff[week] ?? nil)
        }
    }

    /// Activities start only in the current week of a league in season (`LifecycleInput.mayStart`).
    static func mayStart(_ week: WeekKey, _ league: League, current: WeekKey) -> Bool {
        week == current && league.status == .inSeason
    }
}
