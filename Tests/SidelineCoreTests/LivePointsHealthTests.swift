import Foundation
import Testing
@testable import SidelineCore

@Suite("Live points' health: when the stats feed is used, and when Sideline falls back to the matchups")
struct LivePointsHealthTests {
    static let now = Date(timeIntervalSince1970: 1_795_370_400)
    static let kickoff = now.addingTimeInterval(-4 * 3600)

    static func feed(fetchedAt: Date) -> StatFeedLines {
        StatFeedLines(lines: ["p1": ["rush_yd": 10]], previous: nil, fetchedAt: fetchedAt, changedAt: fetchedAt, etag: nil)
    }

    @Test("Fresh stats are blended; stale, missing or suspended ones are not, and say why")
    func source() {
        var health = LivePointsHealth()
        #expect(health.source(stats: Self.feed(fetchedAt: Self.now - 30), at: Self.now) == .stats(refreshedAt: Self.now - 30))
        #expect(!health.blends(stats: nil, at: Self.now))
        #expect(!health.blends(stats: Self.feed(fetchedAt: Self.now - LivePointsHealth.maxStatsAge - 1), at: Self.now))
        health.lastFailure = "HTTP 500"
        guard case .matchupsOnly(let why) = health.source(stats: nil, at: Self.now) else { Issue.record("expected a fallback"); return }
        #expect(why.contains("HTTP 500"))
        health.suspend("it answered nothing", at: Self.now)
        #expect(!health.blends(stats: Self.feed(fetchedAt: Self.now), at: Self.now + 60))
        #expect(health.blends(stats: Self.feed(fetchedAt: Self.now + LivePointsHealth.suspension), at: Self.now + LivePointsHealth.suspension))
    }

    static let players = PlayersIndex(players: ["p1": PlayerInfo(id: "p1", name: "Finished Back", position: "RB", team: TeamCode(normalizing: "DET")),
                                                "p2": PlayerInfo(id: "p2", name: "Live Back", position: "RB", team: TeamCode(normalizing: "KC"))])

    static func schedule(detStatus: GameStatus) -> WeekSchedule {
        WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [
            NFLGame(id: "1", home: TeamCode(normalizing: "DET")!, away: TeamCode(normalizing: "NYG")!, kickoff: kickoff, status: detStatus),
            NFLGame(id: "2", home: TeamCode(normalizing: "KC")!, away: TeamCode(normalizing: "LV")!, kickoff: now - 600, status: .inProgress),
        ])
    }

    @Test("An empty feed a quarter of an hour into a game looks wrong; before, or with no game on, it is normal")
    func emptyWhileLive() {
        // KC–LV kicked off ten minutes ago: not yet.
        #expect(StatsFeedCheck.problem([:], previous: nil, schedule: Self.schedule(detStatus: .final), players: Self.players, at: Self.now) == nil)
        #expect(StatsFeedCheck.problem([:], previous: nil, schedule: Self.schedule(detStatus: .final), players: Self.players, at: Self.now + 300) != nil)
        let quiet = WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [])
        #expect(StatsFeedCheck.problem([:], previous: nil, schedule: quiet, players: Self.players, at: Self.now) == nil)
    }

    @Test("A finished player's points falling by more than the tolerance looks wrong; a small correction does not")
    func finishedPlayerFalls() {
        let before: StatFeedLines.Lines = ["p1": ["rush_yd": 120, "rush_td": 2], "p2": ["rush_yd": 40, "rush_td": 2]]
        // A stat correction: a touchdown taken away (6 points).
        #expect(StatsFeedCheck.problem(["p1": ["rush_yd": 120, "rush_td": 1], "p2": ["rush_yd": 40]], previous: before, schedule: Self.schedule(detStatus: .final), players: Self.players, at: Self.now) == nil)
        // His whole line gone.
        let problem = StatsFeedCheck.problem(["p2": ["rush_yd": 40]], previous: before, schedule: Self.schedule(detStatus: .final), players: Self.players, at: Self.now)
        #expect(problem?.contains("Finished Back") == true)
        // The same fall while his game is on is not judged.
        #expect(StatsFeedCheck.problem(["p2": ["rush_yd": 40]], previous: before, schedule: Self.schedule(detStatus: .inProgress), players: Self.players, at: Self.now) == nil)
    }
}

@Suite("The live points' calls in the plan")
struct PollPlannerLivePointsTests {
    let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
    let now = Date(timeIntervalSince1970: 1_795_370_400)

    func input(gameOn: Bool, stats: Date?, projections: Date?, scoring: [ScoringPollState] = []) -> PollPlanInput {
        let game = NFLGame(id: "1", home: TeamCode(normalizing: "DET")!, away: TeamCode(normalizing: "NYG")!, kickoff: now - 600,
                           status: gameOn ? .inProgress : .scheduled)
        return PollPlanInput(
            now: now, hasRegistrations: true, nflStateFetchedAt: now,
            schedules: [ScheduleState(week: week, schedule: WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [game]), fetchedAt: now)],
            leagues: [], playersFetchedAt: now, backoffUntil: [:], settings: PollSettings(),
            statFeeds: [StatFeedPollState(kind: .stats, week: week, fetchedAt: stats), StatFeedPollState(kind: .projections, week: week, fetchedAt: projections)],
            scoring: scoring)
    }

    @Test("The stats go with the kickoff snapshots on a real budget, behind them on a tiny one")
    func statsPriority() {
        func priority(_ budget: Int?) -> CallPriority? {
            let base = input(gameOn: true, stats: nil, projections: now)
            let sized = PollPlanInput(now: now, hasRegistrations: true, nflStateFetchedAt: now, schedules: base.schedules, leagues: [],
                                      playersFetchedAt: now, backoffUntil: [:], settings: PollSettings(), statFeeds: base.statFeeds,
                                      schedulerCallsPerMinute: budget)
            return PollPlanner.prioritized(sized).first { $0.call == .statLines(.stats, week) }?.priority
        }
        #expect(priority(950) == .kickoff && priority(nil) == .kickoff)
        #expect(priority(2) == .live)
    }

    @Test("Stats every 30 s and projections every 10 min while a game is on, first of the league calls")
    func cadence() {
        #expect(PollPlanner.due(input(gameOn: true, stats: nil, projections: nil)).prefix(2) == [.statLines(.stats, week), .statLines(.projections, week)])
        #expect(PollPlanner.due(input(gameOn: true, stats: now - 20, projections: now - 60)).isEmpty)
        #expect(PollPlanner.due(input(gameOn: true, stats: now - 30, projections: now - 600)) == [.statLines(.stats, week), .statLines(.projections, week)])
        #expect(PollPlanner.due(input(gameOn: false, stats: nil, projections: nil)).isEmpty)
    }

    @Test("Once the last game is over, one more stats call for its final lines; none in an idle hour after")
    func finalLines() {
        func input(statsAt: Date, scheduleAt: Date) -> PollPlanInput {
            let game = NFLGame(id: "1", home: TeamCode(normalizing: "DET")!, away: TeamCode(normalizing: "NYG")!, kickoff: now - 4 * 3600, status: .final)
            return PollPlanInput(now: now, hasRegistrations: true, nflStateFetchedAt: now,
                                 schedules: [ScheduleState(week: week, schedule: WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [game]), fetchedAt: scheduleAt)],
                                 leagues: [], playersFetchedAt: now, backoffUntil: [:], settings: PollSettings(),
                                 statFeeds: [StatFeedPollState(kind: .stats, week: week, fetchedAt: statsAt)])
        }
        #expect(PollPlanner.due(input(statsAt: now - 60, scheduleAt: now)) == [.statLines(.stats, week)])
        #expect(PollPlanner.due(input(statsAt: now, scheduleAt: now)).isEmpty)
        #expect(PollPlanner.due(input(statsAt: now - 3600, scheduleAt: now)).isEmpty)
    }

    @Test("Scoring settings weekly, in the background, and at once for a league that has none")
    func scoring() {
        let leagues = [ScoringPollState(leagueID: "A", refreshedAt: nil), ScoringPollState(leagueID: "B", refreshedAt: now - 3600),
                       ScoringPollState(leagueID: "C", refreshedAt: now - 8 * 24 * 3600)]
        let due = PollPlanner.prioritized(input(gameOn: false, stats: nil, projections: nil, scoring: leagues))
        #expect(due.map(\.call) == [.leagueSettings(leagueID: "A"), .leagueSettings(leagueID: "C")] || due.map(\.call) == [.leagueSettings(leagueID: "C"), .leagueSettings(leagueID: "A")])
        #expect(due.allSatisfy { $0.priority == .background })
        #expect(PlannedCall.statLines(.stats, week).scope == .stats)
    }
}
