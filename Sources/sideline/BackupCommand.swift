import ArgumentParser
import SidelineCore
import SidelineStore
import SidelineWiring

/// `sideline backup <file>`: the database copied with SQLite's online backup (ADR 035).
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to a file, safely while passes run.",
        discussion: """
            Uses SQLite's online backup: the copy is one consistent snapshot, taken while \
            `sideline run` or a cron pass goes on writing, checked, then moved into place. The \
            database is not migrated first, so a backup made before an upgrade is what the old \
            version reads. To restore, stop Sideline and copy the file over the database.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The file to write (refused if it exists, unless --force).", valueName: "file"))
    var file: String

    @Flag(help: "Replace the file if it exists.")
    var force = false

    func run() async throws {
        try await reportingFailures {
            let configuration = try global.loadConfiguration()
            let backup = try StoreOpener.backup(configuration, to: file, replacing: force)
            print(Messages.Backup.wrote(backup.file, from: configuration.databasePath, bytes: backup.bytes, migration: backup.migration, migratedBy: backup.migratedBy))
        }
    }
}
