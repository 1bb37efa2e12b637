import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineWiring

/// `sideline tokens set`: an activity's update token on a device.
struct TokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Set a running activity's update token on a device.",
        discussion: """
            After a push-to-start, iOS gives the app a push token for the new activity (and \
            rotates it now and then); updates and the end go to that token. The app normally \
            reports it through the device API; this command does the same by hand.
            """,
        subcommands: [Set.self]
    )

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Store an activity's update token (replaces the previous one at once).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The activity id (in the activity's attributes and the event log), e.g. 3-2026w12-1.", valueName: "activity"))
        var activity: String

        @Argument(help: ArgumentHelp("The activity's push token (hex).", valueName: "hex"))
        var token: String

        @Option(help: ArgumentHelp("The device (needed when the user has more than one).", valueName: "id"))
        var device: String?

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                let chosen: Device
                do {
                    chosen = try DeviceService(store: wiring.store).setActivityToken(activityID: activity, token: token, deviceID: device, at: Date())
                } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                print(Messages.Devices.tokenSet(activity: activity, device: chosen.id, token: PushToken.shortened(token.lowercased())))
            }
        }
    }
}
