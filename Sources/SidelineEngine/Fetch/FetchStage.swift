import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore

/// The fetch stage: makes the planned calls and stores what came back. It never touches the
/// scheduler's cache: it returns what it fetched (``Fetched``) and the scheduler keeps it.
/// Refusals go through ``handle(_:for:at:report:)``: the rests and Sleeper's push-back.
struct FetchStage {
    typealias Store = CallLogStore & FeedStore & SnapshotStore & RegistrationStore & LivePointsStore

    let sleeper: any SleeperClient
    let games: any GameStatusSource
    /// The stats and projections feeds; `nil`: live points come from the matchups alone.
    let stats: (any PlayerStatsSource)?
    let playersStore: any PlayersIndexStore
    let store: any Store
    let logger: Logger
    /// Matchups calls in flight at once.
    let concurrency: Int
    /// In a cluster (issue 32): matchups answers are stored fenced by their leagues' leases.
    var fencing: CommitStage.Fencing?

    /// What a call brought back for the cache, and whether the calls after it may go on
    /// (`false`: the budget is spent or the host asked us to rest).
    struct Answer {
        var fetched: Fetched?
        var goOn: Bool
    }

    /// One feed call (`state/nfl`, a week's game statuses) or the players index.
    /// `previous` is the stored schedule of a statuses call's week (statuses only move forward).
    func feed(_ call: PlannedCall, previous: WeekSchedule?, at now: Date, report: inout PassReport) async -> Answer {
        do throws(SleeperError) {
            switch call {
            case .nflState:
                let state = try await sleeper.nflState()
                report.recorded("the NFL state", logger) { try store.saveNFLState(state, fetchedAt: now) }
                return succeeded(call, .nflState(state), at: now, report: &report)
            case .schedule(let week, let source):
                return await statuses(week, from: source, previous: previous, at: now, report: &report)
            case .players:
                let index = try await sleeper.players()
                do {
                    try playersStore.save(index, fetchedAt: now)
                } catch {
                    report.note("could not save the players index: \(error)", logger)
                }
                logger.info("players index refreshed: \(index.count) players")
                return succeeded(call, .players(index), at: now, report: &report)
            case .matchups, .leagueRenewal, .statLines, .leagueSettings:
                // Made by their own fetches (`matchups`, `renew`, `statLines`, `leagueSettings`).
                assertionFailure("\(call) is not a feed call")
                return Answer(fetched: nil, goOn: true)
            }
        } catch {
            return Answer(fetched: nil, goOn: handle(error, for: call, at: now, report: &report))
        }
    }

    private func succeeded(_ call: PlannedCall, _ fetched: Fetched, at now: Date, report: inout PassReport) -> Answer {
        report.calls.append(call)
        report.recorded("the end of \(call.scope.rawValue)'s rest", logger) { try store.clearBackoff(call.scope) }
        return Answer(fetched: fetched, goOn: true)
    }
}

/// What a fetch brought back, for the scheduler's cache.
enum Fetched {
    case nflState(NFLState)
    case schedule(WeekKey, WeekSchedule)
    case players(PlayersIndex)
}
