import Foundation
import Testing
@testable import SidelineCore

@Suite("Poll planning: what is due, and nothing more")
struct PollPlannerTests {
    let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
    let day = ScriptedDay(games: ScriptedDay.sunday, starters: [])

    func input(_ time: String, stateAt: String? = nil, scheduleAt: String? = nil, leagues: [LeaguePollState] = [], players: String? = nil, registered: Bool = true, backoff: [BackoffScope: Date] = [:]) -> PollPlanInput {
        let now = ScriptedDay.utc(time)
        let fetched = scheduleAt.map(ScriptedDay.utc)
        return PollPlanInput(
            now: now, hasRegistrations: registered, nflStateFetchedAt: stateAt.map(ScriptedDay.utc),
            schedules: [ScheduleState(week: week, schedule: fetched.map { day.schedule(at: $0) }, fetchedAt: fetched)],
            leagues: leagues, playersFetchedAt: players.map(ScriptedDay.utc), backoffUntil: backoff, settings: PollSettings()
        )
    }

    func league(_ id: String = "L1", fetched: String?, open: Bool = false, eligible: Bool = true) -> LeaguePollState {
        LeaguePollState(leagueID: id, week: week, eligible: eligible, lastFetchedAt: fetched.map(ScriptedDay.utc), hasOpenActivity: open)
    }

    @Test("With nothing registered, nothing is ever due")
    func nothingRegistered() {
        #expect(PollPlanner.due(input("2026-11-22T18:30:00Z", registered: false)).isEmpty)
    }

    @Test("An idle Wednesday pass makes no call once state and schedule are fresh")
    func idlePassMakesNoCalls() {
        let due = PollPlanner.due(input("2026-11-25T15:30:00Z", stateAt: "2026-11-25T15:00:00Z", scheduleAt: "2026-11-25T15:00:00Z", leagues: [league(fetched: "2026-11-25T15:00:00Z")], players: "2026-11-25T03:00:00Z"))
        #expect(due.isEmpty)
    }

    @Test("state/nfl is hourly, every 10 minutes when a game is on or within the hour")
    func stateCadence() {
        // Wednesday: hourly.
        #expect(PollPlanner.due(input("2026-11-25T15:30:00Z", stateAt: "2026-11-25T15:00:00Z", scheduleAt: "2026-11-25T15:29:00Z")).isEmpty)
        #expect(PollPlanner.due(input("2026-11-25T16:00:00Z", stateAt: "2026-11-25T15:00:00Z", scheduleAt: "2026-11-25T15:59:00Z")) == [.nflState])
        // Sunday 1:00 games in progress: every 10 minutes.
        #expect(PollPlanner.due(input("2026-11-22T18:30:00Z", stateAt: "2026-11-22T18:20:00Z", scheduleAt: "2026-11-22T18:29:30Z")).contains(.nflState))
        #expect(!PollPlanner.due(input("2026-11-22T18:25:00Z", stateAt: "2026-11-22T18:20:00Z", scheduleAt: "2026-11-22T18:24:30Z")).contains(.nflState))
    }

    @Test("Game statuses: every minute around live games, else 10 minutes before the next kickoff")
    func scheduleCadence() {
        // 1:00 games live: due a minute after the last fetch.
        #expect(PollPlanner.due(input("2026-11-22T18:31:00Z", stateAt: "2026-11-22T18:30:00Z", scheduleAt: "2026-11-22T18:30:00Z")) == [.schedule(week)])
        // Wednesday: the next fetch is an hour later.
        #expect(PollPlanner.due(input("2026-11-25T15:30:00Z", stateAt: "2026-11-25T15:00:00Z", scheduleAt: "2026-11-25T15:00:00Z")).isEmpty)
        // Sunday 12:00 ET (17:00Z), London game final, the 1:00 kickoff is an hour away: due at 17:50Z.
        let times = PollPlanner.dueTimes(input("2026-11-22T17:45:00Z", stateAt: "2026-11-22T17:45:00Z", scheduleAt: "2026-11-22T17:41:00Z"))
        #expect(times.first { $0.call == .schedule(week) }?.due == ScriptedDay.utc("2026-11-22T17:50:00Z"))
    }

    @Test("Matchups: once at least 60 s after each kickoff for every registered league")
    func matchupsAfterKickoff() {
        let leagues = [league("L1", fetched: "2026-11-22T15:00:00Z"), league("L2", fetched: "2026-11-22T15:00:00Z")]
        let at1800 = PollPlanner.due(input("2026-11-22T18:00:30Z", stateAt: "2026-11-22T18:00:00Z", scheduleAt: "2026-11-22T18:00:30Z", leagues: leagues, players: "2026-11-22T10:00:00Z"))
        #expect(!at1800.contains { if case .matchups = $0 { true } else { false } })
        let at1801 = PollPlanner.due(input("2026-11-22T18:01:00Z", stateAt: "2026-11-22T18:00:00Z", scheduleAt: "2026-11-22T18:01:00Z", leagues: leagues, players: "2026-11-22T10:00:00Z"))
        #expect(at1801.filter { if case .matchups = $0 { true } else { false } }.count == 2)
        // Once fetched after the lock, no more until the next kickoff.
        let later = PollPlanner.due(input("2026-11-22T19:00:00Z", stateAt: "2026-11-22T18:55:00Z", scheduleAt: "2026-11-22T19:00:00Z", leagues: [league("L1", fetched: "2026-11-22T18:01:00Z")], players: "2026-11-22T10:00:00Z"))
        #expect(later.isEmpty)
    }

    @Test("Matchups every interval for a league with an open activity; a new league at once")
    func matchupsWhileLive() {
        let due = PollPlanner.due(input("2026-11-22T19:00:00Z", stateAt: "2026-11-22T18:55:00Z", scheduleAt: "2026-11-22T19:00:00Z", leagues: [
            league("LIVE", fetched: "2026-11-22T18:59:00Z", open: true),
            league("NEW", fetched: nil),
            league("QUIET", fetched: "2026-11-22T18:01:00Z"),
            league("OUT", fetched: nil, eligible: false),
        ], players: "2026-11-22T10:00:00Z"))
        #expect(due == [.matchups(leagueID: "LIVE", week: week), .matchups(leagueID: "NEW", week: week)] || due == [.matchups(leagueID: "NEW", week: week), .matchups(leagueID: "LIVE", week: week)])
    }

    @Test("players/nfl at most once a day, and only when a snapshot needs mapping")
    func playersDaily() {
        let fresh = PollPlanner.due(input("2026-11-22T18:01:00Z", stateAt: "2026-11-22T18:00:00Z", scheduleAt: "2026-11-22T18:01:00Z", leagues: [league(fetched: nil)], players: "2026-11-21T19:00:00Z"))
        #expect(!fresh.contains(.players))
        let stale = PollPlanner.due(input("2026-11-22T18:01:00Z", stateAt: "2026-11-22T18:00:00Z", scheduleAt: "2026-11-22T18:01:00Z", leagues: [league(fetched: nil)], players: "2026-11-21T18:00:00Z"))
        #expect(stale.contains(.players))
        let idle = PollPlanner.due(input("2026-11-25T16:00:00Z", stateAt: "2026-11-25T15:59:00Z", scheduleAt: "2026-11-25T15:59:00Z", leagues: [league(fetched: "2026-11-25T10:00:00Z")], players: nil))
        #expect(!idle.contains(.players))
    }

    @Test("A backing-off scope is not due until its rest is over")
    func backoffDelays() {
        let until = ScriptedDay.utc("2026-11-22T18:35:00Z")
        let resting = input("2026-11-22T18:31:00Z", stateAt: "2026-11-22T18:30:00Z", scheduleAt: "2026-11-22T18:30:00Z",
                            leagues: [league(fetched: "2026-11-22T18:29:00Z", open: true)], players: "2026-11-22T12:00:00Z", backoff: [.sleeper: until])
        #expect(PollPlanner.due(resting) == [.schedule(week)])
        #expect(PollPlanner.dueTimes(resting).first { $0.call == .matchups(leagueID: "L1", week: week) }?.due == until)
    }

    @Test("A resting scores feed sends the statuses call straight to ESPN on its cadence; with both resting it waits for the earlier end")
    func statusesWhileScoresRest() {
        let scoresRest = ScriptedDay.utc("2026-11-22T18:45:00Z"), espnRest = ScriptedDay.utc("2026-11-22T18:33:00Z")
        // 1:00 games on: due every minute, from ESPN while the scores feed rests.
        let toESPN = input("2026-11-22T18:31:00Z", stateAt: "2026-11-22T18:30:00Z", scheduleAt: "2026-11-22T18:30:00Z", backoff: [.scores: scoresRest])
        #expect(PollPlanner.due(toESPN) == [.schedule(week, from: .espn)])
        // Both rest: nothing now; the source whose rest ends first is asked then.
        let both = input("2026-11-22T18:31:00Z", stateAt: "2026-11-22T18:30:00Z", scheduleAt: "2026-11-22T18:30:00Z", backoff: [.scores: scoresRest, .espn: espnRest])
        #expect(PollPlanner.due(both).isEmpty)
        #expect(PollPlanner.dueTimes(both).contains { $0.call == .schedule(week, from: .espn) && $0.due == espnRest })
        #expect(PollPlanner.statusSource(due: ScriptedDay.utc("2026-11-22T18:31:00Z"), rests: [.scores: espnRest, .espn: scoresRest]) == (.scores, espnRest))
        // The scores feed's rest over: it is asked again, first.
        let over = input("2026-11-22T18:46:00Z", stateAt: "2026-11-22T18:40:00Z", scheduleAt: "2026-11-22T18:45:00Z", backoff: [.scores: scoresRest, .espn: espnRest])
        #expect(PollPlanner.due(over) == [.schedule(week)])
        // The stats and projections rest apart from the statuses and from each other.
        #expect(PlannedCall.statLines(.stats, week).scope == .stats)
        #expect(PlannedCall.statLines(.projections, week).scope == .projections)
        #expect(PlannedCall.schedule(week, from: .espn).scope == .espn)
    }

    @Test("Order: feeds, then players, then matchups")
    func ordering() {
        let due = PollPlanner.due(input("2026-11-22T18:01:00Z", leagues: [league(fetched: nil)]))
        #expect(due == [.nflState, .schedule(week), .players, .matchups(leagueID: "L1", week: week)])
    }
}

@Suite("Rate budget")
struct RateBudgetTests {
    let t0 = ScriptedDay.utc("2026-11-22T18:00:00Z")

    @Test("A sliding 60-second window, not a calendar minute")
    func slidingWindow() {
        let budget = RateBudget(limit: 10, headroom: 2)
        let calls = (0..<8).map { t0.addingTimeInterval(Double($0) * 5) } // 18:00:00 … 18:00:35
        #expect(!budget.admits(calls, now: t0.addingTimeInterval(40), forRegistration: false))
        #expect(budget.admits(calls, now: t0.addingTimeInterval(40), forRegistration: true))
        // At 18:01:00 the 18:00:00 call has left the window.
        #expect(budget.admits(calls, now: t0.addingTimeInterval(60), forRegistration: false))
        #expect(budget.used(calls, now: t0.addingTimeInterval(95)) == 0)
        // A little ahead (another process's clock) counts; a replayed later day does not.
        #expect(budget.used([t0.addingTimeInterval(30)], now: t0) == 1)
        #expect(budget.used([t0.addingTimeInterval(3600)], now: t0) == 0)
        #expect(RateBudget.busiestWindow(calls + [t0.addingTimeInterval(59.9), t0.addingTimeInterval(60)]) == 9)
    }

    @Test("Backoff doubles from 30 s, honours Retry-After, caps at 15 minutes")
    func backoff() {
        #expect(Backoff.until(now: t0, failures: 1, retryAfter: nil) == t0.addingTimeInterval(30))
        #expect(Backoff.until(now: t0, failures: 3, retryAfter: nil) == t0.addingTimeInterval(120))
        #expect(Backoff.until(now: t0, failures: 1, retryAfter: 300) == t0.addingTimeInterval(300))
        #expect(Backoff.until(now: t0, failures: 30, retryAfter: nil) == t0.addingTimeInterval(900))
    }

    @Test("A Retry-After beyond 15 minutes rests 15 minutes, and a non-finite one counts as none")
    func backoffCapsRetryAfter() {
        #expect(Backoff.until(now: t0, failures: 1, retryAfter: 1e9) == t0.addingTimeInterval(900))
        #expect(Backoff.until(now: t0, failures: 1, retryAfter: .infinity) == t0.addingTimeInterval(30))
        #expect(Backoff.until(now: t0, failures: 1, retryAfter: .nan) == t0.addingTimeInterval(30))
        #expect(Backoff.until(now: t0, failures: 1, retryAfter: -5) == t0.addingTimeInterval(30))
    }
}
