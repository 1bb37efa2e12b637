import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineSleeper
import SidelineStore

/// Where the players index lives between passes (a file under the cache directory).
public protocol PlayersIndexStore: Sendable {
    func load() -> (index: PlayersIndex, fetchedAt: Date)?
    func save(_ index: PlayersIndex, fetchedAt: Date) throws
}

/// What a scheduler asks of the store: the pass's roles, and the reads and notes its status
/// report and pass history need (ADR 025).
public typealias SchedulerStore = PassStore & StatusReadStore & PassHistoryStore & NotesStore & DeviceStore

/// Everything a pass talks to, wired once per process. The store is the whole one the
/// wiring opened (a harness or a command reaches the rest of it through here); the
/// scheduler holds it as ``SchedulerStore`` and each stage as the roles it uses.
public struct PassEnvironment: Sendable {
    public let configuration: SidelineConfiguration
    public let store: any AppStore
    public let sleeper: any SleeperClient
    public let games: any GameStatusSource
    /// The stats and projections feeds (ADR 029); `nil`: points from the matchups alone.
    public let stats: (any PlayerStatsSource)?
    public let playersStore: any PlayersIndexStore
    public let logger: Logger
    /// This poller's seat among several sharing the store (issue 32); `nil`: the only one.
    public var cluster: ClusterSeat?

    public init(configuration: SidelineConfiguration, store: any AppStore, sleeper: any SleeperClient, games: any GameStatusSource,
                stats: (any PlayerStatsSource)? = nil, playersStore: any PlayersIndexStore, logger: Logger) {
        self.configuration = configuration
        self.store = store
        self.sleeper = sleeper
        self.games = games
        self.stats = stats
        self.playersStore = playersStore
        self.logger = logger
    }
}
