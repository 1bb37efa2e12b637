import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore
import SidelineDelivery

/// Why a registration was refused. Nothing is stored when one is thrown.
public struct RegistrationError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// `sideline users add/list/remove`: resolve a Sleeper user, check each league and the
/// user's roster in it, and store the registrations in one transaction.
public struct RegistrationService: Sendable {
    let store: any RegistrationAdminStore
    let sleeper: any SleeperClient
    /// The scope a user new to this server gets (`activities.new_user_scope`).
    let newUserScope: ActivityScope

    public init(store: any RegistrationAdminStore, sleeper: any SleeperClient, newUserScope: ActivityScope) {
        self.store = store
        self.sleeper = sleeper
        self.newUserScope = newUserScope
    }

    public struct Outcome: Sendable {
        public let registration: Registration
        public let existed: Bool
    }

    /// Registers `usernameOrID` in `leagueIDs`, or, when empty, in every NFL league of theirs
    /// for the current `league_season`. Every check runs before anything is written.
    public func add(_ usernameOrID: String, leagueIDs: [String], timeZone: String? = nil, locale: String? = nil, at now: Date) async throws(RegistrationError) -> (outcomes: [Outcome], skipped: [String]) {
        let user = try await call { () async throws(SleeperError) in try await sleeper.user(usernameOrID) }
        var leagues: [League] = []
        if leagueIDs.isEmpty {
            let state = try await call { () async throws(SleeperError) in try await sleeper.nflState() }
            leagues = try await call { () async throws(SleeperError) in try await sleeper.leagues(userID: user.userID, season: state.leagueSeason) }
            guard !leagues.isEmpty else {
                throw RegistrationError(Messages.Registration.noLeagues(user: user.username, season: state.leagueSeason))
            }
        } else {
            for id in Self.unique(leagueIDs) {
                leagues.append(try await call { () async throws(SleeperError) in try await sleeper.league(id) })
            }
        }

        var items: [NewRegistration] = []
        var stored: [StoredLeague] = []
        var skipped: [String] = []
        for league in leagues {
            let rosters = try await call { () async throws(SleeperError) in try await sleeper.rosters(leagueID: league.leagueID) }
            guard let roster = rosters.first(where: { $0.isOwned(by: user.userID) }) else {
                let message = Messages.Registration.notInLeague(user: user.username, league: league.name, id: league.leagueID)
                // Named explicitly, a league the user is not in is an error; found by listing, it is skipped.
                if leagueIDs.isEmpty { skipped.append(message); continue }
                throw RegistrationError(message)
            }
            let members = try await call { () async throws(SleeperError) in try await sleeper.members(leagueID: league.leagueID) }
            stored.append(StoredLeague(league: league, teamNames: TeamNames.byRoster(rosters: rosters, members: members)))
            items.append(NewRegistration(user: user, league: league, rosterID: roster.rosterID, timeZone: timeZone, locale: locale, scopeIfNew: newUserScope))
        }
        guard !items.isEmpty else { throw RegistrationError(skipped.first ?? Messages.Registration.nothingToRegister) }
        do {
            let results = try store.register(items, leagues: stored, at: now)
            return (results.map { Outcome(registration: $0.0, existed: $0.existed) }, skipped)
        } catch {
            throw RegistrationError(error.message)
        }
    }

    /// Ends any running activity (in both modes) with reason `removed`, then removes the
    /// registration, in one transaction. Returns the end events to deliver.
    /// `display` is the configured default; the registration's own time zone wins.
    public func remove(id: Int64, at now: Date, sinks: [PassMode: [PushRoute]], display: DisplayContext) throws(RegistrationError) -> [EventEnvelope] {
        do {
            guard let registration = try store.registration(id: id) else {
                throw RegistrationError(Messages.Registration.unknownRegistration(String(id)))
            }
            var states: [LifecycleKey: LifecycleState] = [:]
            var drafts: [OutboxDraft] = []
            var envelopes: [EventEnvelope] = []
            for (key, state) in try store.openLifecycleStates(registrationID: id) {
                let (next, events) = LifecycleMachine.remove(state, at: now)
                states[key] = next
                for event in events {
                    let context = registration.displayContext(at: now, defaultTimeZone: display.timeZone, defaultLocale: display.localeIdentifier)
                    let envelope = EventEnvelope(event, registration: registration, mode: key.mode, display: context, previous: state.activity?.lastView)
                    envelopes.append(envelope)
                    drafts.append(try OutboxDraft(envelope, event: event, registrationID: id, mode: key.mode, at: now,
                                                  deviceSinks: DeviceSinks(mode: key.mode, sinks: sinks[key.mode] ?? [])))  // a removal's end leaves at once (each coding knows)
                }
            }
            try store.removeRegistration(id: id, states: states, events: drafts, sinks: sinks, at: now)
            return envelopes
        } catch let error as RegistrationError {
            throw error
        } catch {
            throw RegistrationError("\(error)")
        }
    }

    private func call<T>(_ body: () async throws(SleeperError) -> T) async throws(RegistrationError) -> T {
        do { return try await body() } catch {
            switch error {
            case .budgetExhausted: throw RegistrationError(Messages.Registration.budgetSpent)
            default: throw RegistrationError(error.description)
            }
        }
    }

    static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }
}
