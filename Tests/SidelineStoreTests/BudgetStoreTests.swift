import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore

@Suite("The call budget in the store: sliding window, processes, push-back")
struct BudgetStoreTests {
    let t0 = storeT0

    @Test("Capacity is counted over a sliding 60-second window, not a calendar minute", arguments: StoreFactory<any CommonStoreRoles>.common)
    func slidingWindowCapacity(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let store = try stores.fresh()
        let budget = RateBudget(limit: 10, headroom: 2)
        // Eight calls from 18:00:30 to 18:00:58: the window is full for the scheduler.
        for i in 0..<8 { #expect(try store.admitCall(kind: "matchups", path: "/m\(i)", at: t0.addingTimeInterval(30 + Double(i) * 4), budget: budget, forRegistration: false)) }
        #expect(try store.schedulerCapacity(at: t0.addingTimeInterval(59), budget: budget).capacity == 0)
        // 18:01:00 is a new calendar minute, but the window still holds all eight.
        #expect(try store.schedulerCapacity(at: t0.addingTimeInterval(60), budget: budget).capacity == 0)
        #expect(try !store.admitCall(kind: "matchups", path: "/late", at: t0.addingTimeInterval(60), budget: budget, forRegistration: false))
        // Registration still gets through: the headroom.
        #expect(try store.admitCall(kind: "user", path: "/u", at: t0.addingTimeInterval(60), budget: budget, forRegistration: true))
        // The registration call counts too; from 18:01:34 the first two calls have left the window.
        #expect(try store.schedulerCapacity(at: t0.addingTimeInterval(90.5), budget: budget).capacity == 0)
        #expect(try store.schedulerCapacity(at: t0.addingTimeInterval(95), budget: budget).capacity == 1)
        #expect(RateBudget.busiestWindow(try store.callLog().map(\.at)) <= budget.limit)
        #expect(try store.callLog().map(\.path) == (0..<8).map { "/m\($0)" } + ["/u"])
    }

    @Test("A push-back recorded by one process halves the budget another process admits, and it recovers", arguments: StoreFactory<any CommonStoreRoles>.common)
    func pushBackAcrossProcesses(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let (first, second) = try stores.twoConnections()
        let budget = RateBudget(limit: 20, headroom: 0)
        try first.recordPushBack(at: t0)
        #expect(try second.budgetPressure().share == 0.5)
        var admitted = 0
        for i in 0..<20 where try second.admitCall(kind: "matchups", path: "/m\(i)", at: t0.addingTimeInterval(Double(i)), budget: budget, forRegistration: false) {
            admitted += 1
        }
        #expect(admitted == 10)
        // Ten calm minutes later the full budget is back.
        #expect(try second.schedulerCapacity(at: t0.addingTimeInterval(600), budget: budget).cap == 20)
    }

    @Test("A batch of matchups answers is stored in one go: bodies replace entries and ETag, 304s only move the fetch time", arguments: StoreFactory<any CommonStoreRoles>.common)
    func snapshotBatch(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let store = try stores.fresh()
        let week = storeWeek
        let entry = MatchupEntry(rosterID: 1, matchupID: 1, points: 3, starters: ["a"], startersPoints: [3], players: ["a"], playersPoints: ["a": 3])
        let later = MatchupEntry(rosterID: 1, matchupID: 1, points: 9, starters: ["a"], startersPoints: [9], players: ["a"], playersPoints: ["a": 9])
        try store.saveSnapshots([
            SnapshotUpdate(leagueID: "L1", week: week, entries: [entry], etag: "W/\"1\"", fetchedAt: t0),
            SnapshotUpdate(leagueID: "L2", week: week, entries: [entry], fetchedAt: t0),
        ])
        try store.saveSnapshots([SnapshotUpdate(leagueID: "L1", week: week, entries: nil, fetchedAt: t0.addingTimeInterval(60))])
        #expect(try store.snapshotTimes(week: week) == ["L1": t0.addingTimeInterval(60), "L2": t0])
        #expect(try store.snapshots(week: week, leagueIDs: ["L1"])["L1"]?.entries == [entry])
        #expect(try store.snapshotETags(week: week) == ["L1": "W/\"1\""], "a 304 keeps the ETag; no ETag is stored as none")

        // A new body without an ETag clears the old one: it no longer names what is stored.
        try store.saveSnapshots([SnapshotUpdate(leagueID: "L1", week: week, entries: [later], fetchedAt: t0.addingTimeInterval(120))])
        #expect(try store.snapshotETags(week: week).isEmpty)
        #expect(try store.snapshots(week: week, leagueIDs: ["L1"])["L1"]?.entries == [later])
    }

    @Test("Usability marks are set and cleared with the snapshots they judge, per week (week 1's are not week 12's)", arguments: StoreFactory<any CommonStoreRoles>.common)
    func unusableMarks(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let store = try stores.fresh()
        let weekOne = WeekKey(season: "2026", seasonType: .regular, week: 1)
        let at = t0.addingTimeInterval(0.25)
        try store.saveSnapshots([], marks: [UnusableAnswerMark(leagueID: "L1", week: storeWeek, at: at), UnusableAnswerMark(leagueID: "L2", week: storeWeek, at: t0),
                                            UnusableAnswerMark(leagueID: "L1", week: weekOne, at: t0)])
        #expect(try store.unusableAnswers(week: storeWeek) == ["L1": at, "L2": t0])
        #expect(try store.unusableAnswers(week: weekOne) == ["L1": t0])
        // A usable answer clears its league's mark in the transaction that stores it.
        try store.saveSnapshots([SnapshotUpdate(leagueID: "L2", week: storeWeek, entries: [], fetchedAt: t0 + 60)], marks: [UnusableAnswerMark(leagueID: "L2", week: storeWeek, at: nil)])
        #expect(try store.unusableAnswers(week: storeWeek) == ["L1": at])
        #expect(try store.snapshotTimes(week: storeWeek) == ["L2": t0 + 60])
    }
}
