import Foundation
import SidelineCore
import SidelineStore

/// The person scope as the cache sees it (ADR 039): whose registrations are stepped as one
/// person's activity, and which leagues an open person activity keeps polled.
extension SchedulerCache {
    /// The users whose registrations make one person activity in `mode`. A user's requested
    /// scope takes effect only when nothing of theirs is open: an open person activity keeps
    /// the person scope, and an open league activity the league scope, until they end.
    func personScopeUsers(mode: PassMode) -> Set<String> {
        var openPerson: Set<String> = []
        for (key, header) in persons[mode] ?? [:] where header.isOpen { openPerson.insert(key.sleeperUserID) }
        var openLeague: Set<String> = []
        for (_, rows) in lifecycles[mode] ?? [:] {
            for (registrationID, header) in rows where header.isOpen {
                if let user = registrationUser(registrationID) { openLeague.insert(user) }
            }
        }
        let requested = personSettings.compactMap { $0.value.scope == .person ? $0.key : nil }
        return openPerson.union(Set(requested).subtracting(openLeague))
    }

    /// The registrations of each person-scope user, in registration order. Worked out again
    /// only when the users change: at 50,000 registrations it was ~4% of a kickoff's CPU.
    mutating func personMembers(_ users: Set<String>) -> [String: [Int]] {
        if let memo = personMembersMemo, memo.users == users { return memo.members }
        var members: [String: [Int]] = [:]
        for index in registrations.indices where users.contains(registrations[index].sleeperUserID) {
            members[registrations[index].sleeperUserID, default: []].append(index)
        }
        personMembersMemo = (users, members)
        return members
    }

    /// Every league with an open person activity of `mode`, by week: polled as a league
    /// with an open activity is.
    func personOpenLeagues(mode: PassMode) -> Set<LeagueWeek> {
        // The open weeks by user first: matching every registration against every open
        // activity was 50,000 × 10,000 comparisons a plan at a kickoff.
        var openWeeks: [String: [WeekKey]] = [:]
        for (key, header) in persons[mode] ?? [:] where header.isOpen { openWeeks[key.sleeperUserID, default: []].append(key.week) }
        guard !openWeeks.isEmpty else { return [] }
        var leagues: Set<LeagueWeek> = []
        for registration in registrations {
            for week in openWeeks[registration.sleeperUserID] ?? [] { leagues.insert(LeagueWeek(leagueID: registration.leagueID, week: week)) }
        }
        return leagues
    }

    var openPersonCount: [PassMode: Int] {
        persons.mapValues { $0.values.count(where: \.isOpen) }
    }

    private func registrationUser(_ id: Int64) -> String? {
        // Registrations are sorted by id (the store reads them so).
        var low = 0, high = registrations.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let found = registrations[middle].id
            if found == id { return registrations[middle].sleeperUserID }
            if found < id { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }
}
