import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineDelivery
import SidelineWiring

extension UsersCommand {
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
                // A database that cannot be read is a database error (74), not "no such registration".
                let found: Registration?
                do { found = try wiring.store.registration(id: id) } catch { throw CLIFailure("\(error)", code: .database) }
                guard let existing = found else {
                    throw CLIFailure(Messages.Registration.unknownRegistration(registration), code: .refused)
                }
                let sinks = try wiring.liveSinks(json: json)
                let service = RegistrationService(store: wiring.store, sleeper: wiring.passEnvironment(now: { now }).sleeper, newUserScope: wiring.configuration.newUserScope)
                let ended: [EventEnvelope]
                do {
                    // Dry-run activities end quietly: nothing was ever sent for them.
                    ended = try service.remove(id: id, at: now, sinks: [.live: sinks.map(\.route)], display: wiring.displayContext(at: now))
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
