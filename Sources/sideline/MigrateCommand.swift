import ArgumentParser
import SidelineCore
import SidelineStore
import SidelineWiring

/// `sideline migrate`: brings the store's schema up to date and says what it did (issue 31).
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the store's migrations and say what changed.",
        discussion: """
            Every command migrates the store when it opens it; this one does only that, and \
            says from which migration to which (or that the store is up to date). A store \
            migrated by a newer Sideline is refused, as on every command. Run `sideline backup` \
            first when upgrading.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await reportingFailures {
            let configuration = try global.loadConfiguration()
            let wiring = try Wiring.open(configuration, migrating: false)
            let migration: StoreMigration
            do throws(StoreError) { migration = try wiring.store.migrate() } catch {
                throw CLIFailure(error.message, code: .database)
            }
            let name = configuration.store.name
            print(migration.applied.isEmpty
                ? Messages.Store.upToDate(name, at: migration.to)
                : Messages.Store.migrated(name, from: migration.from, to: migration.to, applied: migration.applied.count))
        }
    }
}
