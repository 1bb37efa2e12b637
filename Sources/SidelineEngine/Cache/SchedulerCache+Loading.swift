import Foundation
import SidelineCore
import SidelineStore

/// Read-through: what a stage asks of the cache that it does not hold yet is read from the
/// store once and kept (the scheduler's own writes keep it current; see ``SchedulerCache``).
extension SchedulerCache {
    /// Refills the cache when another connection has committed since it was filled.
    mutating func refresh(from store: any RegistrationStore & FeedStore & PersonStore) throws(StoreError) {
        let token = try store.externalChangeToken()
        guard self.token != token else { return }
        let registrations = try store.activeRegistrations()
        fill(
            token: token, registrations: registrations,
            leagues: try store.leagues(ids: Set(registrations.map(\.leagueID))),
            nflState: try store.nflState()
        )
        personSettings = try store.personSettings()
    }

    /// The current fantasy week, if the NFL is in a part of the year that has one.
    var currentWeek: WeekKey? {
        guard let state = nflState?.state, state.seasonType.hasFantasyGames else { return nil }
        return WeekKey(season: state.season, seasonType: state.seasonType, week: state.week)
    }

    mutating func schedule(_ week: WeekKey, from store: any FeedStore) throws(StoreError) -> (schedule: WeekSchedule, fetchedAt: Date)? {
        if !schedulesLoaded.contains(week) {
            schedules[week] = try store.schedule(week)
            schedulesLoaded.insert(week)
        }
        return schedules[week]
    }

    mutating func snapshotTimes(_ week: WeekKey, from store: any SnapshotStore) throws(StoreError) -> [String: Date] {
        if let times = snapshotTimes[week] { return times }
        let times = try store.snapshotTimes(week: week)
        snapshotTimes[week] = times
        return times
    }

    mutating func unusableAnswers(_ week: WeekKey, from store: any SnapshotStore) throws(StoreError) -> [String: Date] {
        if let marks = unusableAnswers[week] { return marks }
        let marks = try store.unusableAnswers(week: week)
        unusableAnswers[week] = marks
        return marks
    }

    mutating func snapshotETags(_ week: WeekKey, from store: any SnapshotStore) throws(StoreError) -> [String: String] {
        if let etags = snapshotETags[week] { return etags }
        let etags = try store.snapshotETags(week: week)
        snapshotETags[week] = etags
        return etags
    }

    mutating func renewalAttempts(from store: any RegistrationStore) throws(StoreError) -> [Int64: Date] {
        if let attempts = renewalAttempts { return attempts }
        let attempts = try store.renewalAttempts()
        renewalAttempts = attempts
        return attempts
    }

    /// Makes sure the cache holds the row headers of `mode`: every open one and every one of `week`.
    mutating func loadLifecycles(mode: PassMode, week: WeekKey?, from store: any LifecycleStore & PersonStore, settings: LifecycleSettings) throws(StoreError) {
        // A week that matches no row loads the open ones only.
        let wanted = week ?? WeekKey(season: "", seasonType: .off, week: 0)
        if lifecycleWeek[mode] != wanted || lifecycles[mode] == nil {
            setLifecycles(try store.lifecycleHeaders(mode: mode, week: wanted), mode: mode, week: wanted, settings: settings)
        }
        if personWeek[mode] != wanted || persons[mode] == nil {
            persons[mode] = try store.personHeaders(mode: mode, week: wanted)
            personWeek[mode] = wanted
        }
    }

    /// The weeks a plan covers: the current one and every one with an open activity.
    func planWeeks(mode: PassMode) -> [WeekKey] {
        let open = (leagueLifecycles[mode] ?? [:]).values.reduce(into: Set<WeekKey>()) { $0.formUnion($1.openWeeks) }
        return open.union([currentWeek].compactMap { $0 }).sorted()
    }
}
