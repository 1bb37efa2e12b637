import ArgumentParser
import Foundation
import SidelineCore
import SidelineStore
import SidelineWiring

extension ActivityScope: ExpressibleByArgument {}

extension UsersCommand {
    /// `sideline users scope <username> person|league [--pin <league-id>]` (ADR 039).
    struct Scope: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One Live Activity across a user's leagues (person) or one per league (league).",
            discussion: """
                person: one activity per person and device, covering every registered league of \
                theirs with a starter that day; the Dynamic Island highlights the most relevant \
                live matchup, or the league given with --pin. league: one activity per league, as \
                before. Users registered from now on get activities.new_user_scope (person unless \
                set). A change takes effect when nothing of the user's is open.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("Sleeper username or user id (as `sideline users list` shows it).", valueName: "username"))
        var user: String

        @Argument(help: ArgumentHelp("person or league.", valueName: "person|league"))
        var scope: ActivityScope

        @Option(help: ArgumentHelp("With person: the league to highlight while it is shown.", valueName: "league-id"))
        var pin: String?

        func validate() throws {
            if pin != nil, scope != .person { throw ValidationError(Messages.Scope.pinNeedsPerson) }
        }

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                let registrations: [Registration]
                do { registrations = try wiring.store.activeRegistrations() } catch { throw CLIFailure("\(error)", code: .database) }
                let wanted = user.trimmingCharacters(in: .whitespaces)
                let theirs = registrations.filter { $0.username.caseInsensitiveCompare(wanted) == .orderedSame || $0.sleeperUserID == wanted }
                guard let first = theirs.first else { throw CLIFailure(Messages.Scope.unknownUser(wanted), code: .refused) }
                if let pin, !theirs.contains(where: { $0.leagueID == pin }) {
                    throw CLIFailure(Messages.Scope.pinNotRegistered(pin, username: first.username), code: .refused)
                }
                let open: Int
                do {
                    try wiring.store.setPersonSettings(sleeperUserID: first.sleeperUserID, PersonSettings(scope: scope, pinnedLeagueID: pin), at: Date())
                    open = try wiring.store.openActivityCount(sleeperUserID: first.sleeperUserID)
                } catch {
                    throw CLIFailure("\(error)", code: .database)
                }
                let pinned = pin.flatMap { id in theirs.first { $0.leagueID == id }?.leagueName }
                print(Messages.Scope.set(first.username, scope: scope, leagues: theirs.count, pinned: pinned))
                if open > 0 { print(Messages.Scope.waitsForOpen(first.username, open: open)) }
            }
        }
    }
}
