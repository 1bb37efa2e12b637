import ArgumentParser
import Foundation
import SidelineCore
import SidelineDelivery
import SidelineWiring

/// `sideline check`: everything a Sunday needs, verified now (ADR 033). One line each,
/// ✓ or ✗ and the fix; exit 0 only when every line holds, 1 otherwise.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Verify the configuration, the database, Sleeper and every enabled sink now; exit 1 if anything fails.",
        discussion: """
            Checks that the configuration parses and the database opens for writing; that \
            Sleeper, the scores feed and ESPN answer and registered leagues are readable (at most \
            20, counted against the call budget); and each enabled sink: Home Assistant's token \
            and notify services, APNs's key and team (a push to a deliberately invalid device \
            token), a signed test event to the webhook, a test message to the ntfy topic. \
            Exit codes: 0 every check holds; 1 at least one failed (each ✗ line says what to fix).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    /// What `--json` prints.
    struct Report: Encodable {
        let ok: Bool
        let checks: [CheckResult]
        let configurationFile: String?
        let database: String?

        enum CodingKeys: String, CodingKey {
            case ok, checks, database
            case configurationFile = "configuration_file"
        }
    }

    func run() async throws {
        var checks: [CheckResult] = []
        var configurationFile: String?
        var database: String?
        do {
            let configuration = try global.loadConfiguration()
            configurationFile = configuration.configurationFile
            database = configuration.store.name
            checks.append(.passed("configuration", Messages.Check.configurationRead(configuration.configurationFile)))
            checks += await verify(configuration)
        } catch let failure as CLIFailure {
            checks.append(.failed("configuration", Messages.Check.configurationFailed(failure.message)))
        }
        let failed = checks.filter { !$0.ok }.count
        if json {
            try printJSON(Report(ok: failed == 0, checks: checks, configurationFile: configurationFile, database: database))
        } else {
            checks.forEach { print(Messages.Check.line($0)) }
            print(Messages.Check.summary(failed: failed, total: checks.count))
        }
        if failed > 0 { throw ExitCode(CLIFailure.Code.refused.rawValue) }
    }

    /// The database, Sleeper and the sinks, once the configuration has parsed.
    func verify(_ configuration: SidelineConfiguration) async -> [CheckResult] {
        let wiring: Wiring
        do {
            wiring = try Wiring.open(configuration)
            // Written, not only opened: a read-only volume opens and then fails the first pass.
            try wiring.store.setMeta("check.last_at", EventEnvelope.timestamp(wiring.now()))
        } catch {
            return [.failed("database", Messages.Check.databaseFailed(configuration.store.name, "\(error)"))]
        }
        var checks = [CheckResult.passed("database", Messages.Check.databaseWritable(configuration.store.name))]
        if let cluster = wiring.checkCluster(at: wiring.now()) { checks.append(cluster) }
        checks += await wiring.checkSleeper()
        checks += await wiring.checkConfiguredSinks(at: wiring.now()).flatMap(\.results)
        return checks
    }
}
