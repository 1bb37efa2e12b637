import ArgumentParser
import SidelineCore
import SidelineStore
import SidelineWiring

extension UsersCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List registrations.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print a JSON array ([] when empty).")
        var json = false

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                let registrations: [Registration]
                let scopes: [String: PersonSettings]
                do {
                    registrations = try wiring.store.activeRegistrations()
                    scopes = try wiring.store.personSettings()
                } catch {
                    throw CLIFailure("\(error)", code: .database)
                }
                func scope(_ r: Registration) -> ActivityScope { (scopes[r.sleeperUserID] ?? .unset).scope }
                if json {
                    try printJSON(registrations.map { RegistrationRow($0, scope: scope($0)) })
                } else if registrations.isEmpty {
                    print(Messages.Registration.noneRegistered)
                } else {
                    for r in registrations {
                        print("#\(r.handle)  \(r.username) (\(r.sleeperUserID))  \(r.leagueName) (\(r.leagueID))  roster \(r.rosterID)  \(r.season)  \(Messages.Scope.label(scope(r)))" + (r.followNote.map { "  ! \($0)" } ?? ""))
                    }
                }
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
    /// `person` or `league` (ADR 039).
    let scope: ActivityScope

    init(_ r: Registration, scope: ActivityScope) {
        self.scope = scope
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
        case locale, scope
    }
}
