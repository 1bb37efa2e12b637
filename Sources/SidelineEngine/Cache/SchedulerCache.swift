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
    /// In a cluster: the store's structure token when the cache was filled (issue 32).
    var structureToken: Int?
    /// In a cluster: leagues whose snapshot another poller stored since the last step
    /// (``foldInOthersPasses(token:from:)``): moved, for the persons this poller steps.
    var externallyMoved: Set<LeagueWeek> = []
    var registrations: [Registration] = []
    /// Positions in `registrations`, per league (positions, not copies: 50,000 copies were ~10 MB).
    var registrationsByLeague: [String: [Int]] = [:]
    var leagueByRegistration: [Int64: String] = [:]
    var leagues: [String: StoredLeague] = [:]
    var nflState: (state: NFLState, fetchedAt: Date)?
    var schedules: [WeekKey: (schedule: WeekSchedule, fetchedAt: Date)] = [:]
    var schedulesLoaded: Set<WeekKey> = []
    /// When each league's snapshot for a week was fetched.
    var snapshotTimes: [WeekKey: [String: Date]] = [:]
    /// The ETag of each league's stored snapshot for a week (ADR 016).
    var snapshotETags: [WeekKey: [String: String]] = [:]
    /// When a league's latest answer for a week proved no lineup lock (``SnapshotUsability``),
    /// for the few leagues with such a mark: the planner keeps asking for their kickoff snapshot.
    var unusableAnswers: [WeekKey: [String: Date]] = [:]
    /// Teams of the registered rosters' starters and of all their players, per league and
    /// week, from the latest snapshot: what the planner uses to order a kickoff burst.
    var leagueTeams: [LeagueWeek: (starters: Set<TeamCode>, rostered: Set<TeamCode>, shown: Set<TeamCode>)] = [:]
    /// A hash of the lineups (and players index) each `leagueTeams` entry was worked out from.
    var leagueTeamsLineups: [LeagueWeek: Int] = [:]
    /// The headers of the lifecycle rows per mode, week and registration: every open one and
    /// every one of `lifecycleWeek`. A pass reads the full rows of the registrations it steps
    /// from the store (kept in memory, 50,000 open rows were ~50 MB; these are ~2 MB).
    var lifecycles: [PassMode: [WeekKey: [Int64: LifecycleRow.Header]]] = [:]
    var lifecycleWeek: [PassMode: WeekKey] = [:]
    /// Per mode and league, what its rows add up to (see ``LeagueLifecycles``): a pass with
    /// nothing new looks at 5,000 of these instead of 50,000 rows.
    var leagueLifecycles: [PassMode: [String: LeagueLifecycles]] = [:]
    /// The union of the registered starters' teams per week, for ``nextKickoff(_:week:after:)``;
    /// dropped whenever `leagueTeams` changes.
    var starterTeams: [WeekKey: (teams: Set<TeamCode>, complete: Bool)] = [:]
    /// The aged schedule each week's registrations were last stepped with.
    var steppedSchedules: [WeekKey: WeekSchedule?] = [:]
    /// The players index the registrations were last stepped with.
    var steppedPlayersAt: Date?
    /// Every registration must be stepped on the next pass (new data from elsewhere).
    var stepAll = true
    /// When each registration last looked for its league's renewal (loaded when first planned).
    var renewalAttempts: [Int64: Date]?
    /// The stats and projections, and whether the stats feed is in use (ADR 029).
    var livePoints = LivePointsCache()
    /// Each user's scope and pin (``PersonSettings``), read with the registrations.
    var personSettings: [String: PersonSettings] = [:]
    /// The person rows' headers per mode: every open one and the current week's (ADR 039).
    var persons: [PassMode: [PersonKey: LifecycleRow.Header]] = [:]
    var personWeek: [PassMode: WeekKey] = [:]
    /// ``personMembers(_:)`` for the last set of users asked about: a pass asks with the same
    /// users as the one before until a scope changes (a refill clears it).
    var personMembersMemo: (users: Set<String>, members: [String: [Int]])?

    /// One league's lifecycle rows in one mode, summed up.
    struct LeagueLifecycles {
        var openWeeks: Set<WeekKey> = []
        var openCount = 0
        /// The earliest timer among its open activities (age limit, keep-alive, grace end).
        var wake: Date?
    }

    struct LeagueWeek: Hashable, Sendable {
        let leagueID: String
        let week: WeekKey
    }

    mutating func fill(token: Int, registrations: [Registration], leagues: [String: StoredLeague], nflState: (state: NFLState, fetchedAt: Date)?) {
        self = SchedulerCache()
        self.token = token
        self.registrations = registrations
        registrationsByLeague = Dictionary(grouping: registrations.indices, by: { registrations[$0].leagueID })
        leagueByRegistration = Dictionary(registrations.map { ($0.id, $0.leagueID) }, uniquingKeysWith: { first, _ in first })
        self.leagues = leagues
        self.nflState = nflState
        stepAll = true
    }

    /// The header of one row, if the row exists.
    func header(_ key: LifecycleKey) -> LifecycleRow.Header? {
        lifecycles[key.mode]?[key.week]?[key.registrationID]
    }

    /// The registrations of a league, in registration order.
    func members(of leagueID: String) -> [Registration] {
        (registrationsByLeague[leagueID] ?? []).map { registrations[$0] }
    }

    /// Puts a freshly loaded set of headers in place and sums up every league.
    mutating func setLifecycles(_ headers: [LifecycleKey: LifecycleRow.Header], mode: PassMode, week: WeekKey, settings: LifecycleSettings) {
        var byWeek: [WeekKey: [Int64: LifecycleRow.Header]] = [:]
        for (key, header) in headers { byWeek[key.week, default: [:]][key.registrationID] = header }
        lifecycles[mode] = byWeek
        lifecycleWeek[mode] = week
        leagueLifecycles[mode] = [:]
        summarize(registrationsByLeague.keys, mode: mode, settings: settings)
    }

    /// Writes committed rows through, and sums up the leagues they belong to again.
    mutating func store(_ rows: [LifecycleKey: LifecycleRow], mode: PassMode, settings: LifecycleSettings) {
        guard !rows.isEmpty else { return }
        var leagues: Set<String> = []
        for (key, row) in rows {
            lifecycles[mode, default: [:]][key.week, default: [:]][key.registrationID] = row.header
            if let league = leagueByRegistration[key.registrationID] { leagues.insert(league) }
        }
        summarize(leagues, mode: mode, settings: settings)
    }

    private mutating func summarize(_ leagues: some Sequence<String>, mode: PassMode, settings: LifecycleSettings) {
        let weeks = lifecycles[mode] ?? [:]
        for leagueID in leagues {
            var summary = LeagueLifecycles()
            for index in registrationsByLeague[leagueID] ?? [] {
                let registration = registrations[index]
                for (week, headers) in weeks {
                    guard let header = headers[registration.id], header.isOpen else { continue }
                    summary.openWeeks.insert(week)
                    summary.openCount += 1
                    if let wake = Self.wake(header, settings: settings) { summary.wake = min(summary.wake ?? wake, wake) }
                }
            }
            leagueLifecycles[mode, default: [:]][leagueID] = summary.openCount == 0 ? nil : summary
        }
    }

    /// When an open activity next needs a step with no new data: its age limit, a
    /// keep-alive, or the end of its grace. Read from the row's header, without decoding it.
    static func wake(_ row: LifecycleRow.Header, settings: LifecycleSettings) -> Date? {
        guard let startedAt = row.activityStartedAt else { return nil }
        var wake = startedAt.addingTimeInterval(settings.maxActivityAge)
        wake = min(wake, (row.lastEventAt ?? startedAt).addingTimeInterval(PushPolicy.keepAliveInterval))
        if let since = row.graceSince { wake = min(wake, since.addingTimeInterval(settings.grace)) }
        return wake
    }
}

extension WeekSchedule {
    /// Teams whose game differs between two versions of a week's schedule, but for its clock.
    ///
    /// The quarter and seconds left change with every status answer of a live game, and only
    /// the win chance reads them: it is recomputed, on the clock of the moment, whenever the
    /// league is stepped for anything else (its stats or matchups moved, a timer), which
    /// in a live game is nearly every pass. Counting the clock re-stepped every league with
    /// a player on the field at every status call (issue 26: all 50,000 registrations).
    func changedTeams(from old: WeekSchedule?) -> Set<TeamCode> {
        guard let old else { return Set(games.flatMap { [$0.home, $0.away] }) }
        var before: [String: NFLGame] = [:]
        for game in old.games { before[game.id] = game }
        var teams: Set<TeamCode> = []
        for game in games where !(before[game.id].map { $0.sameButForClock(as: game) } ?? false) {
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

extension NFLGame {
    /// The same game, status and kickoff, whatever the two clocks say.
    func sameButForClock(as other: NFLGame) -> Bool {
        id == other.id && home == other.home && away == other.away && kickoff == other.kickoff && status == other.status
    }
}
