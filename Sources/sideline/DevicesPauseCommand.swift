import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineDelivery
import SidelineWiring

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
