import Foundation
import SidelineCore
import SidelineStore

/// The cache of a poller among several (issue 32). Every pass of every other poller commits
/// (snapshots, feeds, lifecycle and person rows), so the change token moves on every pass;
/// refilling everything each time would step every held registration on every pass, as a
/// process's first pass does. Instead, while the registrations, leagues and scopes are
/// unchanged (the store's structure token), a poller folds in what the others wrote: the
/// feeds the leader fetched, the snapshot times (a league whose time moved was fetched by
/// another poller, and counts as moved for the persons this poller steps), the stats, the
/// lifecycle and person headers. A change of structure, or of the leases held, refills.
extension SchedulerCache {
    /// Reads again what other pollers' passes write; `token` is the change token read now.
    mutating func foldInOthersPasses(token: Int, from store: any SnapshotStore & FeedStore & LivePointsStore) throws(StoreError) {
        self.token = token
        nflState = try store.nflState()
        // Read again when next asked: the leader's schedules (the step compares them with
        // the ones it last stepped with, so a changed game still moves its leagues) and the
        // marks of unusable answers.
        schedules = [:]
        schedulesLoaded = []
        unusableAnswers = [:]
        for (week, old) in snapshotTimes {
            let new = try store.snapshotTimes(week: week)
            for (leagueID, at) in new where old[leagueID] != at { externallyMoved.insert(LeagueWeek(leagueID: leagueID, week: week)) }
            snapshotTimes[week] = new
        }
        try foldInStatFeeds(from: store)
        // Headers: the other pollers' rows (their open activities keep leagues polled as
        // open, and say when everything is idle); this poller's own are the same either way.
        lifecycles = [:]
        lifecycleWeek = [:]
        leagueLifecycles = [:]
        persons = [:]
        personWeek = [:]
        renewalAttempts = nil
    }

    /// The stats and projections the leader stored: changed players move their teams, as
    /// when this poller fetches them itself.
    private mutating func foldInStatFeeds(from store: any LivePointsStore) throws(StoreError) {
        for (kind, weeks) in livePoints.feeds {
            for (week, old) in weeks {
                let new = try store.statFeed(kind, week: week)
                guard new != old else { continue }
                livePoints.feeds[kind, default: [:]][week] = .some(new)
                switch kind {
                case .stats:
                    let changed = new.map { StatFeedLines.changedPlayers(from: old?.lines, to: $0.lines) } ?? []
                    livePoints.changedPlayers[week, default: []].formUnion(changed)
                case .projections:
                    livePoints.projectionsMoved.insert(week)
                }
            }
        }
        livePoints.health = nil
    }
}
