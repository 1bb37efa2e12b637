import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineStore
import SidelineDelivery
import SidelineWiring

/// `sideline users add|list|remove`.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Register Sleeper users and leagues, list them, remove them.",
        subcommands: [Add.self, List.self, Remove.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a Sleeper user in one or more leagues.",
            discussion: """
                Resolves the user (username or user id), checks that each league exists and that \
                the user owns a roster in it (as owner or co-owner), and stores nothing unless \
                every check passes. Without --league, registers every NFL league of the user's \
                for the current season. Registering the same user and league again prints the \
                existing registration.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("Sleeper username or user id.", valueName: "username-or-user-id"))
        var user: String

        @Option(name: .customLong("league"), help: ArgumentHelp("A Sleeper league id (repeatable).", valueName: "id"))
        var leagues: [String] = []

        @Option(name: .customLong("time-zone"), help: ArgumentHelp("The person's time zone for times on the Lock Screen (default: display.time_zone).", valueName: "name"))
        var timeZone: String?

        @Option(help: ArgumentHelp("The person's locale for times on the Lock Screen (default: display.locale).", valueName: "id"))
        var locale: String?

        func validate() throws {
            // The same checks as `POST /v1/registrations`.
            if let problem = RegistrationService.problem(user: user, leagueIDs: leagues, timeZone: timeZone) { throw ValidationError(problem) }
        }

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                let service = wiring.registrationService()
                let result: (outcomes: [RegistrationService.Outcome], skipped: [String])
                do { result = try await service.add(user, leagueIDs: leagues, timeZone: timeZone, locale: locale, at: Date()) } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                for skipped in result.skipped { print("skipped: \(skipped)") }
                for outcome in result.outcomes {
                    let r = outcome.registration
                    print(outcome.existed
                        ? Messages.Registration.alreadyRegistered(r.handle, user: r.username, league: r.leagueName, leagueID: r.leagueID)
                        : Messages.Registration.registered(r.handle, user: r.username, league: r.leagueName, leagueID: r.leagueID, roster: r.rosterID, season: r.season))
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List registrations.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print a JSON array ([] when empty).")
        var json = false

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                let registrations: [Registration]
                do { registrations = try wiring.store.activeRegistrations() } catch {
                    throw CLIFailure("\(error)", code: .database)
                }
                if json {
                    try printJSON(registrations.map(RegistrationRow.init))
                } else if registrations.isEmpty {
                    print(Messages.Registration.noneRegistered)
                } else {
                    for r in registrations {
                        print("#\(r.handle)  \(r.username) (\(r.sleeperUserID))  \(r.leagueName) (\(r.leagueID))  roster \(r.rosterID)  \(r.season)" + (r.followNote.map { "  ! \($0)" } ?? ""))
                    }
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a registration, ending its running Live Activity first."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The registration id (see `sideline users list`).", valueName: "registration"))
        var registration: String

        @Flag(help: "Print the end events as JSON (when the stdout sink is configured).")
        var json = false

        func run() async throws {
            try await reportingFailures {
                guard let id = Int64(registration.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#"))) else {
                    throw CLIFailure(Messages.Registration.unknownRegistration(registration), code: .refused)
                }
                let wiring = try Wiring.open(try global.loadConfiguration())
                let lock = try wiring.lock()
                defer { withExtendedLifetime(lock) {} }
                let now = Date()
                guard let existing = try? wiring.store.registration(id: id) else {
                    throw CLIFailure(Messages.Registration.unknownRegistration(registration), code: .refused)
                }
                let sinks = try wiring.liveSinks(json: json)
                let service = RegistrationService(store: wiring.store, sleeper: wiring.passEnvironment(now: { now }).sleeper)
                let ended: [EventEnvelope]
                do {
                    // Dry-run activities end quietly: nothing was ever sent for them.
                    ended = try service.remove(id: id, at: now, sinks: [.live: sinks.map(\.name)], display: wiring.displayContext(at: now))
                } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                let scheduler = wiring.scheduler(now: { now })
                _ = await scheduler.deliver(mode: .live, sinks: sinks, at: now)
                print(Messages.Registration.removed(existing.handle, user: existing.username, league: existing.leagueName, endedActivities: ended.filter { !$0.dryRun }.count))
            }
        }
    }
}

/// `users list --json` rows.
struct RegistrationRow: Codable {
    let registration: String
    let sleeperUserID: String
    let username: String
    let displayName: String
    let leagueID: String
    let leagueName: String
    let rosterID: Int
    let season: String
    let note: String?
    let timeZone: String?
    let locale: String?

    init(_ r: Registration) {
        registration = r.handle
        sleeperUserID = r.sleeperUserID
        username = r.username
        displayName = r.displayName
        leagueID = r.leagueID
        leagueName = r.leagueName
        rosterID = r.rosterID
        season = r.season
        note = r.followNote
        timeZone = r.timeZone
        locale = r.locale
    }

    enum CodingKeys: String, CodingKey {
        case registration, username, season, note
        case sleeperUserID = "sleeper_user_id"
        case displayName = "display_name"
        case leagueID = "league_id"
        case leagueName = "league_name"
        case rosterID = "roster_id"
        case timeZone = "time_zone"
        case locale
    }
}
