import Foundation
import SidelineCore
import SidelineStore

/// The live points' state the scheduler keeps between passes (ADR 029), read through from
/// the store like the rest of the cache.
struct LivePointsCache {
    /// Each feed's lines per week, once read (`nil` inside: nothing stored).
    var feeds: [StatFeedKind: [WeekKey: StatFeedLines?]] = [:]
    var health: LivePointsHealth?
    /// Players whose stats changed since the registrations were last stepped, per week.
    var changedPlayers: [WeekKey: Set<String>] = [:]
    /// Weeks whose projections changed since the last step.
    var projectionsMoved: Set<WeekKey> = []
    /// Whether the last step blended (`nil`: no step yet in this process).
    var steppedBlending: Bool?
}

extension SchedulerCache {
    mutating func statFeed(_ kind: StatFeedKind, week: WeekKey, from store: any LivePointsStore) throws(StoreError) -> StatFeedLines? {
        if let loaded = livePoints.feeds[kind]?[week] { return loaded }
        let stored = try store.statFeed(kind, week: week)
        livePoints.feeds[kind, default: [:]][week] = .some(stored)
        return stored
    }

    mutating func livePointsHealth(from store: any LivePointsStore) throws(StoreError) -> LivePointsHealth {
        if let health = livePoints.health { return health }
        let health = try store.livePointsHealth()
        livePoints.health = health
        return health
    }

    /// Keeps a stats or projections answer (already stored).
    mutating func keep(_ fetched: StatLinesFetched, kind: StatFeedKind, week: WeekKey) {
        guard let feed = fetched.feed else { return }
        livePoints.feeds[kind, default: [:]][week] = .some(feed)
        guard !fetched.changedPlayers.isEmpty else { return }
        switch kind {
        case .stats: livePoints.changedPlayers[week, default: []].formUnion(fetched.changedPlayers)
        case .projections: livePoints.projectionsMoved.insert(week)
        }
    }

    /// Whether a registered league scores individual defensive players.
    var scoresIndividualDefenders: Bool {
        leagues.values.contains { $0.league.scoringSettings?.scoresIndividualDefenders == true }
    }

    /// The registered leagues' scoring settings that live points can use: best-ball leagues
    /// score the best rostered players, which the matchups alone decide.
    func blendableScoring(_ leagueIDs: some Sequence<String>) -> [String: ScoringSettings] {
        var scoring: [String: ScoringSettings] = [:]
        for id in leagueIDs {
            guard let league = leagues[id]?.league, !league.isBestBall, let settings = league.liveScoring else { continue }
            scoring[id] = settings
        }
        return scoring
    }
}
