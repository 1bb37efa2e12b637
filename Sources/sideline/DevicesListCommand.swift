import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineDelivery
import SidelineWiring

extension DevicesCommand {
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
