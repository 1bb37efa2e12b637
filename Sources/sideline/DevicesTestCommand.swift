import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineStore
import SidelineWiring

extension DevicesCommand {
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Push a sample activity to a device now: start, two updates, end.",
            discussion: """
                Proves a push reaches the phone before Sunday: a made-up matchup goes through the \
                device's own sink (APNs or Home Assistant) — a start, two updates ten seconds \
                apart, and an end that dismisses at once — and each answer is said in words. For \
                an app of your own the updates need the activity's token, which the app reports to \
                `sideline run` or `serve`: the test waits up to 60 seconds for it. Counts against \
                Home Assistant's daily allowance like any push, never its reserve. Exit 0 only if \
                every push was accepted.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The device id (see `sideline devices list`).", valueName: "device"))
        var device: String?

        @Flag(help: "Test every device, one after another.")
        var all = false

        // For tests (ADR 034): no test waits ten seconds between pushes or a minute for a token.
        @Option(name: .customLong("gap-seconds"), help: .hidden)
        var gapSeconds: Double = 10

        @Option(name: .customLong("token-wait-seconds"), help: .hidden)
        var tokenWaitSeconds: Double = 60

        func validate() throws {
            guard (device == nil) == all else { throw ValidationError(Messages.Rehearsal.deviceOrAll) }
            guard gapSeconds >= 0, tokenWaitSeconds >= 0 else { throw ValidationError("--gap-seconds and --token-wait-seconds must be 0 or more") }
        }

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                let devices = try chosen(wiring)
                guard !devices.isEmpty else { throw CLIFailure(Messages.Rehearsal.noDevices, code: .refused) }
                let test = DeviceTest(wiring: wiring, timing: DeviceTest.Timing(gap: .seconds(gapSeconds), tokenWait: .seconds(tokenWaitSeconds)))
                var failed = 0
                for (index, device) in devices.enumerated() {
                    if index > 0 { print("") }
                    if !(try await test.run(device)) { failed += 1 }
                }
                if failed > 0 { throw CLIFailure(Messages.Rehearsal.someFailed(failed), code: .refused) }
            }
        }

        /// The named device, or every device with `--all`.
        func chosen(_ wiring: Wiring) throws -> [Device] {
            do {
                if all { return try wiring.store.devices() }
                guard let device, let found = try wiring.store.device(id: device) else {
                    throw CLIFailure(Messages.Devices.unknownDevice(device ?? ""), code: .refused)
                }
                return [found]
            } catch let error as StoreError {
                throw CLIFailure("\(error)", code: .database)
            }
        }
    }
}
