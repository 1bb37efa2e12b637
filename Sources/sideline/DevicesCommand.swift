import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineSinks
import SidelineStore
import SidelineDelivery
import SidelineWiring

/// `sideline devices add|list|remove`: the phones and iPads activities are pushed to.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Add, list, pause and remove the devices Live Activities are pushed to.",
        discussion: """
            A device belongs to a registered Sleeper user and serves all of that user's \
            registrations. Two kinds: an iPhone with an app of your own, which each activity \
            starts on through its push-to-start token over APNs (the app reads it from \
            ActivityKit's pushToStartTokenUpdates; tokens are hex and never printed whole), or \
            a phone with Home Assistant's Companion app, reached through its notify service \
            (--homeassistant mobile_app_alex_iphone).
            """,
        subcommands: [Invite.self, Add.self, List.self, Remove.self, Pause.self, Resume.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a device for a registered Sleeper user.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The Sleeper username or user id (already registered with `sideline users add`).", valueName: "sleeper-user"))
        var user: String

        @Option(name: .customLong("push-to-start"), help: ArgumentHelp("The device's push-to-start token (hex), for an app of your own over APNs.", valueName: "hex"))
        var pushToStart: String?

        @Option(name: .customLong("homeassistant"), help: ArgumentHelp("A Home Assistant notify service (mobile_app_alex_iphone or notify.mobile_app_alex_iphone), for the Companion app; checked with Home Assistant when homeassistant is configured.", valueName: "service"))
        var homeAssistant: String?

        @Flag(help: "The token is for APNs' sandbox (a development build of the app); default: production.")
        var sandbox = false

        @Option(help: ArgumentHelp("A label for listings, e.g. \"Alex's iPhone\".", valueName: "text"))
        var name: String?

        func validate() throws {
            guard (pushToStart == nil) != (homeAssistant == nil) else { throw ValidationError(Messages.Devices.oneTarget) }
        }

        func run() async throws {
            try await reportingFailures {
                let configuration = try global.loadConfiguration()
                let wiring = try Wiring.open(configuration)
                if let homeAssistant {
                    try await addHomeAssistant(homeAssistant, wiring: wiring)
                    return
                }
                let device: Device
                do {
                    device = try DeviceService(store: wiring.store).add(user: user, name: name ?? "iPhone", pushToStartToken: pushToStart, environment: sandbox ? .sandbox : .production, at: Date())
                } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                print(Messages.Devices.added(device.id, user: user, environment: device.environment.rawValue))
            }
        }

        /// Normalises the service, checks it against HA's service list when HA is configured
        /// (an unknown service, a refused token or an unreachable HA: nothing is stored), then
        /// stores the target.
        func addHomeAssistant(_ text: String, wiring: Wiring) async throws {
            guard let service = HomeAssistantService.normalized(text) else { throw CLIFailure(Messages.Devices.badNotifyService(text), code: .refused) }
            let devices = DeviceService(store: wiring.store)
            do { _ = try devices.registeredUser(user) } catch { throw CLIFailure("\(error)", code: .refused) }
            if let client = wiring.homeAssistantClient() {
                let known: Set<String>
                do { known = try await client.notifyServices() } catch {
                    throw CLIFailure(Messages.Devices.homeAssistantUnavailable("\(error)"), code: .refused)
                }
                guard known.contains(service) else {
                    throw CLIFailure(Messages.Devices.unknownNotifyService(service, known: known.sorted()), code: .refused)
                }
            } else {
                printError(Messages.Devices.homeAssistantNotChecked)
            }
            let device: Device
            do { device = try devices.addHomeAssistant(user: user, name: name, service: service, at: Date()) } catch {
                throw CLIFailure("\(error)", code: .refused)
            }
            print(Messages.Devices.addedHomeAssistant(device.id, user: user, service: service))
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
                        var line = "\(d.id)  \(d.name)  user \(d.sleeperUserID)  "
                        if let service = d.notifyService {
                            line += "homeassistant  notify.\(service)"
                        } else {
                            let token = d.pushToStartToken.map(PushToken.shortened) ?? "(no push-to-start token)"
                            line += "apns  \(d.environment.rawValue)  push-to-start \(token)"
                        }
                        if let until = d.pausedUntil, until > Date() { line += "  paused until \(EventEnvelope.timestamp(until))" }
                        if let broken = d.brokenReason { line += "  refused by Home Assistant: \(broken)" }
                        print(line)
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

extension DevicesCommand {
    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop pushing to a device for the rest of the day.",
            discussion: """
                Home Assistant does not remember that an activity was swiped away: the next update \
                brings it back. Pausing a device stops every push to it until midnight in \
                display.time_zone (or --hours from now); `sideline devices resume` undoes it.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The device id (see `sideline devices list`).", valueName: "device"))
        var device: String

        @Option(help: ArgumentHelp("Pause for this many hours instead (0.1–48).", valueName: "hours"))
        var hours: Double?

        func validate() throws {
            if let hours, !(0.1...48).contains(hours) { throw ValidationError("--hours must be between 0.1 and 48") }
        }

        func run() async throws {
            try await reportingFailures {
                let configuration = try global.loadConfiguration()
                let wiring = try Wiring.open(configuration)
                let now = Date()
                let until = hours.map { now + $0 * 3600 } ?? Self.nextMidnight(after: now, in: configuration.timeZone)
                do { try DeviceService(store: wiring.store).pause(deviceID: device, until: until) } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                print(Messages.Devices.paused(device, until: EventEnvelope.timestamp(until)))
            }
        }

        static func nextMidnight(after now: Date, in timeZone: TimeZone) -> Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            return calendar.nextDate(after: now, matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime) ?? now + 86_400
        }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Push to a paused device again.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The device id (see `sideline devices list`).", valueName: "device"))
        var device: String

        func run() async throws {
            try await reportingFailures {
                let wiring = try Wiring.open(try global.loadConfiguration())
                do { try DeviceService(store: wiring.store).pause(deviceID: device, until: nil) } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                print(Messages.Devices.resumed(device))
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
    let kind: String
    let notifyService: String?
    let pausedUntil: String?
    let brokenReason: String?

    init(_ d: Device) {
        id = d.id
        name = d.name
        sleeperUserID = d.sleeperUserID
        environment = d.environment.rawValue
        pushToStartToken = d.pushToStartToken.map(PushToken.shortened)
        createdAt = EventEnvelope.timestamp(d.createdAt)
        kind = d.kind.rawValue
        notifyService = d.notifyService
        pausedUntil = d.pausedUntil.map(EventEnvelope.timestamp)
        brokenReason = d.brokenReason
    }

    enum CodingKeys: String, CodingKey {
        case id, name, environment
        case sleeperUserID = "sleeper_user_id"
        case pushToStartToken = "push_to_start_token"
        case createdAt = "created_at"
        case kind
        case notifyService = "notify_service"
        case pausedUntil = "paused_until"
        case brokenReason = "broken_reason"
    }
}
