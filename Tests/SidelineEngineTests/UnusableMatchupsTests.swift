import Foundation
import Testing
import SidelineDelivery
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// Issue 17, item 2: a matchups answer that proves no lineup lock (`[]`, a registered roster
/// missing, unusable numbers) must not be taken as the kickoff snapshot. demo_alex's first
/// starter kicks off in London at 14:30Z; his start normally comes at 14:31.
@Suite("Unusable matchups answers at kickoff never cost the start")
struct UnusableMatchupsTests {
    static let matchupsPath = "/v1/league/\(GameDayScript.leagueID)/matchups"
    static let kickoffPass = "2026-11-22T14:31:00Z"

    /// The fake's answer at its current instant, written out by hand so a test can put in
    /// what no encoder writes (`1e999`) and leave rosters out.
    static func body(_ harness: EngineHarness, dropping dropped: Set<Int> = [], points: [Int: String] = [:]) -> String {
        let lines = harness.world.currentSnapshot().matchups[MatchupKey(leagueID: GameDayScript.leagueID, week: GameDayScript.week)] ?? []
        func strings(_ values: [String]) -> String { "[" + values.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        let entries = lines.map(\.entry).filter { !dropped.contains($0.rosterID) }.map { entry in
            let startersPoints = (entry.startersPoints ?? []).map { "\($0)" }.joined(separator: ",")
            let playersPoints = (entry.playersPoints ?? [:]).map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
            return #"{"roster_id":\#(entry.rosterID),"matchup_id":\#(entry.matchupID.map(String.init) ?? "null"),"points":\#(points[entry.rosterID] ?? "\(entry.points)"),"#
                + #""starters":\#(strings(entry.starters)),"starters_points":[\#(startersPoints)],"players":\#(strings(entry.players)),"players_points":{\#(playersPoints)}}"#
        }
        return "[" + entries.joined(separator: ",") + "]"
    }

    /// Alex registered at 14:25, passes once a minute to 14:30; then `answer` (built at
    /// 14:31) is what Sleeper says to the first post-kickoff call, and passes run to 14:40,
    /// each in a new process when `cron` is set (only the database carries anything over).
    func kickoff(cron: Bool = false, answer: (EngineHarness) -> String) async throws -> (reports: [PassReport], starts: [EventEnvelope]) {
        try await withEngineHarness(at: "2026-11-22T14:25:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            let sink = RecordingSink()
            let daemon = try harness.scheduler()
            try await harness.run(daemon, from: "2026-11-22T14:25:00Z", to: "2026-11-22T14:30:00Z", sinks: [sink])
            #expect(sink.events.isEmpty)
            harness.setNow(EngineHarness.utc(Self.kickoffPass))
            harness.world.inject(.garbage(answer(harness)), forPathPrefix: Self.matchupsPath, times: 1)
            var reports: [PassReport] = []
            var time = EngineHarness.utc(Self.kickoffPass)
            while time <= EngineHarness.utc("2026-11-22T14:40:00Z") {
                let scheduler = cron ? try harness.scheduler() : daemon
                let minute = iso(time)
                reports += try await harness.run(scheduler, from: minute, to: minute, sinks: [sink])
                time = time.addingTimeInterval(60)
            }
            return (reports, sink.events.filter { $0.event == .start })
        }
    }

    @Test("Sleeper answers [] at kickoff: nothing is taken from it, and the start arrives on the next pass")
    func emptyAnswer() async throws {
        let (reports, starts) = try await kickoff { _ in "[]" }
        #expect(reports[0].problems.contains { $0.contains(Messages.Matchups.describe(.empty)) })
        #expect(reports[0].events.isEmpty)
        #expect(starts.map(\.at) == ["2026-11-22T14:32:00Z"])
    }

    @Test("An answer without the user's roster: kept for nobody's start, asked again next pass, in a new process too")
    func missingRoster() async throws {
        let (reports, starts) = try await kickoff(cron: true) { Self.body($0, dropping: [GameDayScript.alex.rosterID]) }
        #expect(reports[0].problems.contains { $0.contains(Messages.Matchups.describe(.missingRoster(GameDayScript.alex.rosterID))) })
        #expect(reports[0].events.isEmpty)
        #expect(starts.map(\.at) == ["2026-11-22T14:32:00Z"])
    }

    @Test("Non-finite or absurd points at kickoff (1e999, \"inf\", 1500 for the opponent): not kept, the start comes next pass with real scores",
          arguments: [
            [GameDayScript.alex.rosterID: "1e999"],
            [GameDayScript.alex.rosterID: "\"inf\""],
            [GameDayScript.casey.rosterID: "1500"],
            [GameDayScript.casey.rosterID: "-1e999"],
          ])
    func unusablePoints(points: [Int: String]) async throws {
        let (reports, starts) = try await kickoff { Self.body($0, points: points) }
        #expect(reports[0].problems.contains { $0.contains("unusable points figure") })
        #expect(reports[0].events.isEmpty)
        #expect(starts.map(\.at) == ["2026-11-22T14:32:00Z"])
        let score = try #require(starts.first?.score)
        #expect(score.team.magnitude < 1000 && (score.opponent?.magnitude ?? 0) < 1000)
    }

    @Test("A usable answer with negative points is the kickoff snapshot as before: the start comes at once")
    func negativePointsAreFine() async throws {
        let (reports, starts) = try await kickoff { Self.body($0, points: [GameDayScript.casey.rosterID: "-4.5"]) }
        #expect(reports[0].problems.isEmpty)
        #expect(starts.map(\.at) == [Self.kickoffPass])
    }

    @Test("A league answering [] for minutes is asked once a minute, not every 30-second pass, then starts")
    func askedOnceAMinute() async throws {
        try await withEngineHarness(at: "2026-11-22T14:25:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T14:25:00Z", to: "2026-11-22T14:30:30Z", sinks: [sink], step: 30)
            harness.world.inject(.garbage("[]"), forPathPrefix: Self.matchupsPath)
            harness.world.clearRequests()
            try await harness.run(scheduler, from: "2026-11-22T14:31:00Z", to: "2026-11-22T14:35:30Z", sinks: [sink], step: 30)
            // 14:31, :32, :33, :34, :35: once a minute, though the league is never proven.
            #expect(harness.world.requestCount(pathPrefix: Self.matchupsPath) == 5)
            #expect(sink.events.isEmpty)
            harness.world.clearFailures()
            try await harness.run(scheduler, from: "2026-11-22T14:36:00Z", to: "2026-11-22T14:37:00Z", sinks: [sink], step: 30)
            #expect(sink.events.filter { $0.event == .start }.map(\.at) == ["2026-11-22T14:36:00Z"])
            // A usable answer cleared the league's mark.
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            #expect(try store.unusableAnswers(week: WeekKey(season: "2026", seasonType: .regular, week: 12)).isEmpty)
        }
    }
}
