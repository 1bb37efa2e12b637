import Foundation
import Testing
@testable import SidelineCore

@Suite("The pass budget: room for league calls, the feeds' reserve, renewals, push-back")
struct PassBudgetTests {
    let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
    let now = Date(timeIntervalSince1970: 1_795_370_400)

    func input(leagues: Int, renewals: [RenewalPollState] = []) -> PollPlanInput {
        PollPlanInput(
            now: now, hasRegistrations: true, nflStateFetchedAt: now,
            schedules: [ScheduleState(week: week, schedule: nil, fetchedAt: nil)],
            leagues: (0..<leagues).map { LeaguePollState(leagueID: "L\($0)", week: week, eligible: true, lastFetchedAt: nil, hasOpenActivity: false) },
            playersFetchedAt: now, backoffUntil: [:], settings: PollSettings(), renewals: renewals
        )
    }

    @Test("A large budget keeps a tenth back at most, one more than the feeds it follows")
    func reserve() {
        #expect(PassBudget(capacity: 900, cap: 900).leagueCapacity(feedCalls: 1) == 898)
        #expect(PassBudget(capacity: 900, cap: 900).leagueCapacity(feedCalls: 200) == 810)
        // A tiny budget (under ten calls) keeps nothing back: the feeds still go through the call log.
        #expect(PassBudget(capacity: 5, cap: 9).leagueCapacity(feedCalls: 1) == 5)
        #expect(PassBudget(capacity: 1, cap: 900).leagueCapacity(feedCalls: 1) == 0)
    }

    @Test("The plan takes league calls in order until one does not fit, and counts the rest")
    func takesInOrder() {
        let plan = PollPlanner.plan(input(leagues: 5), budget: PassBudget(capacity: 3, cap: 9))
        #expect(plan.feeds == [.schedule(week)])
        #expect(plan.leagueCalls.count == 3)
        #expect(plan.postponed == 2)
    }

    @Test("A renewal look-up is planned in the background, costs three calls, and waits a day between tries")
    func renewals() {
        let fresh = RenewalPollState(registrationID: 7, lastAttemptAt: nil)
        let tried = RenewalPollState(registrationID: 8, lastAttemptAt: now.addingTimeInterval(-3600))
        let due = PollPlanner.prioritized(input(leagues: 1, renewals: [fresh, tried]))
        #expect(due.last?.call == .leagueRenewal(registrationID: 7))
        #expect(due.last?.priority == .background)
        #expect(!due.contains { $0.call == .leagueRenewal(registrationID: 8) })
        #expect(PlannedCall.leagueRenewal(registrationID: 7).cost == 3)
        // Room for three: the league's matchups first, then the renewal does not fit in two.
        let plan = PollPlanner.plan(input(leagues: 1, renewals: [fresh]), budget: PassBudget(capacity: 3, cap: 9))
        #expect(plan.leagueCalls == [.matchups(leagueID: "L0", week: week)])
        #expect(plan.postponed == 1)
        let roomy = PollPlanner.plan(input(leagues: 1, renewals: [fresh]), budget: PassBudget(capacity: 4, cap: 9))
        #expect(roomy.leagueCalls.last == .leagueRenewal(registrationID: 7))
    }

    @Test("429 and 403 slow the whole budget at once; other failures from the second in a row")
    func pushBack() {
        #expect(PassBudget.slowsDown(status: 429, consecutiveFailures: 1))
        #expect(PassBudget.slowsDown(status: 403, consecutiveFailures: 1))
        #expect(!PassBudget.slowsDown(status: 503, consecutiveFailures: 1))
        #expect(PassBudget.slowsDown(status: 503, consecutiveFailures: 2))
    }
}
