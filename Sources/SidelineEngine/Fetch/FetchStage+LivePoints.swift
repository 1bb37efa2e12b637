import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore

/// What a stats or projections call brought back.
struct StatLinesFetched {
    /// The feed's state after the answer (the one held, its time moved, for a 304).
    var feed: StatFeedLines?
    /// Players whose line changed (empty for a 304 or the same body).
    var changedPlayers: Set<String> = []
    /// Why the call failed (not counting a full window), for the live points' health.
    var failure: String?
    /// The feed answered (a body or a 304) and the answer was stored.
    var answered = false
    /// The host pushed back: no more stats or projections calls this pass.
    var restsFeed = false
    /// `false`: the window is full, no league call may follow.
    var goOn = true
}

extension FetchStage {
    /// Positions every league's starters may hold; individual defenders only when a
    /// registered league scores them (they would double the body for nothing otherwise).
    static func statPositions(individualDefenders: Bool) -> [String] {
        ["QB", "RB", "WR", "TE", "K", "DEF"] + (individualDefenders ? ["DL", "LB", "DB"] : [])
    }

    /// One week's stats or projections, conditional on the ETag held, stored before it is
    /// used (a crash after the call loses nothing: the next pass asks again).
    func statLines(_ kind: StatFeedKind, week: WeekKey, positions: [String], held: StatFeedLines?, at now: Date, report: inout PassReport) async -> StatLinesFetched {
        let call = PlannedCall.statLines(kind, week)
        guard let source = stats else { return StatLinesFetched() }
        let answer: StatLinesAnswer
        do throws(SleeperError) {
            answer = try await source.lines(kind, season: week.season, seasonType: week.seasonType, week: week.week,
                                            positions: positions, ifNoneMatch: held?.etag)
        } catch {
            // Any failure rests this feed alone (its own scope): the league calls after it
            // go on, and the other feed too unless the host pushed back. Only a full window
            // stops them.
            handle(error, for: call, at: now, report: &report)
            return StatLinesFetched(feed: held, failure: error.isBudgetExhausted ? nil : "\(error)", restsFeed: error.isBackoff,
                                    goOn: !error.isBudgetExhausted)
        }
        report.calls.append(call)
        report.recorded("the end of \(call.scope.rawValue)'s rest", logger) { try store.clearBackoff(call.scope) }
        var fetched = StatLinesFetched()
        let feed: StatFeedLines
        switch answer {
        case .unchanged:
            guard let held else { return StatLinesFetched(failure: "a 304 to an unconditional call") }
            feed = held.updated(with: nil, etag: nil, at: now)
        case .changed(let rows, let etag):
            let lines = StatFeedLines.lines(rows)
            feed = held?.updated(with: lines, etag: etag, at: now) ?? StatFeedLines(lines: lines, previous: nil, fetchedAt: now, changedAt: now, etag: etag)
            if feed.changedAt == now { fetched.changedPlayers = StatFeedLines.changedPlayers(from: held?.lines, to: lines) }
        }
        let stored = report.recorded("the \(kind.rawValue) of week \(week.week)", logger) {
            try store.saveStatFeed(kind, week: week, feed, linesChanged: !fetched.changedPlayers.isEmpty)
        }
        guard stored != nil else { return StatLinesFetched(feed: held, failure: nil, goOn: true) }
        fetched.feed = feed
        fetched.answered = true
        return fetched
    }

    /// A league's scoring settings, read again from `/league/{id}`; the stored league (its
    /// team names kept) is returned for the cache. `nil` when the call failed.
    func leagueSettings(_ leagueID: String, stored: StoredLeague, at now: Date, report: inout PassReport) async -> (league: StoredLeague?, goOn: Bool) {
        let call = PlannedCall.leagueSettings(leagueID: leagueID)
        do throws(SleeperError) {
            let league = try await sleeper.league(leagueID)
            report.calls.append(call)
            // A league read without its settings still counts as this week's look: asking
            // again every pass would not make Sleeper send them.
            let settings = league.scoringSettings ?? stored.league.scoringSettings ?? ScoringSettings([:])
            let updated = StoredLeague(league: league.with(scoringSettings: settings), teamNames: stored.teamNames, scoringRefreshedAt: now)
            guard report.recorded("the scoring settings of league \(leagueID)", logger, { try store.saveLeague(updated, at: now) }) != nil else { return (nil, true) }
            return (updated, true)
        } catch {
            return (nil, handle(error, for: call, at: now, report: &report))
        }
    }
}

extension FetchStage {
    /// Each new body of the stats' week against the blend of the body it replaces (its
    /// baseline, the stats now), roster by roster: the live points' accuracy, and the
    /// reconciliation check of ``LivePointsHealth``. A league whose previous body had no
    /// baseline is not judged, nor a roster whose lineup changed between the two bodies.
    func reconciliations(_ saves: [SnapshotUpdate], live: MatchupsRequest.LivePoints, report: inout PassReport) -> [Reconciliation] {
        guard let stats = live.blended else { return [] }
        let bodies = saves.filter { $0.entries != nil && $0.week == live.week && live.scoring[$0.leagueID] != nil }
        guard !bodies.isEmpty else { return [] }
        let previous = report.recorded("the snapshots before this pass's bodies", logger) {
            try store.snapshots(week: live.week, leagueIDs: Set(bodies.map(\.leagueID)))
        } ?? [:]
        var result: [Reconciliation] = []
        for body in bodies {
            guard let entries = body.entries, let old = previous[body.leagueID], let baseline = old.statsBaseline, let scoring = live.scoring[body.leagueID] else { continue }
            let blended = LivePointsBlend.blend(old.entries, baseline: baseline, fetchedAt: old.fetchedAt, scoring: scoring, stats: stats).entries
            for entry in entries {
                // A lineup changed between the two bodies (a late swap) is not comparable:
                // the blend cannot know of it, and it is no sign of a broken feed.
                guard let shown = blended.first(where: { $0.rosterID == entry.rosterID }), shown.starters == entry.starters else { continue }
                result.append(Reconciliation(leagueID: body.leagueID, rosterID: entry.rosterID, blended: shown.points, official: entry.points))
            }
        }
        return result
    }
}
