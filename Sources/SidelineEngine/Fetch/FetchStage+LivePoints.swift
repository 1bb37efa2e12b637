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
            let goOn = handle(error, for: call, at: now, report: &report)
            return StatLinesFetched(feed: held, failure: error.isBudgetExhausted ? nil : "\(error)", goOn: goOn)
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
