import Foundation
import SidelineCore
import SidelineFakeSleeper
import SidelineStore

/// The age of the score a phone shows (issue 21): at every simulated minute, for every
/// registration with an open activity, how long ago Sleeper's true points last equalled
/// the points of its newest lifecycle state (the activity's last view: its own roster's
/// and the opponent's, the older of the two). 0 when they equal the truth now. Unlike the snapshot staleness it
/// sees what the design shows, whether the points came from a matchups body or a blend.
struct ScoreAges {
    /// Lifecycle rows read and decoded per store read: a pass's slice (ADR 015), so the
    /// measurement's memory stays small beside the figures it sits with.
    static let rowsPerRead = 1_000

    let world: SyntheticLeagues
    let start: Date
    private var truth: [Int: TrueScoreHistory] = [:]
    /// Age in seconds → how many (registration, minute) samples had it.
    private(set) var histogram: [Int: Int] = [:]
    /// Shown points the truth never had within ``TrueScoreHistory/horizonMinutes`` (counted, not aged).
    private(set) var unexplained = 0
    /// The benchmark's own time spent measuring, left out of every other figure.
    private(set) var wallSeconds = 0.0
    /// The last sampled minute's worst age and how many of its scores were not current:
    /// `SIDELINE_BENCH_VERBOSE` prints them, to see when in a run the worst ages fall.
    private(set) var lastMinute = (worst: 0, outdated: 0, samples: 0)

    init(world: SyntheticLeagues, start: Date) {
        self.world = world
        self.start = start
    }

    /// Whether `now` is a whole simulated minute into the run: the instants sampled.
    func isSampleInstant(_ now: Date) -> Bool {
        let offset = now.timeIntervalSince(start)
        return offset >= 0 && offset.truncatingRemainder(dividingBy: 60) == 0
    }

    /// Samples every open registration (registration id → league id) as the store holds it now.
    mutating func sample(at now: Date, open: [Int64: String], store: any LifecycleStore, week: WeekKey) throws {
        let began = ContinuousClock.now
        defer { wallSeconds += (ContinuousClock.now - began).seconds }
        let minute = Int((now.timeIntervalSince(start) / 60).rounded())
        lastMinute = (0, 0, 0)
        let keys = open.keys.sorted().map { LifecycleKey(registrationID: $0, week: week, mode: .live) }
        for first in stride(from: 0, to: keys.count, by: Self.rowsPerRead) {
            let rows = try store.lifecycleRows(keys[first..<min(first + Self.rowsPerRead, keys.count)])
            for (key, row) in rows {
                guard let view = try row.state().activity?.lastView,
                      let league = open[key.registrationID].flatMap(world.leagueIndex) else { continue }
                record(age(of: view, league: league, at: minute))
            }
        }
    }

    /// A shown score is as old as its older side: the phone shows both. In minutes; `nil`
    /// when a side's points were never true within the horizon.
    private mutating func age(of view: MatchupView, league: Int, at minute: Int) -> Int? {
        guard let mine = age(of: view.me, league: league, at: minute) else { return nil }
        guard let opponent = view.opponent else { return mine }
        return age(of: opponent, league: league, at: minute).map { max(mine, $0) }
    }

    private mutating func record(_ minutes: Int?) {
        lastMinute.samples += 1
        if minutes != 0 { lastMinute.outdated += 1 }
        lastMinute.worst = max(lastMinute.worst, minutes ?? 0)
        guard let minutes else {
            unexplained += 1
            return
        }
        histogram[minutes * 60, default: 0] += 1
    }

    private mutating func age(of side: LineupView, league: Int, at minute: Int) -> Int? {
        let key = league * (SyntheticLeagues.rostersPerLeague + 1) + side.rosterID
        // Each roster's truth is evaluated once a minute, however many registrations show it.
        if truth[key, default: TrueScoreHistory()].needsExtending(through: minute),
           let roster = world.rosters(league).first(where: { $0.rosterID == side.rosterID }) {
            let start = start
            truth[key, default: TrueScoreHistory()].extend(through: minute) { minute in
                TrueScoreHistory.points(roster, at: start.addingTimeInterval(Double(minute) * 60))
            }
        }
        return truth[key]?.age(of: side.points, at: minute)
    }

    var samples: Int { histogram.values.reduce(0, +) + unexplained }
    var worst: Int? { histogram.keys.max() }
    var median: Int? { BenchFigures.percentile(0.5, of: histogram) }
}
