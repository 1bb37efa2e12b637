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
                let usernames: [String: String]
                do {
                    devices = try DeviceService(store: wiring.store).list()
                    usernames = Dictionary(try wiring.store.activeRegistrations().map { ($0.sleeperUserID, $0.username) }) { first, _ in first }
                } catch {
                    throw CLIFailure("\(error)", code: .database)
                }
                let times = wiring.configuration.localTime
                if json {
                    try printJSON(devices.map { DeviceRow($0, username: usernames[$0.sleeperUserID]) })
                } else if devices.isEmpty {
                    print(Messages.Devices.noneYet)
                } else {
                    for d in devices {
                        // The username people know them by; the id only for a user no longer registered.
                        var line = "\(d.id)  \(d.name)  \(usernames[d.sleeperUserID] ?? "user \(d.sleeperUserID)")  "
                        if let service = d.notifyService {
                            line += "homeassistant  notify.\(service)"
                        } else {
                            let token = d.pushToStartToken.map(PushToken.shortened) ?? "(no push-to-start token)"
                            line += "apns  \(d.environment.rawValue)  push-to-start \(token)"
                        }
                        if let until = d.pausedUntil, until > Date() { line += "  paused until \(times.label(until))" }
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
    /// `nil` for a user with no registration left.
    let username: String?
    let environment: String
    let pushToStartToken: String?
    let createdAt: String
    let kind: String
    let notifyService: String?
    let pausedUntil: String?
    let brokenReason: String?

    init(_ d: Device, username: String?) {
        id = d.id
        self.username = username
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
        case id, name, environment, username
        case sleeperUserID = "sleeper_user_id"
        case pushToStartToken = "push_to_start_token"
        case createdAt = "created_at"
        case kind
        case notifyService = "notify_service"
        case pausedUntil = "paused_until"
        case brokenReason = "broken_reason"
    }
}
