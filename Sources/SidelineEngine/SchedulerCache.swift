import Foundation
import SidelineCore
import SidelineStore

/// What the scheduler keeps in memory between passes, written through to SQLite.
///
/// SQLite stays the source of truth: the cache is dropped whenever another connection (a
/// `users add` in another process, a cron pass, a restart) has committed, which
/// `PRAGMA data_version` tells us, and rebuilt from the database. The scheduler's own writes
/// update it as they are committed. What it buys: a pass with nothing to fetch plans and
/// steps without decoding a single row.
struct SchedulerCache {
    /// `PRAGMA data_version` when the cache was filled.
    var token: Int?
    var registrations: [Registration] = []
    var registrationsByLeague: [String: [Registration]] = [:]
    var leagueByRegistration: [Int64: String] = [:]
    var leagues: [String: StoredLeague] = [:]
    var nflState: (state: NFLState, fetchedAt: Date)?
    var schedules: [WeekKey: (schedule: WeekSchedule, fetchedAt: Date)] = [:]
    var schedulesLoaded: Set<WeekKey> = []
    /// When each league's snapshot for a week was fetched.
    var snapshotTimes: [WeekKey: [String: Date]] = [:]
    /// Teams of the registered rosters' starters and of all their players, per league and
    /// week, from the latest snapshot: what the planner uses to order a kickoff burst.
    var leagueTeams: [LeagueWeek: (starters: Set<TeamCode>, rostered: Set<TeamCode>, shown: Set<TeamCode>)] = [:]
    /// Lifecycle rows per mode: every open one and every one of `lifecycleWeek`.
    var lifecycles: [PassMode: [LifecycleKey: LifecycleState]] = [:]
    var lifecycleWeek: [PassMode: WeekKey] = [:]
    /// The aged schedule each week's registrations were last stepped with.
    var steppedSchedules: [WeekKey: WeekSchedule?] = [:]
    /// The players index the registrations were last stepped with.
    var steppedPlayersAt: Date?
    /// Every registration must be stepped on the next pass (new data from elsewhere).
    var stepAll = true

    struct LeagueWeek: Hashable {
        let leagueID: String
        let week: WeekKey
    }

    var isFilled: Bool { token != nil }

    mutating func fill(token: Int, registrations: [Registration], leagues: [String: StoredLeague], nflState: (state: NFLState, fetchedAt: Date)?) {
        self = SchedulerCache()
        self.token = token
        self.registrations = registrations
        registrationsByLeague = Dictionary(grouping: registrations, by: \.leagueID)
        leagueByRegistration = Dictionary(registrations.map { ($0.id, $0.leagueID) }, uniquingKeysWith: { first, _ in first })
        self.leagues = leagues
        self.nflState = nflState
        stepAll = true
    }

    /// Open lifecycle keys of `mode`.
    func openKeys(mode: PassMode) -> [LifecycleKey] {
        (lifecycles[mode] ?? [:]).compactMap { $0.value.isOpen ? $0.key : nil }
    }

    /// When an open activity next needs a step with no new data: its age limit, a
    /// keep-alive, or the end of its grace.
    static func wake(_ state: LifecycleState, settings: LifecycleSettings) -> Date? {
        guard let activity = state.activity else { return nil }
        var wake = activity.startedAt.addingTimeInterval(settings.maxActivityAge)
        wake = min(wake, (activity.lastEventAt ?? activity.startedAt).addingTimeInterval(PushPolicy.keepAliveInterval))
        if case .grace(let since) = activity.phase { wake = min(wake, since.addingTimeInterval(settings.grace)) }
        return wake
    }
}

extension WeekSchedule {
    /// Teams whose game differs between two versions of a week's schedule.
    func changedTeams(from old: WeekSchedule?) -> Set<TeamCode> {
        guard let old else { return Set(games.flatMap { [$0.home, $0.away] }) }
        var before: [String: NFLGame] = [:]
        for game in old.games { before[game.id] = game }
        var teams: Set<TeamCode> = []
        for game in games where before[game.id] != game {
            teams.insert(game.home)
            teams.insert(game.away)
        }
        let now = Set(games.map(\.id))
        for game in old.games where !now.contains(game.id) {
            teams.insert(game.home)
            teams.insert(game.away)
        }
        return teams
    }
}
