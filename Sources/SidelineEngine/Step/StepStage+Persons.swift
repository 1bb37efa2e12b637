import Foundation
import SidelineCore
import SidelineStore

/// The step stage for person-scope users (ADR 039): which persons a pass steps, their rows
/// and their leagues' snapshots read a slice at a time, each stepped by
/// ``LifecycleStepper/stepPerson(_:into:)`` and committed in batches like the leagues'.
extension StepStage {
    func stepPersons(_ users: Set<String>, scope: inout StepScope, times: [WeekKey: [String: Date]], inHand: [SchedulerCache.LeagueWeek: StoredSnapshot],
                     pass: Pass, cache: inout SchedulerCache, report: inout PassReport) throws(StoreError) {
        guard !users.isEmpty || cache.openPersonCount[pass.mode, default: 0] > 0 else { return }
        let members = cache.personMembers(users)
        let due = duePersons(members, scope: &scope, times: times, mode: pass.mode, now: pass.now, cache: cache)
        guard !due.isEmpty else { return }
        report.stepped += due.count
        var stepper = LifecycleStepper(now: pass.now, mode: pass.mode, configuration: configuration,
                                       deviceSinks: DeviceSinks(mode: pass.mode, sinks: pass.sinks),
                                       players: pass.players?.index, livePoints: pass.livePoints)
        var batch = LifecycleStepper.Batch()
        var next = 0
        while next < due.count {
            let slice = due[next..<min(next + batching.rows, due.count)]
            next = slice.endIndex
            let rows = try store.personRows(slice)
            let snapshots = try personSnapshots(slice, members: members, scope: &scope, inHand: inHand, times: times, mode: pass.mode, cache: &cache, players: pass.players)
            for key in slice {
                let registrations = (members[key.sleeperUserID] ?? []).map { cache.registrations[$0] }.filter { $0.season == key.week.season }
                let fresh = key.week == scope.current
                let item = LifecycleStepper.PersonItem(
                    key: key,
                    person: registrations.first.map { PersonIdentity(sleeperUserID: $0.sleeperUserID, username: $0.username, displayName: $0.displayName) }
                        ?? rows[key]?.person ?? PersonIdentity(sleeperUserID: key.sleeperUserID, username: key.sleeperUserID, displayName: key.sleeperUserID),
                    members: registrations.compactMap { registration in
                        guard let league = cache.leagues[registration.leagueID] else { return nil }
                        let leagueKey = SchedulerCache.LeagueWeek(leagueID: registration.leagueID, week: key.week)
                        return .init(registration: registration, league: league, snapshot: snapshots[leagueKey], fetchedAt: times[key.week]?[registration.leagueID],
                                     mayStart: StepSelection.mayStart(key.week, league.league, current: scope.current),
                                     moved: fresh && scope.moved(registration.leagueID, key.week, in: cache))
                    },
                    row: rows[key], settings: cache.personSettings[key.sleeperUserID] ?? .unset,
                    schedule: scope.schedules[key.week] ?? nil, freshViews: fresh)
                stepper.stepPerson(item, into: &batch)
                batch.persons.insert(key.sleeperUserID)
            }
            if batch.drafts.count >= batching.events || next == due.count {
                try flush(&batch, pass: pass, cache: &cache, report: &report)
            }
            stepper.lineups = [:]
        }
    }

    /// The persons to step: in the current week, those with a league that moved (an idle one
    /// only if a start could be confirmed, as for leagues: ADR 018) or a timer due; and every
    /// open one elsewhere with a timer due, or with no league left.
    private func duePersons(_ members: [String: [Int]], scope: inout StepScope, times: [WeekKey: [String: Date]], mode: PassMode, now: Date,
                            cache: SchedulerCache) -> [PersonKey] {
        let current = scope.current
        let gate = StepSelection.StartGate(scope: scope, snapshotTimes: times)
        let headers = cache.persons[mode] ?? [:]
        func timerDue(_ header: LifecycleRow.Header?) -> Bool {
            guard let header, header.isOpen, let wake = SchedulerCache.wake(header, settings: configuration.lifecycle) else { return false }
            return wake <= now
        }
        var due: Set<PersonKey> = []
        // Positions, not copies: copying every person's registrations on every pass was
        // most of the person scope's fixed cost (50,000 copies a pass).
        let registrations = cache.registrations
        for (user, indexes) in members where share.owns(person: user) {
            let key = PersonKey(sleeperUserID: user, week: current, mode: mode)
            let inSeason = indexes.filter { registrations[$0].season == current.season }
            let moved = inSeason.contains { scope.moved(registrations[$0].leagueID, current, in: cache) }
            if headers[key]?.isOpen == true {
                if moved || timerDue(headers[key]) { due.insert(key) }
            } else if moved, inSeason.contains(where: { index in
                let leagueID = registrations[index].leagueID
                return cache.leagues[leagueID].map { gate(leagueID, current, league: $0.league) } ?? false
            }) {
                due.insert(key)
            }
        }
        for (key, header) in headers where header.isOpen && !due.contains(key) && share.owns(person: key.sleeperUserID) {
            if members[key.sleeperUserID] == nil || timerDue(header) || scope.everything { due.insert(key) }
        }
        return due.sorted { ($0.sleeperUserID, $0.week) < ($1.sleeperUserID, $1.week) }
    }

    /// The current-week snapshots of a slice's leagues that are made anew: those in hand, the
    /// rest read. An open activity's leagues that did not move keep their last view, so only
    /// a person with nothing open needs every league's (for a start).
    private func personSnapshots(_ slice: ArraySlice<PersonKey>, members: [String: [Int]], scope: inout StepScope, inHand: [SchedulerCache.LeagueWeek: StoredSnapshot],
                                 times: [WeekKey: [String: Date]], mode: PassMode, cache: inout SchedulerCache,
                                 players: LoadedPlayers?) throws(StoreError) -> [SchedulerCache.LeagueWeek: StoredSnapshot] {
        var found: [SchedulerCache.LeagueWeek: StoredSnapshot] = [:]
        var toLoad: Set<String> = []
        let current = scope.current
        for key in slice where key.week == current {
            let open = cache.persons[mode]?[key]?.isOpen == true
            for index in members[key.sleeperUserID] ?? [] {
                let leagueID = cache.registrations[index].leagueID
                guard !open || scope.moved(leagueID, current, in: cache) else { continue }
                let leagueKey = SchedulerCache.LeagueWeek(leagueID: leagueID, week: current)
                if let snapshot = inHand[leagueKey] { found[leagueKey] = snapshot } else if times[current]?[leagueID] != nil { toLoad.insert(leagueID) }
            }
        }
        guard !toLoad.isEmpty else { return found }
        for (leagueID, snapshot) in try store.snapshots(week: current, leagueIDs: toLoad) {
            let leagueKey = SchedulerCache.LeagueWeek(leagueID: leagueID, week: current)
            found[leagueKey] = snapshot
            cache.noteTeams(leagueKey, snapshot: snapshot, players: players)
        }
        return found
    }
}
