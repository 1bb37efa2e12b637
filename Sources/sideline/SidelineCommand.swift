import ArgumentParser
import SidelineSleeper
import SidelineHTTP

@main
struct SidelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sideline",
        abstract: "Live Activities for Sleeper fantasy football, only while your starters are playing.",
        discussion: """
            Register Sleeper users and leagues, then run `sideline tick` every minute from cron \
            (or `sideline run` as a daemon). Try `sideline demo` first: it replays a bundled game \
            day against a fake Sleeper on loopback, no account or network needed.

            Exit codes: 0 ok; 1 refused (bad input, Sleeper unreachable, a failed check); 64 usage; \
            74 database error; 75 another pass holds the lock; 78 configuration error.
            """,
        version: SidelineVersion.current,
        subcommands: [TickCommand.self, RunCommand.self, CheckCommand.self, ServeCommand.self, StatusCommand.self, BackupCommand.self, MigrateCommand.self, UsersCommand.self, DevicesCommand.self, TokensCommand.self, ConfigCommand.self, HealthcheckCommand.self, DemoCommand.self, RehearseCommand.self, SchemaCommand.self]
    )
}
