import Foundation
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineFakeSleeper
import SidelineSleeper
import SidelineWiring
import Synchronization

/// A pass in which only the stats moved (issue 21: at 50,000 registrations it must take at
/// most 10 s of wall time). Every live registration whose starters' teams moved is
/// stepped, with no matchups body to decode: the live-points step alone.
struct StatsPassFigure {
    let at: Date
    let wallSeconds: Double
    let cpuSeconds: Double
    let stepped: Int
    let events: Int
    let open: Int
}

enum BenchStatsPass {
    /// After the run: a pass every `passSeconds` with every league call withheld, through
    /// a whole scoring step of the synthetic games and the edge cache's lifetime after it,
    /// so the stats body changes at least once. Returns the heaviest pass: the most
    /// lifecycles stepped, then the most events (a projections change also steps everyone,
    /// but moves no score).
    static func measure(_ scheduler: Scheduler, withholding: LeagueCallsWithholding, after last: Date, passSeconds: TimeInterval,
                        open: Int, clock: ManualClock, server: BenchServerProcess) async throws -> StatsPassFigure? {
        withholding.withheld.store(true, ordering: .relaxed)
        defer { withholding.withheld.store(false, ordering: .relaxed) }
        let verbose = ProcessInfo.processInfo.environment["SIDELINE_BENCH_VERBOSE"] != nil
        let passes = Int(((SyntheticSunday.scoringStep + BenchEdgeCache.sleeperLifetime) / passSeconds).rounded(.up)) + 2
        var best: StatsPassFigure?
        for index in 1...passes {
            let time = last.addingTimeInterval(Double(index) * passSeconds)
            clock.set(time)
            try await server.setNow(time)
            let wallStart = ContinuousClock.now
            let cpuStart = CPUTime.process()
            let report = try await scheduler.runPass(at: time, mode: .live, sinks: [])
            let figure = StatsPassFigure(at: time, wallSeconds: (ContinuousClock.now - wallStart).seconds, cpuSeconds: CPUTime.process() - cpuStart,
                                         stepped: report.stepped, events: report.events.count, open: open)
            if verbose { BenchMain.log(String(format: "  stats pass at %@: %.2f s wall, %d stepped, %d events", EventEnvelope.timestamp(time), figure.wallSeconds, figure.stepped, figure.events)) }
            if figure.stepped > 0, (figure.stepped, figure.events) > (best?.stepped ?? 0, best?.events ?? 0) { best = figure }
        }
        return best
    }
}

/// The Sleeper client, with a switch that answers every league call (matchups, and the
/// weekly scoring-settings look-up) as if the window were spent: the scheduler postpones
/// it, as on a busy minute, and the stats pass's only input is the stats feed. Off, it is
/// the client itself.
final class LeagueCallsWithholding: SleeperClient {
    let base: any SleeperClient
    let withheld = Atomic<Bool>(false)

    init(_ base: any SleeperClient) {
        self.base = base
    }

    func matchups(leagueID: String, week: Int, ifNoneMatch: String?) async throws(SleeperError) -> MatchupsAnswer {
        try withhold("/v1/league/\(leagueID)/matchups/\(week)")
        return try await base.matchups(leagueID: leagueID, week: week, ifNoneMatch: ifNoneMatch)
    }

    func league(_ leagueID: String) async throws(SleeperError) -> League {
        try withhold("/v1/league/\(leagueID)")
        return try await base.league(leagueID)
    }

    private func withhold(_ path: String) throws(SleeperError) {
        if withheld.load(ordering: .relaxed) { throw .budgetExhausted(endpoint: "\(path) (withheld for the stats pass)") }
    }

    func nflState() async throws(SleeperError) -> NFLState { try await base.nflState() }
    func user(_ usernameOrID: String) async throws(SleeperError) -> SleeperUser { try await base.user(usernameOrID) }
    func leagues(userID: String, season: String) async throws(SleeperError) -> [League] { try await base.leagues(userID: userID, season: season) }
    func rosters(leagueID: String) async throws(SleeperError) -> [Roster] { try await base.rosters(leagueID: leagueID) }
    func members(leagueID: String) async throws(SleeperError) -> [LeagueMember] { try await base.members(leagueID: leagueID) }
    func players() async throws(SleeperError) -> PlayersIndex { try await base.players() }
}
