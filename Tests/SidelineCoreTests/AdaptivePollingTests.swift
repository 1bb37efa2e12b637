import Foundation
import Testing
@testable import SidelineCore

@Suite("Adaptive polling: priorities and even stretching under a tight budget")
struct AdaptivePollingTests {
    let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
    let day = ScriptedDay(games: ScriptedDay.sunday, starters: [])
    let buf = TeamCode(normalizing: "BUF")!
    let kc = TeamCode(normalizing: "KC")!
    let sf = TeamCode(normalizing: "SF")!

    func input(_ time: String, leagues: [LeaguePollState], players: String? = "2026-11-22T10:00:00Z") -> PollPlanInput {
        let now = ScriptedDay.utc(time)
        return PollPlanInput(
            now: now, hasRegistrations: true, nflStateFetchedAt: now.addingTimeInterval(-30),
            schedules: [ScheduleState(week: week, schedule: day.schedule(at: now), fetchedAt: now)],
            leagues: leagues, playersFetchedAt: players.map(ScriptedDay.utc), backoffUntil: [:], settings: PollSettings()
        )
    }

    func league(_ id: String, fetched: String?, open: Bool = false, starters: Set<TeamCode>? = nil, rostered: Set<TeamCode>? = nil) -> LeaguePollState {
        LeaguePollState(leagueID: id, week: week, eligible: true, lastFetchedAt: fetched.map(ScriptedDay.utc), hasOpenActivity: open,
                        starterTeams: starters, rosteredTeams: rostered)
    }

    func matchups(_ calls: [PlannedCall]) -> [String] {
        calls.compactMap { if case .matchups(let id, _) = $0 { id } else { nil } }
    }

    @Test("At a kickoff, leagues with a starter in the new games go first; bench-only ones queue with live refreshes, stalest first; the rest go last")
    func kickoffOrder() {
        // 1:00 games (BUF–MIA, DET–CHI) kicked off at 18:00; it is 18:01:30.
        let leagues = [
            league("LIVE-STALE", fetched: "2026-11-22T17:58:00Z", open: true, starters: [kc], rostered: [kc]),
            league("NOBODY", fetched: "2026-11-22T17:50:00Z", starters: [kc], rostered: [kc, sf]),
            league("BENCH", fetched: "2026-11-22T17:55:00Z", starters: [kc], rostered: [kc, buf]),
            league("STARTER", fetched: "2026-11-22T17:59:00Z", starters: [buf, kc], rostered: [buf, kc]),
            league("LIVE-FRESH", fetched: "2026-11-22T18:00:20Z", open: true, starters: [sf], rostered: [sf]),
        ]
        let due = PollPlanner.prioritized(input("2026-11-22T18:01:30Z", leagues: leagues))
        // LIVE-STALE has waited since 17:58:55; BENCH and LIVE-FRESH since the lock at 18:01.
        #expect(matchups(due.map(\.call)) == ["STARTER", "LIVE-STALE", "BENCH", "LIVE-FRESH", "NOBODY"])
        #expect(due.first { $0.call == .matchups(leagueID: "BENCH", week: week) }?.priority == .live)
        #expect(due.first { $0.call == .matchups(leagueID: "STARTER", week: week) }?.priority == .kickoff)
        #expect(due.first { $0.call == .matchups(leagueID: "NOBODY", week: week) }?.priority == .background)
        // With room for two calls, the start goes first and the stalest live league next.
        #expect(matchups(PollPlanner.plan(input("2026-11-22T18:01:30Z", leagues: leagues), budget: PassBudget(capacity: 2, cap: 2)).leagueCalls) == ["STARTER", "LIVE-STALE"])
    }

    @Test("Unknown lineups count as relevant: a league never seen is not put last at a kickoff")
    func unknownLineupIsRelevant() {
        let due = PollPlanner.prioritized(input("2026-11-22T18:01:30Z", leagues: [league("UNKNOWN", fetched: "2026-11-22T17:59:00Z")]))
        #expect(due.last?.priority == .kickoff)
    }

    @Test("Game statuses come before any matchups, and a missing players index before snapshots")
    func feedsFirst() {
        let now = ScriptedDay.utc("2026-11-22T18:05:00Z")
        let plan = PollPlanInput(
            now: now, hasRegistrations: true, nflStateFetchedAt: now.addingTimeInterval(-3600),
            schedules: [ScheduleState(week: week, schedule: day.schedule(at: now), fetchedAt: now.addingTimeInterval(-120))],
            leagues: (0..<50).map { league("L\($0)", fetched: "2026-11-22T18:00:30Z", open: true) },
            playersFetchedAt: nil, backoffUntil: [:], settings: PollSettings()
        )
        // Feeds are not counted against the league calls' room: the call log admits each.
        let taken = PollPlanner.plan(plan, budget: PassBudget(capacity: 1, cap: 9))
        #expect(taken.feeds == [.nflState, .schedule(week)])
        #expect(taken.leagueCalls == [.players])
        #expect(taken.postponed == 50)
    }

    @Test("More live leagues than budget: stalest first, so every league is refreshed about every L/B minutes")
    func evenStretching() {
        // 40 live leagues, room for 10 matchups calls a minute (11, one kept back for the
        // status feed): each refreshed every 4 minutes.
        var fetched: [String: Date] = [:]
        let start = ScriptedDay.utc("2026-11-22T19:00:00Z")
        for i in 0..<40 { fetched["L\(i)"] = start.addingTimeInterval(-Double(i)) }
        var gaps: [String: [TimeInterval]] = [:]
        for minute in 1...40 {
            let now = start.addingTimeInterval(Double(minute) * 60)
            let leagues = fetched.map { LeaguePollState(leagueID: $0.key, week: week, eligible: true, lastFetchedAt: $0.value, hasOpenActivity: true) }
            let plan = PollPlanInput(
                now: now, hasRegistrations: true, nflStateFetchedAt: now,
                schedules: [ScheduleState(week: week, schedule: day.schedule(at: now), fetchedAt: now)],
                leagues: leagues, playersFetchedAt: now, backoffUntil: [:], settings: PollSettings()
            )
            let taken = PollPlanner.plan(plan, budget: PassBudget(capacity: 11, cap: 11))
            #expect(taken.leagueCalls.count == 10)
            #expect(taken.postponed == 30)
            for id in matchups(taken.leagueCalls) {
                gaps[id, default: []].append(now.timeIntervalSince(fetched[id]!))
                fetched[id] = now
            }
        }
        // After the first round every gap is exactly 4 minutes: nobody starves, nobody is favoured.
        #expect(gaps.count == 40)
        #expect(gaps.values.allSatisfy { $0.dropFirst().allSatisfy { $0 == 240 } })
        #expect(PollPlanner.refreshInterval(liveLeagues: 40, callsPerMinute: 10, settings: PollSettings()) == 240)
    }

    @Test("The refresh interval never drops below 60 s or the configured interval, and has no upper cap")
    func refreshIntervalBounds() {
        #expect(PollPlanner.refreshInterval(liveLeagues: 10, callsPerMinute: 950, settings: PollSettings()) == 60)
        #expect(PollPlanner.refreshInterval(liveLeagues: 10, callsPerMinute: 950, settings: PollSettings(matchupsSeconds: 30)) == 60)
        #expect(PollPlanner.refreshInterval(liveLeagues: 10, callsPerMinute: 950, settings: PollSettings(matchupsSeconds: 120)) == 120)
        #expect(PollPlanner.refreshInterval(liveLeagues: 50_000, callsPerMinute: 950, settings: PollSettings()) > 3000)
    }

    @Test("Leagues with nothing live and no new kickoff are not polled")
    func quietLeaguesAreNotPolled() {
        let due = PollPlanner.due(input("2026-11-22T19:30:00Z", leagues: [league("QUIET", fetched: "2026-11-22T18:02:00Z", starters: [buf])]))
        #expect(matchups(due).isEmpty)
    }
}

@Suite("Budget pressure: Sleeper's push-back slows the whole budget, then it recovers")
struct BudgetPressureTests {
    let t0 = ScriptedDay.utc("2026-11-22T18:00:00Z")
    let budget = RateBudget(limit: 1000, headroom: 50)

    @Test("Each push-back halves the scheduler's share, down to a floor")
    func halving() {
        var pressure = BudgetPressure.calm
        #expect(pressure.cap(budget, at: t0) == 950)
        pressure = pressure.pushedBack(at: t0)
        #expect(pressure.cap(budget, at: t0) == 475)
        pressure = pressure.pushedBack(at: t0.addingTimeInterval(10))
        #expect(pressure.cap(budget, at: t0.addingTimeInterval(10)) == 237)
        for i in 0..<10 { pressure = pressure.pushedBack(at: t0.addingTimeInterval(Double(20 + i))) }
        #expect(pressure.share(at: t0.addingTimeInterval(30)) == BudgetPressure.floor)
        #expect(pressure.cap(budget, at: t0.addingTimeInterval(30)) == 95)
    }

    @Test("Every calm minute gives back a tenth of the budget, up to all of it")
    func recovery() {
        let pressure = BudgetPressure.calm.pushedBack(at: t0)
        #expect(pressure.share(at: t0.addingTimeInterval(59)) == 0.5)
        #expect(abs(pressure.share(at: t0.addingTimeInterval(60)) - 0.6) < 1e-9)
        #expect(abs(pressure.share(at: t0.addingTimeInterval(180)) - 0.8) < 1e-9)
        #expect(pressure.share(at: t0.addingTimeInterval(600)) == 1)
        #expect(pressure.isCalm(at: t0.addingTimeInterval(300)))
        #expect(!pressure.isCalm(at: t0.addingTimeInterval(200)))
    }

    @Test("Even at the floor the scheduler keeps one call, so recovery can be observed")
    func atLeastOne() {
        let tiny = RateBudget(limit: 2, headroom: 1)
        #expect(BudgetPressure(share: 0.1, since: t0).cap(tiny, at: t0) == 1)
    }
}
