import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

/// Stepping a person's activity across their leagues (ADR 039). Pure, like the rest of the
/// stepper: each league's matchup is made as a league activity's would be (the same
/// lineups, live points and chances), then the person's view of them is stepped by the
/// same lifecycle machine.
extension LifecycleStepper {
    /// One person to step for one week: their registrations (in registration order) with
    /// each league's snapshot, and their stored row.
    struct PersonItem {
        let key: PersonKey
        let person: PersonIdentity
        let members: [Member]
        let row: PersonRow?
        let settings: PersonSettings
        let schedule: WeekSchedule?
        /// Make each league's matchup anew (the current week); otherwise the last view stands.
        let freshViews: Bool

        struct Member {
            let registration: Registration
            let league: StoredLeague
            let snapshot: StoredSnapshot?
            /// When the league's snapshot was fetched (the lineup lock's proof).
            let fetchedAt: Date?
            /// The current week of a league in season.
            let mayStart: Bool
            /// The league moved this pass (``StepScope/moved(_:_:in:)``): its matchup is made
            /// anew; otherwise the activity's last view of it stands, as a league activity's does.
            let moved: Bool
        }
    }

    mutating func stepPerson(_ item: PersonItem, into batch: inout Batch) {
        let state = item.row?.state ?? .idle
        let previous = state.activity?.lastView
        let (next, events): LifecycleMachine.Step<PersonView>
        var view: PersonView?
        if item.members.isEmpty {
            // Every league of theirs was removed (or switched away): the activity ends.
            (next, events) = LifecycleMachine.remove(state, at: now)
        } else {
            let fetched = Dictionary(item.members.map { ($0.registration.id, $0.snapshot?.fetchedAt ?? $0.fetchedAt ?? .distantPast) }, uniquingKeysWith: { first, _ in first })
            func confirms(_ view: MatchupView, _ registrationID: Int64) -> Bool {
                view.hasStarterPlaying && StartConfirmation.confirms(view, fetchedAt: fetched[registrationID] ?? .distantPast)
            }
            var views: [Int64: MatchupView] = [:]
            if item.freshViews {
                for member in item.members where member.moved { views[member.registration.id] = matchupView(of: member, week: item.key.week, schedule: item.schedule, batch: &batch) }
                // Nothing open: only a league that moved can confirm a start (one that did not
                // would have started it when it last moved), so the others' matchups are made
                // only for the start that follows.
                if state.activity == nil {
                    guard views.contains(where: { confirms($0.value, $0.key) }) else { return }
                    for member in item.members where !member.moved { views[member.registration.id] = matchupView(of: member, week: item.key.week, schedule: item.schedule, batch: &batch) }
                }
            }
            let candidates = item.members.map { member in
                PersonViewBuilder.Candidate(registrationID: member.registration.id, leagueID: member.registration.leagueID,
                                            isBestBall: member.league.league.isBestBall, view: views[member.registration.id])
            }
            let display = item.members[0].registration.displayContext(at: now, defaultTimeZone: configuration.timeZone, defaultLocale: configuration.localeIdentifier)
            let made = PersonViewBuilder.view(candidates, previous: previous, pinnedLeagueID: item.settings.pinnedLeagueID, now: now, timeZone: display.timeZone)
            view = made
            let confirmed = made.leagues.contains { confirms($0.view, $0.registrationID) }
            let input = ActivityInput(now: now, view: made, startConfirmed: confirmed, mayStart: item.members.contains(where: \.mayStart),
                                      activityPrefix: Self.personActivityPrefix(item.person, week: item.key.week, mode: mode))
            (next, events) = LifecycleMachine.step(state, input, settings: configuration.lifecycle)
        }
        let anchor = next.activity?.lastView.highlight ?? view?.highlight ?? item.row?.anchorRegistrationID ?? item.members.first?.registration.id
        guard let anchor else { return }
        guard !events.isEmpty else {
            if next != state { batch.personRows[item.key] = PersonRow(state: next, lastMomentAt: item.row?.lastMomentAt, anchorRegistrationID: anchor, person: item.person) }
            return
        }
        let byID = Dictionary(item.members.map { ($0.registration.id, $0.registration) }, uniquingKeysWith: { first, _ in first })
        let display = (item.members.first?.registration).map {
            $0.displayContext(at: now, defaultTimeZone: configuration.timeZone, defaultLocale: configuration.localeIdentifier)
        } ?? DisplayContext(now: now, timeZone: configuration.timeZone, localeIdentifier: configuration.localeIdentifier)
        var lastMomentAt = item.row?.lastMomentAt
        do {
            var drafts: [OutboxDraft] = []
            for event in events {
                let envelope = EventEnvelope(event, person: item.person, leagues: byID.isEmpty ? removedLeagues(item) : byID, mode: mode, display: display,
                                             previous: event.kind == .start ? nil : previous, lastMomentAt: lastMomentAt)
                if envelope.push?.isMoment == true { lastMomentAt = event.at }
                drafts.append(try OutboxDraft(envelope, event: event, registrationID: anchor, mode: mode, at: now, deviceSinks: deviceSinks))
            }
            batch.drafts.append(contentsOf: drafts)
            batch.events.append(contentsOf: events.map { PassEvent($0, person: item.person, anchor: anchor) })
            batch.personRows[item.key] = PersonRow(state: next, lastMomentAt: lastMomentAt, anchorRegistrationID: anchor, person: item.person)
        } catch {
            // Not committed: the state stays where it was and the next pass steps it again.
            batch.problems.append(Messages.Delivery.undeliverableEvent(item.person.username, "\(error)"))
        }
    }

    /// A league's matchup now, as its own activity would show it.
    private mutating func matchupView(of member: PersonItem.Member, week: WeekKey, schedule: WeekSchedule?, batch: inout Batch) -> MatchupView? {
        let item = Item(registration: member.registration, league: member.league, week: week, state: .idle, leagueMoved: true,
                        snapshot: member.snapshot, fetchedAt: member.fetchedAt, schedule: schedule, mayStart: member.mayStart)
        return freshView(item, batch: &batch)
    }

    /// The registrations a person's last view showed, as it showed them: for the end after
    /// every one of them was removed (they are no longer among the active ones).
    private func removedLeagues(_ item: PersonItem) -> [Int64: Registration] {
        var leagues: [Int64: Registration] = [:]
        for league in item.row?.state.activity?.lastView.leagues ?? [] {
            leagues[league.registrationID] = Registration(
                id: league.registrationID, sleeperUserID: item.person.sleeperUserID, username: item.person.username, displayName: item.person.displayName,
                leagueID: league.leagueID, leagueName: league.view.leagueName, rosterID: league.view.me.rosterID, season: league.view.season, createdAt: now)
        }
        return leagues
    }

    /// Person activity ids name the Sleeper user, season, week and sequence: `u700-2026w12-1`
    /// (a registration's are `3-2026w12-1`: the two can never collide).
    static func personActivityPrefix(_ person: PersonIdentity, week: WeekKey, mode: PassMode) -> String {
        let base = "u\(person.sleeperUserID)-\(week.season)\(week.seasonType == .post ? "p" : "w")\(week.week)"
        return mode == .dryRun ? "dry-\(base)" : base
    }
}
