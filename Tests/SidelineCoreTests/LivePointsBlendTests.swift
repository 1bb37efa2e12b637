import Foundation
import Testing
@testable import SidelineCore

@Suite("Live points: the blend of the stats feed with each league's matchups")
struct LivePointsBlendTests {
    static let scoring = ScoringSettings(["rush_yd": 0.1, "rush_td": 6, "rec": 0.5])
    static let fetchedAt = Date(timeIntervalSince1970: 1_795_370_400)

    /// Two rosters: A starts p1 and p2, B starts p3 and an empty slot.
    static func entries(_ p1: Double, _ p2: Double, _ p3: Double, customA: Double? = nil) -> [MatchupEntry] {
        [MatchupEntry(rosterID: 1, matchupID: 1, points: customA ?? p1 + p2, starters: ["p1", "p2"], startersPoints: [p1, p2], players: ["p1", "p2"], playersPoints: ["p1": p1, "p2": p2]),
         MatchupEntry(rosterID: 2, matchupID: 1, points: p3, starters: ["p3", "0"], startersPoints: [p3, 0], players: ["p3"], playersPoints: ["p3": p3])]
    }

    static func stats(_ lines: StatFeedLines.Lines, previous: StatFeedLines.Lines? = nil, changedAt: Date = fetchedAt) -> StatFeedLines {
        StatFeedLines(lines: lines, previous: previous, fetchedAt: changedAt, changedAt: changedAt, etag: nil)
    }

    @Test("Between fetches each side moves by its starters' stat-feed points since the fetch")
    func movesByDelta() {
        let atFetch = Self.stats(["p1": ["rush_yd": 50], "p2": ["rec": 4], "p3": ["rush_td": 1]])
        let baseline = LivePointsBlend.baseline(Self.entries(5, 2, 6), scoring: Self.scoring, stats: atFetch)
        #expect(baseline == ["p1": 5, "p2": 2, "p3": 6])
        let later = Self.stats(["p1": ["rush_yd": 73, "rush_td": 1], "p2": ["rec": 4], "p3": ["rush_td": 1]], changedAt: Self.fetchedAt + 300)
        let blended = LivePointsBlend.blend(Self.entries(5, 2, 6), baseline: baseline, fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: later)
        #expect(blended.entries[0].points == 15.3)
        #expect(blended.entries[0].startersPoints == [13.3, 2])
        #expect(blended.entries[0].playersPoints?["p1"] == 13.3)
        #expect(blended.entries[1].points == 6)
        #expect(blended.correctedBaseline == nil)
    }

    @Test("A commissioner's custom points stay under the blend: the team total moves from them")
    func customPointsKept() {
        let atFetch = Self.stats(["p1": ["rush_yd": 50], "p2": ["rec": 4]])
        let entries = Self.entries(5, 2, 0, customA: 12)
        let baseline = LivePointsBlend.baseline(entries, scoring: Self.scoring, stats: atFetch)
        let later = Self.stats(["p1": ["rush_yd": 60], "p2": ["rec": 4]], changedAt: Self.fetchedAt + 600)
        let blended = LivePointsBlend.blend(entries, baseline: baseline, fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: later)
        #expect(blended.entries[0].points == 13) // 12 (override) + 1 point of rushing since
    }

    @Test("A rule the sum does not know stays as an offset until the next fetch")
    func unknownRuleOffset() {
        // Sleeper gives p1 a 3-point bonus the league's keys do not show: 8 official, 5 by the sum.
        let atFetch = Self.stats(["p1": ["rush_yd": 50]])
        let baseline = LivePointsBlend.baseline(Self.entries(8, 0, 0), scoring: Self.scoring, stats: atFetch)
        #expect(baseline["p1"] == 5)
        let later = Self.stats(["p1": ["rush_yd": 70]], changedAt: Self.fetchedAt + 600)
        let blended = LivePointsBlend.blend(Self.entries(8, 0, 0), baseline: baseline, fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: later)
        #expect(blended.entries[0].startersPoints?[0] == 10)
    }

    @Test("An answer older than the stats (the edge cache) is matched with the lines before the change")
    func olderAnswer() {
        // Sleeper's matchups still say 5 for p1; the stats already have his touchdown.
        let atFetch = Self.stats(["p1": ["rush_yd": 50, "rush_td": 1]], previous: ["p1": ["rush_yd": 50]])
        let baseline = LivePointsBlend.baseline(Self.entries(5, 0, 0), scoring: Self.scoring, stats: atFetch)
        #expect(baseline["p1"] == 5)
        let blended = LivePointsBlend.blend(Self.entries(5, 0, 0), baseline: baseline, fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: atFetch)
        #expect(blended.entries[0].points == 11) // the touchdown shows at once, not at the next fetch
    }

    @Test("An answer newer than the stats is not counted twice once the stats catch up")
    func newerAnswer() {
        // Matchups already have p1's touchdown (11); the stats in hand do not (5).
        let atFetch = Self.stats(["p1": ["rush_yd": 50]])
        let baseline = LivePointsBlend.baseline(Self.entries(11, 0, 0), scoring: Self.scoring, stats: atFetch)
        let caughtUp = Self.stats(["p1": ["rush_yd": 50, "rush_td": 1]], previous: ["p1": ["rush_yd": 50]], changedAt: Self.fetchedAt + 40)
        let blended = LivePointsBlend.blend(Self.entries(11, 0, 0), baseline: baseline, fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: caughtUp)
        #expect(blended.entries[0].points == 11)
        #expect(blended.correctedBaseline?["p1"] == 11)
        // Later moves count from the corrected baseline.
        let later = Self.stats(["p1": ["rush_yd": 60, "rush_td": 1]], changedAt: Self.fetchedAt + 400)
        let after = LivePointsBlend.blend(Self.entries(11, 0, 0), baseline: blended.correctedBaseline ?? [:], fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: later)
        #expect(after.entries[0].points == 12)
    }

    @Test("Past the catch-up window a stat line reaching the official figure is football, not lag")
    func catchUpWindowCloses() {
        let atFetch = Self.stats(["p1": ["rush_yd": 50]])
        let baseline = LivePointsBlend.baseline(Self.entries(8, 0, 0), scoring: Self.scoring, stats: atFetch)
        let much = Self.stats(["p1": ["rush_yd": 80]], changedAt: Self.fetchedAt + LivePointsBlend.catchUpWindow + 60)
        let blended = LivePointsBlend.blend(Self.entries(8, 0, 0), baseline: baseline, fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: much)
        #expect(blended.entries[0].points == 11)
        #expect(blended.correctedBaseline == nil)
    }

    @Test("With no fresh stats at the fetch, each starter's official figure is taken as what the stats say")
    func noStatsAtFetch() {
        let baseline = LivePointsBlend.baseline(Self.entries(5, 2, 6), scoring: Self.scoring, stats: nil)
        #expect(baseline == ["p1": 5, "p2": 2, "p3": 6])
        let later = Self.stats(["p1": ["rush_yd": 60], "p2": ["rec": 4], "p3": ["rush_td": 1]], changedAt: Self.fetchedAt + 600)
        let blended = LivePointsBlend.blend(Self.entries(5, 2, 6), baseline: baseline, fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: later)
        #expect(blended.entries[0].points == 8)
    }

    @Test("A starter without a baseline (none at the fetch) moves nothing")
    func noBaseline() {
        let later = Self.stats(["p1": ["rush_yd": 90]])
        let blended = LivePointsBlend.blend(Self.entries(5, 0, 0), baseline: [:], fetchedAt: Self.fetchedAt, scoring: Self.scoring, stats: later)
        #expect(blended.entries[0].points == 5)
    }

    @Test("A league with no or empty scoring settings has none to score live points with")
    func liveScoring() {
        let league = League(leagueID: "L", name: "L", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)
        #expect(league.liveScoring == nil)
        #expect(league.with(scoringSettings: ScoringSettings([:])).liveScoring == nil)
        #expect(league.with(scoringSettings: Self.scoring).liveScoring == Self.scoring)
    }

    @Test("Feed updates keep the lines before the last change, and list who changed")
    func feedUpdates() {
        let first = StatFeedLines(lines: ["p1": ["rush_yd": 1]], previous: nil, fetchedAt: Self.fetchedAt, changedAt: Self.fetchedAt, etag: "a")
        let same = first.updated(with: ["p1": ["rush_yd": 1]], etag: "b", at: Self.fetchedAt + 30)
        #expect(same.changedAt == Self.fetchedAt && same.fetchedAt == Self.fetchedAt + 30 && same.previous == nil && same.etag == "b")
        let moved = same.updated(with: ["p1": ["rush_yd": 2], "p2": ["rec": 1]], etag: "c", at: Self.fetchedAt + 60)
        #expect(moved.previous == ["p1": ["rush_yd": 1]] && moved.changedAt == Self.fetchedAt + 60)
        #expect(StatFeedLines.changedPlayers(from: first.lines, to: moved.lines) == ["p1", "p2"])
        #expect(StatFeedLines.changedPlayers(from: moved.lines, to: ["p2": ["rec": 1]]) == ["p1"])
        let unchanged = moved.updated(with: nil, etag: nil, at: Self.fetchedAt + 90)
        #expect(unchanged.lines == moved.lines && unchanged.etag == "c" && unchanged.fetchedAt == Self.fetchedAt + 90)
    }
}
