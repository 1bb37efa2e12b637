import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineStore

/// The stages a pass runs, made from the pass environment (cheap values: each is a few
/// references; the store is handed to each as the roles it needs, ADR 025), and the inputs
/// they share that are not the cache: the players index and the day's end.
extension Scheduler {
    /// How many lifecycle rows a pass reads at a time while stepping, and after how many
    /// events it commits what it has stepped (see ``StepStage``).
    public struct Batching: Sendable {
        public var rows: Int
        public var events: Int

        public init(rows: Int = 1_000, events: Int = 500) {
            self.rows = max(1, rows)
            self.events = max(1, events)
        }
    }

    var store: any SchedulerStore { environment.store }
    var logger: Logger { environment.logger }
    var configuration: SidelineConfiguration { environment.configuration }

    var plan: PlanStage { PlanStage(store: store, configuration: configuration, livePoints: environment.stats != nil, share: share) }

    var fetch: FetchStage {
        FetchStage(sleeper: environment.sleeper, games: environment.games, stats: environment.stats, playersStore: environment.playersStore,
                   store: store, logger: logger, concurrency: Self.fetchConcurrency, fencing: passFencing)
    }

    /// In a cluster, each commit is fenced by the leases of this pass's round (``passFencing``).
    var step: StepStage {
        StepStage(store: store, commit: CommitStage(store: store, settings: configuration.lifecycle, fencing: passFencing),
                  configuration: configuration, batching: batching, logger: logger, share: share)
    }

    /// When today's games end, for pacing a daily allowance (``PushAllowance/dayEnd(kickoffs:now:)``).
    func dayEnd(at now: Date) -> Date {
        guard let week = cache.currentWeek, let schedule = cache.schedules[week]?.schedule else { return PushAllowance.nextMidnight(after: now) }
        return PushAllowance.dayEnd(kickoffs: schedule.games.map(\.kickoff), now: now)
    }

    func loadPlayersIndex() {
        guard !playersLoaded else { return }
        playersLoaded = true
        players = environment.playersStore.load()
        if let players { logger.debug("players index: \(players.index.count) players from \(EventEnvelope.timestamp(players.fetchedAt))") }
    }
}
