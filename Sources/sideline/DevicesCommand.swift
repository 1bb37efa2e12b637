import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineStore
import SidelineDelivery

/// `sideline devices add|list|remove`: the phones and iPads activities are pushed to.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Add, list and remove the devices Live Activities are pushed to.",
        discussion: """
            A device belongs to a registered Sleeper user and serves all of that user's \
            registrations: each activity starts on it through its push-to-start token (the iOS \
            app reads it from ActivityKit's pushToStartTokenUpdates). Tokens are hex; they are \
            never printed whole.
            """,
        subcommands: [Invite.self, Add.self, List.self, Remove.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a device for a registered Sleeper user.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The Sleeper username or user id (already registered with `sideline users add`).", valueName: "sleeper-user"))
        var user: String

        @Option(name: .customLong("push-to-start"), help: ArgumentHelp("The device's push-to-start token (hex).", valueName: "hex"))
        var pushToStart: String

        @Flag(help: "The token is for APNs' sandbox (a development build of the app); default: production.")
        var sandbox = false

        @Option(help: ArgumentHelp("A label for listings, e.g. \"Alex's iPhone\".", valueName: "text"))
        var name: String?

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                let device: Device
                do {
                    device = try DeviceService(store: wiring.store).add(user: user, name: name ?? "iPhone", pushToStartToken: pushToStart, environment: sandbox ? .sandbox : .production, at: Date())
                } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                print(Messages.Devices.added(device.id, user: user, environment: device.environment.rawValue))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List devices (tokens shortened).")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print a JSON array ([] when empty).")
        var json = false

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                let devices: [Device]
                do { devices = try DeviceService(store: wiring.store).list() } catch {
                    throw CLIFailure("\(error)", code: .database)
                }
                if json {
                    try printJSON(devices.map(DeviceRow.init))
                } else if devices.isEmpty {
                    print(Messages.Devices.noneYet)
                } else {
                    for d in devices {
                        let token = d.pushToStartToken.map(PushToken.shortened) ?? "(no push-to-start token)"
                        print("\(d.id)  \(d.name)  user \(d.sleeperUserID)  \(d.environment.rawValue)  push-to-start \(token)")
                    }
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a device: nothing more is pushed to it.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The device id (see `sideline devices list`).", valueName: "device"))
        var device: String

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                do { try DeviceService(store: wiring.store).remove(deviceID: device, at: Date()) } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                print(Messages.Devices.removed(device))
            }
        }
    }
}

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

/// `devices list --json` rows.
struct DeviceRow: Codable {
    let id: String
    let name: String
    let sleeperUserID: String
    let environment: String
    let pushToStartToken: String?
    let createdAt: String

    init(_ d: Device) {
        id = d.id
        name = d.name
        sleeperUserID = d.sleeperUserID
        environment = d.environment.rawValue
        pushToStartToken = d.pushToStartToken.map(PushToken.shortened)
        createdAt = EventEnvelope.timestamp(d.createdAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, environment
        case sleeperUserID = "sleeper_user_id"
        case pushToStartToken = "push_to_start_token"
        case createdAt = "created_at"
    }
}
