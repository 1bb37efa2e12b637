import ArgumentParser
import SidelineCore
import SidelineDemo
import SidelineWiring

/// `sideline rehearse`: the bundled game day, pushed to the configured devices (``Rehearsal``).
struct RehearseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rehearse",
        abstract: "Replay the bundled game day into your configured devices, compressed, to see a Sunday before Sunday.",
        discussion: """
            The bundled NFL Sunday (the one `sideline demo` prints) goes to every device (or \
            --device) through its own sink, APNs or Home Assistant: one activity per device \
            (Apple throttles push-to-start), its updates thinned to --max-pushes, the whole day \
            in --minutes. Home Assistant pushes count against its daily allowance, never its \
            reserve. Your registrations, their activities and the outbox are not touched. For \
            an app of your own the updates need the activity's token, which the app reports to \
            `sideline run` or `serve`: keep one running.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("How long the whole day takes, in minutes (0 sends every push at once).", valueName: "minutes"))
    var minutes: Double = 3

    @Option(name: .customLong("max-pushes"), help: ArgumentHelp("Pushes per device, the start and end included (3–100).", valueName: "count"))
    var maxPushes = 20

    @Option(help: ArgumentHelp("Rehearse on this device only (see `sideline devices list`).", valueName: "device"))
    var device: String?

    func validate() throws {
        guard (0...240).contains(minutes) else { throw ValidationError("--minutes must be between 0 and 240") }
        guard (3...100).contains(maxPushes) else { throw ValidationError("--max-pushes must be between 3 and 100") }
    }

    func run() async throws {
        try await reportingFailures {
            let wiring = try Wiring.open(try global.loadConfiguration())
            let rehearsal = Rehearsal(wiring: wiring, options: Rehearsal.Options(duration: .milliseconds(Int64(minutes * 60_000)), cap: maxPushes, deviceID: device))
            let failed = try await rehearsal.run()
            if failed > 0 { throw CLIFailure(Messages.Rehearsal.someFailed(failed), code: .refused) }
        }
    }
}
