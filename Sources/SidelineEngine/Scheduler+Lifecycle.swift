import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore

extension Scheduler {
    /// Steps every registration's lifecycle for the current week and for any older week that
    /// still has an open activity. Returns only the states that changed, and the events.
    func stepLifecycles(_ registrations: [Registration], at now: Date, mode: PassMode, report: inout PassReport) throws(StoreError) -> ([LifecycleKey: LifecycleState], [OutboxDraft]) {
        let current = try currentWeek()
        let known = try current.map { week throws(StoreError) in try store.lifecycleStates(mode: mode, week: week) } ?? [:]
        var changed: [LifecycleKey: LifecycleState] = [:]
        var drafts: [OutboxDraft] = []
        var snapshots: [String: StoredSnapshot?] = [:]
        var schedules: [WeekKey: WeekSchedule?] = [:]

        for registration in registrations {
            let display = registration.displayContext(at: now, defaultTimeZone: configuration.timeZone, defaultLocale: configuration.localeIdentifier)
            var weeks = known.keys.filter { $0.registrationID == registration.id && known[$0]?.isOpen == true }.map(\.week)
            if let current, registration.season == current.season, !weeks.contains(current) { weeks.append(current) }
            guard let stored = try store.league(id: registration.leagueID) else { continue }

            for week in weeks.sorted() {
                let key = LifecycleKey(registrationID: registration.id, week: week, mode: mode)
                let state = known[key] ?? .idle
                let snapshotKey = "\(registration.leagueID)|\(week.storageKey)"
                if snapshots[snapshotKey] == nil { snapshots[snapshotKey] = .some(try store.snapshot(leagueID: registration.leagueID, week: week)) }
                if schedules[week] == nil {
                    schedules[week] = .some(try store.schedule(week).map { GameStatusMerger.age($0.schedule, now: now).schedule })
                }
                let snapshot = snapshots[snapshotKey] ?? nil
                let schedule = schedules[week] ?? nil

                var view: MatchupView?
                if let snapshot, let players {
                    view = StarterMapper.view(
                        rosterID: registration.rosterID, league: stored.league, snapshot: snapshot.entries,
                        teamNames: stored.teamNames, players: players.index, schedule: schedule, week: week.week
                    )
                }
                let input = LifecycleInput(
                    now: now,
                    view: view,
                    startConfirmed: view.map { StartConfirmation.confirms($0, fetchedAt: snapshot?.fetchedAt ?? .distantPast) } ?? false,
                    mayStart: week == current && stored.league.status == .inSeason,
                    activityPrefix: Self.activityPrefix(registration: registration, week: week, mode: mode)
                )
                let (next, events) = LifecycleMachine.step(state, input, settings: configuration.lifecycle)
                if next != state { changed[key] = next }
                if next.isOpen { report.openActivities += 1 }
                if week == current, let kickoff = view?.me.nextKickoff, kickoff > now {
                    report.nextKickoff = min(report.nextKickoff ?? kickoff, kickoff)
                }
                for event in events {
                    let envelope = EventEnvelope(event, registration: registration, mode: mode, display: display, previous: state.activity?.lastView)
                    report.events.append(envelope)
                    drafts.append(OutboxDraft(mode: mode, registrationID: registration.id, activityID: event.activityID, kind: event.kind, reason: event.reason, at: now, payload: envelope.encoded()))
                }
            }
        }
        return (changed, drafts)
    }

    /// Activity ids name the registration, season, week and sequence: `3-2026w12-1`.
    /// Dry-run activities carry a `dry-` prefix so they can never be mistaken for real ones.
    static func activityPrefix(registration: Registration, week: WeekKey, mode: PassMode) -> String {
        let base = "\(registration.id)-\(week.season)\(week.seasonType == .post ? "p" : "w")\(week.week)"
        return mode == .dryRun ? "dry-\(base)" : base
    }
}
