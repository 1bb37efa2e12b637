import Foundation
import SidelineCore
import SidelineStore

/// What moved since the registrations were last stepped, asked once per league and week.
/// Pure: made from the cache's values and the pass's fetches.
///
/// A registration's step is a pure function of its state, its league's snapshot, the
/// week's schedule, the players index and, for an open activity, the clock. So a league's
/// registrations are stepped when their league was fetched this pass (a 304 too while the
/// lineup lock is unproven), a game one of the league's players plays in changed status or
/// kickoff (not merely its clock: ``WeekSchedule/changedTeams(from:)``) or
/// one of its players' live points moved (ADR 029), or
/// the players index or anything in the database changed under us (then everyone); or when
/// one of their timers is due.
struct StepScope {
    let current: WeekKey
    /// The older weeks each registration still has an open activity in.
    let olderWeeks: [Int64: [WeekKey]]
    /// Every week stepped: the current one and the older open ones.
    let weeks: Set<WeekKey>
    /// Each week's schedule, aged to the instant (``GameStatusMerger/age(_:now:)``).
    let schedules: [WeekKey: WeekSchedule?]
    /// Leagues fetched this pass that must be looked at.
    let fetched: Set<SchedulerCache.LeagueWeek>
    /// Every registration moves (the players index changed, or the database under us).
    let everything: Bool
    /// Weeks never stepped in this process: all their leagues move.
    let wholeWeek: Set<WeekKey>
    /// Per week, the teams whose game changed since the last step.
    let changedTeams: [WeekKey: Set<TeamCode>]
    private var memo: [WeekKey: [String: Bool]] = [:]

    /// The older open weeks of every registration, from the cache's summed-up rows.
    static func olderWeeks(_ cache: SchedulerCache, current: WeekKey, mode: PassMode) -> [Int64: [WeekKey]] {
        var weeks: [Int64: [WeekKey]] = [:]
        for (leagueID, summary) in cache.leagueLifecycles[mode] ?? [:] where summary.openWeeks.contains(where: { $0 != current }) {
            for registration in cache.members(of: leagueID) {
                for week in summary.openWeeks where week != current && cache.header(LifecycleKey(registrationID: registration.id, week: week, mode: mode))?.isOpen == true {
                    weeks[registration.id, default: []].append(week)
                }
            }
        }
        return weeks
    }

    /// `stored` holds each stepped week's schedule as stored (the shell reads them first).
    init(cache: SchedulerCache, current: WeekKey, olderWeeks: [Int64: [WeekKey]], stored: [WeekKey: WeekSchedule?],
         fetched: Set<SchedulerCache.LeagueWeek>, playersFetchedAt: Date?, liveMoved: Set<TeamCode>? = nil, now: Date) {
        self.current = current
        self.olderWeeks = olderWeeks
        self.fetched = fetched
        var weeks = Set(olderWeeks.values.flatMap { $0 })
        weeks.insert(current)
        self.weeks = weeks
        everything = cache.stepAll || cache.steppedPlayersAt != playersFetchedAt
        var schedules: [WeekKey: WeekSchedule?] = [:]
        var changedTeams: [WeekKey: Set<TeamCode>] = [:]
        var wholeWeek: Set<WeekKey> = []
        for week in weeks {
            let aged = (stored[week] ?? nil).map { GameStatusMerger.age($0, now: now).schedule }
            schedules[week] = .some(aged)
            if let previous = cache.steppedSchedules[week] {
                if previous != aged {
                    let teams = aged?.changedTeams(from: previous ?? nil) ?? []
                    // Only clocks moved (``WeekSchedule/changedTeams(from:)``): no league did.
                    if !(teams.isEmpty && aged != nil && previous != nil) { changedTeams[week] = teams }
                }
            } else {
                wholeWeek.insert(week)
            }
        }
        // Live points that moved count as the teams' games changing (an empty set: all).
        if let liveMoved, !wholeWeek.contains(current) {
            changedTeams[current] = liveMoved.isEmpty || changedTeams[current]?.isEmpty == true ? [] : liveMoved.union(changedTeams[current] ?? [])
        }
        self.schedules = schedules
        self.changedTeams = changedTeams
        self.wholeWeek = wholeWeek
    }

    /// Whether every registration of a league is stepped for `week` this pass (`cache`
    /// knows which teams each league shows).
    mutating func moved(_ leagueID: String, _ week: WeekKey, in cache: SchedulerCache) -> Bool {
        if let known = memo[week]?[leagueID] { return known }
        let result = computeMoved(leagueID, week, cache)
        memo[week, default: [:]][leagueID] = result
        return result
    }

    private func computeMoved(_ leagueID: String, _ week: WeekKey, _ cache: SchedulerCache) -> Bool {
        if everything || wholeWeek.contains(week) { return true }
        let key = SchedulerCache.LeagueWeek(leagueID: leagueID, week: week)
        if fetched.contains(key) { return true }
        guard let teams = changedTeams[week] else { return false }
        if teams.isEmpty { return true }
        guard let shown = cache.leagueTeams[key]?.shown else { return true }
        return !shown.isDisjoint(with: teams)
    }
}
