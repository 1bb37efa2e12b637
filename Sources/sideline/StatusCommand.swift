import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineWiring

/// `sideline status`: registrations, their lifecycle, what is due next, the call budget.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show registrations, their lifecycle state, the next due polls and the call budget in use."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func run() async throws {
        try await reportingFailures {
            let wiring = try Wiring.open(try global.loadConfiguration())
            let now = Date()
            let scheduler = wiring.scheduler(now: { now })
            let report: StatusReport
            do { report = try await scheduler.status(at: now) } catch {
                throw CLIFailure("\(error)", code: .database)
            }
            if json {
                try printJSON(report)
            } else {
                print(Messages.Status.text(report, times: wiring.configuration.localTime))
            }
        }
    }
}
