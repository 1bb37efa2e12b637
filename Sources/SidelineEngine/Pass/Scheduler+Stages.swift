import Foundation
import Logging
import SidelineCore
import SidelineStore

/// The stages a pass runs, made from the pass environment (cheap values: each is a few
/// references). The store is handed to each as the roles it needs (ADR 025).
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

    var store: SQLiteStore { environment.store }
    var logger: Logger { environment.logger }
    var configuration: SidelineConfiguration { environment.configuration }

    var plan: PlanStage { PlanStage(store: store, configuration: configuration) }

    var fetch: FetchStage {
        FetchStage(sleeper: environment.sleeper, games: environment.games, playersStore: environment.playersStore,
                   store: store, logger: logger, concurrency: Self.fetchConcurrency)
    }

    var step: StepStage {
        StepStage(store: store, commit: CommitStage(store: store, settings: configuration.lifecycle),
                  configuration: configuration, batching: batching, logger: logger)
    }
}
