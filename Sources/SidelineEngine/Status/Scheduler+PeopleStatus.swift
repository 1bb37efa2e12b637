import Foundation
import SidelineCore
import SidelineStore

extension Scheduler {
    /// One line per person-scope user (and per user whose person activity is still open):
    /// their activity and the leagues it shows (ADR 039).
    func people(week: WeekKey?) throws(StoreError) -> [StatusReport.PersonStatus] {
        let rows = try week.map { w throws(StoreError) in try store.personRows(mode: .live, week: w) } ?? [:]
        var users: [String: [Registration]] = [:]
        for registration in cache.registrations where (cache.personSettings[registration.sleeperUserID] ?? .unset).scope == .person {
            users[registration.sleeperUserID, default: []].append(registration)
        }
        for key in rows.keys where rows[key]?.state.isOpen == true && users[key.sleeperUserID] == nil { users[key.sleeperUserID] = [] }
        return users.keys.sorted().map { user in
            let registrations = users[user] ?? []
            let open = rows.filter { $0.key.sleeperUserID == user }.values.first { $0.state.isOpen }
            let activity = open?.state.activity
            let names = Dictionary(registrations.map { ($0.id, $0.leagueName) }, uniquingKeysWith: { first, _ in first })
            let shown = activity?.lastView.leagues.map { names[$0.registrationID] ?? $0.view.leagueName } ?? registrations.map(\.leagueName)
            let pinned = cache.personSettings[user]?.pinnedLeagueID.flatMap { id in registrations.first { $0.leagueID == id }?.leagueName }
            return StatusReport.PersonStatus(
                sleeperUserID: user, username: registrations.first?.username ?? open?.person.username ?? user,
                lifecycle: activity?.displayPhase.rawValue ?? "idle", activity: activity?.id, leagues: shown,
                highlight: activity?.lastView.highlighted.map { names[$0.registrationID] ?? $0.view.leagueName }, pinned: pinned)
        }
    }
}
