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
        abstract: "Add, list, pause, test and remove the devices Live Activities are pushed to.",
        discussion: """
            A device belongs to a registered Sleeper user and serves all of that user's \
            registrations. Two kinds: an iPhone with an app of your own, which each activity \
            starts on through its push-to-start token over APNs (the app reads it from \
            ActivityKit's pushToStartTokenUpdates; tokens are hex and never printed whole), or \
            a phone with Home Assistant's Companion app, reached through its notify service \
            (--homeassistant mobile_app_alex_iphone).
            """,
        subcommands: [Invite.self, Add.self, List.self, Remove.self, Pause.self, Resume.self, Test.self]
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
                let service = DeviceService(store: wiring.store)
                let addition: DeviceAddition
                do {
                    addition = try service.addDevice(user: user, name: name ?? "iPhone", pushToStartToken: pushToStart, environment: sandbox ? .sandbox : .production, at: Date())
                } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                let device = addition.device
                switch addition.outcome {
                case .added: print(Messages.Devices.added(device.id, user: user, environment: device.environment.rawValue))
                case .existing: print(Messages.Devices.alreadyAdded(device.id, user: user))
                }
                try sayShared(addition, service)
                // Said once the device is added: a refused one needs no warning about its sink.
                if !configuration.sinks.contains(APNsSink.sinkName) { printError(Messages.Devices.sinkNotEnabled(APNsSink.sinkName)) }
            }
        }

        /// A target another user has too (a family's shared phone): allowed, and said.
        func sayShared(_ addition: DeviceAddition, _ service: DeviceService) throws {
            guard !addition.sharedWith.isEmpty else { return }
            let usernames = (try? service.usernames()) ?? [:]  // names for a message only: ids do as well
            print(Messages.Devices.sharedTarget(with: addition.sharedWith.map { usernames[$0] ?? $0 }))
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
            let addition: DeviceAddition
            do { addition = try devices.addHomeAssistantTarget(user: user, name: name, service: service, at: Date()) } catch {
                throw CLIFailure("\(error)", code: .refused)
            }
            switch addition.outcome {
            case .added: print(Messages.Devices.addedHomeAssistant(addition.device.id, user: user, service: service))
            case .existing: print(Messages.Devices.alreadyAdded(addition.device.id, user: user))
            }
            try sayShared(addition, devices)
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
