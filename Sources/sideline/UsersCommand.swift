import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineStore
import SidelineDelivery
import SidelineWiring

/// `sideline users add|list|remove|scope`.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Register Sleeper users and leagues, list them, remove them, choose their activity scope.",
        subcommands: [Add.self, List.self, Remove.self, Scope.self]
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
}
