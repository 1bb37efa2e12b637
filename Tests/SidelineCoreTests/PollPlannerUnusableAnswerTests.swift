import Foundation
import Testing
@testable import SidelineCore

/// Issue 17: an answer that proves no lineup lock (`[]`, unusable numbers, a registered
/// roster missing) must not count as the league's kickoff snapshot.
@Suite("Poll planning after an unusable matchups answer")
struct PollPlannerUnusableAnswerTests {
    let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
    let day = ScriptedDay(games: ScriptedDay.sunday, starters: [])

    /// The matchups call the plan at `time` makes for one league, with its rank.
    func planned(_ time: String, fetched: String?, unusable: String?, open: Bool = false, starters: Set<TeamCode>? = nil, rostered: Set<TeamCode>? = nil) -> PrioritizedCall? {
        let now = ScriptedDay.utc(time)
        let league = LeaguePollState(leagueID: "L1", week: week, eligible: true, lastFetchedAt: fetched.map(ScriptedDay.utc), hasOpenActivity: open,
                                     starterTeams: starters, rosteredTeams: rostered, unusableAnswerAt: unusable.map(ScriptedDay.utc))
        let input = PollPlanInput(
            now: now, hasRegistrations: true, nflStateFetchedAt: now,
            schedules: [ScheduleState(week: week, schedule: day.schedule(at: now), fetchedAt: now)],
            leagues: [league], playersFetchedAt: now, backoffUntil: [:], settings: PollSettings()
        )
        return PollPlanner.prioritized(input).first { if case .matchups = $0.call { true } else { false } }
    }

    @Test("An empty answer at kickoff (not kept): the kickoff snapshot is asked again a minute later, first in line")
    func emptyAnswerIsAskedAgain() {
        // Fetched at 17:55 before the 18:00 kickoffs; the 18:01 answer was [] and not kept.
        #expect(planned("2026-11-22T18:01:30Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-22T18:01:00Z") == nil)
        let next = planned("2026-11-22T18:02:00Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-22T18:01:00Z")
        #expect(next?.call == .matchups(leagueID: "L1", week: week))
        #expect(next?.priority == .kickoff)
        // Still asking an hour on, once a minute, while nothing usable comes.
        #expect(planned("2026-11-22T19:00:30Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-22T19:00:00Z") == nil)
        #expect(planned("2026-11-22T19:01:00Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-22T19:00:00Z") != nil)
    }

    @Test("An answer without a registered roster (kept for the others) does not end the asking")
    func partialAnswerIsAskedAgain() {
        // Today's rule alone: a snapshot fetched after the kickoff is the proof, and nothing follows.
        #expect(planned("2026-11-22T18:02:00Z", fetched: "2026-11-22T18:01:00Z", unusable: nil) == nil)
        #expect(planned("2026-11-22T18:02:00Z", fetched: "2026-11-22T18:01:00Z", unusable: "2026-11-22T18:01:00Z")?.priority == .kickoff)
    }

    @Test("A 304 after the unusable answer counts as the last call: the next one is a minute after it")
    func notModifiedCountsAsTheLastCall() {
        #expect(planned("2026-11-22T18:02:30Z", fetched: "2026-11-22T18:02:00Z", unusable: "2026-11-22T18:01:00Z") == nil)
        #expect(planned("2026-11-22T18:03:00Z", fetched: "2026-11-22T18:02:00Z", unusable: "2026-11-22T18:01:00Z") != nil)
    }

    @Test("No sooner than the CDN lag after a kickoff the stored snapshot does not prove")
    func notBeforeTheCDNLag() {
        // The 4:25 kickoff (21:25Z): the pre-kickoff answer is still in Sleeper's cache until 21:26.
        #expect(planned("2026-11-22T21:25:30Z", fetched: "2026-11-22T18:01:00Z", unusable: "2026-11-22T18:01:00Z") == nil)
        #expect(planned("2026-11-22T21:26:00Z", fetched: "2026-11-22T18:01:00Z", unusable: "2026-11-22T18:01:00Z") != nil)
    }

    @Test("Once no game is in progress the asking stops: no start can come of it")
    func stopsWhenTheGamesAreOver() {
        // The 1:00 games ended at 21:10Z and the 4:25 game starts at 21:25Z.
        #expect(planned("2026-11-22T21:15:00Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-22T21:09:00Z") == nil)
        // Monday night is over: nothing, though the stored snapshot is from before every kickoff.
        #expect(planned("2026-11-24T06:00:00Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-24T04:20:00Z") == nil)
    }

    @Test("Ranked as a kickoff snapshot is: first when a registered starter plays, else with live leagues or last")
    func rankFollowsTheLineups() {
        let buf: Set<TeamCode> = [TeamCode(normalizing: "BUF")!]
        let kc: Set<TeamCode> = [TeamCode(normalizing: "KC")!]
        #expect(planned("2026-11-22T18:02:00Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-22T18:01:00Z", starters: buf, rostered: buf)?.priority == .kickoff)
        #expect(planned("2026-11-22T18:02:00Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-22T18:01:00Z", starters: kc, rostered: kc.union(buf))?.priority == .live)
        #expect(planned("2026-11-22T18:02:00Z", fetched: "2026-11-22T17:55:00Z", unusable: "2026-11-22T18:01:00Z", starters: kc, rostered: kc)?.priority == .background)
    }

    @Test("A league whose first answer of the week was unusable is not asked every pass")
    func neverKeptIsNotAskedEveryPass() {
        #expect(planned("2026-11-22T18:01:30Z", fetched: nil, unusable: "2026-11-22T18:01:00Z") == nil)
        #expect(planned("2026-11-22T18:02:00Z", fetched: nil, unusable: "2026-11-22T18:01:00Z")?.priority == .kickoff)
        // Without the mark, a league never fetched is asked at once (unchanged).
        #expect(planned("2026-11-22T18:01:30Z", fetched: nil, unusable: nil) != nil)
    }

    @Test("A league with an open activity keeps its refresh; the mark adds no second call")
    func openActivity() {
        let due = planned("2026-11-22T18:03:00Z", fetched: "2026-11-22T18:02:00Z", unusable: "2026-11-22T18:02:00Z", open: true)
        #expect(due?.call == .matchups(leagueID: "L1", week: week))
    }
}
