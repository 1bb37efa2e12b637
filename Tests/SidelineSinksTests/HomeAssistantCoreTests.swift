import Foundation
import Logging
@testable import SidelineCore
import SidelineDelivery
import SidelineHTTP
import SidelineSinks
import Synchronization
import Testing

/// Sideline's Home Assistant sink against a real Home Assistant core: run by
/// `scripts/ha-core-check`, which starts HA core 2024.3.3 with a relay stand-in and sets the
/// environment; skipped everywhere else (docs/adr/032).
@Suite("Home Assistant: against a real Home Assistant core", .enabled(if: HomeAssistantCoreEnvironment.current != nil))
struct HomeAssistantCoreTests {
    final class Notes: HomeAssistantNotes {
        let values = Mutex<(String?, (baseURL: String, message: String)?, Date?)>((nil, nil, nil))
        func refusedTokenHash() -> String? { values.withLock { $0.0 } }
        func setRefusedTokenHash(_ hash: String?) { values.withLock { $0.0 = hash } }
        func redirect() -> (baseURL: String, message: String)? { values.withLock { $0.1 } }
        func setRedirect(_ redirect: (baseURL: String, message: String)?) { values.withLock { $0.1 = redirect } }
        func lastServiceCheck() -> Date? { values.withLock { $0.2 } }
        func setLastServiceCheck(_ at: Date) { values.withLock { $0.2 = at } }
    }

    static let tag = HomeAssistantNotification.tag(forActivity: "1-2026w12-1")

    static func liveUpdate(_ message: String) -> HomeAssistantNotification {
        HomeAssistantNotification(title: "{{Frank}}'s Team vs The {% set x = 1 {# Club", message: message, data: .init(
            tag: tag, liveUpdate: true, criticalText: "22.3–17.2", progress: 2, progressMax: 9,
            notificationIcon: HomeAssistantNotification.icon, notificationIconColor: "#2E7D32"
        ))
    }

    @Test("A start, an update with template-breaking names, an end's final state and its clear all reach the relay as written")
    func aDayThroughRealHomeAssistant() async throws {
        let env = try #require(HomeAssistantCoreEnvironment.current)
        let transport = CurlTransport(timeout: 10)
        let client = HomeAssistantClient(baseURL: env.base, token: env.token, transport: transport, poster: transport)
        var logger = Logger(label: "ha-core")
        logger.logLevel = .critical
        let sink = HomeAssistantSink(client: client, dailyPushes: 300, dismissalDelay: 0, token: env.token, notes: Notes(), logger: logger)
        #expect(try await client.notifyServices().contains(env.service))

        let pushes: [(LifecycleEventKind, HomeAssistantNotification)] = [
            (.start, Self.liveUpdate("Up 5.1 — 22.3 – 17.2 · as of 2:14 PM")),
            (.update, Self.liveUpdate("Down 2.0 — {% if %} {{ x }} {# Escape {% endraw %} artists {%- endraw -%} · as of 2:20 PM")),
            (.end, Self.liveUpdate("Won 31.2 – 29.0 · final")),
            (.end, HomeAssistantNotification.clear(activityID: "1-2026w12-1")),
        ]
        for (index, (kind, notification)) in pushes.enumerated() {
            let push = DevicePush(eventID: Int64(index + 1), deviceID: "ha", activityID: "1-2026w12-1", kind: kind,
                                  body: DevicePayload(sink: HomeAssistantSink.sinkName, bytes: Data([1]) + (try notification.encoded())), token: env.service,
                                  environment: .production, timestamp: 0, id: UUID())
            #expect(await sink.push(push) == .accepted(receipt: nil), "push \(index)")
        }

        // What HA answers what it refuses: plain text, read as a reason.
        let broken = Data(#"{"message":"{% oops","data":{"tag":"x"}}"#.utf8)
        #expect(await client.notify(service: env.service, body: broken) == .badRequest(message: Messages.HomeAssistant.badRequest(nil)))
        #expect(await client.notify(service: "mobile_app_nobody", body: try pushes[0].1.encoded()) == .badRequest(message: Messages.HomeAssistant.badRequest(nil)))
        let wrong = HomeAssistantClient(baseURL: env.base, token: "wrong", transport: transport, poster: transport)
        #expect(await wrong.notify(service: env.service, body: try pushes[0].1.encoded()) == .unauthorized)

        // The relay got the four pushes, title and message as written, data intact.
        try await Task.sleep(for: .milliseconds(500))  // HA forwards after it answered
        let lines = try String(contentsOf: env.relayLog, encoding: .utf8).split(separator: "\n")
        let forwarded = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["body"] as? [String: Any] }
        #expect(forwarded.count == 4, "\(forwarded)")
        for (index, (_, sent)) in pushes.enumerated() where index < forwarded.count {
            let got = try #require(forwarded[index])
            print("relay got push \(index): message \(got["message"] ?? "-"), title \(got["title"] ?? "-"), data \(got["data"] ?? "-")")
            #expect(got["message"] as? String == sent.message)
            #expect(got["title"] as? String == sent.title)
            let data = got["data"] as? [String: Any]
            #expect(data?["tag"] as? String == Self.tag)
            if sent.data.liveUpdate == true {
                #expect(data?["live_update"] as? Bool == true)
                #expect(data?["critical_text"] as? String == "22.3–17.2")
                #expect(data?["progress"] as? Int == 2 && data?["progress_max"] as? Int == 9)
                #expect(data?["notification_icon"] as? String == "mdi:football")
            }
        }
    }

    @Test("sideline check's probe against a real core: the token and the service hold; a wrong token and a missing service are named")
    func checkProbe() async throws {
        let env = try #require(HomeAssistantCoreEnvironment.current)
        let transport = CurlTransport(timeout: 10)
        var logger = Logger(label: "ha-core")
        logger.logLevel = .critical
        func sink(token: String) -> HomeAssistantSink {
            let client = HomeAssistantClient(baseURL: env.base, token: token, transport: transport, poster: transport)
            return HomeAssistantSink(client: client, dailyPushes: 300, dismissalDelay: 0, token: token, notes: Notes(), logger: logger)
        }
        func phone(_ service: String) -> Device {
            Device(id: "ha-\(service)", sleeperUserID: "1", name: service, environment: .production, pushToStartToken: nil,
                   pushToStartUpdatedAt: nil, createdAt: Date(), notifyService: service)
        }
        let context = SinkCheckContext(now: Date(), devices: [phone(env.service), phone("mobile_app_nobody")], mayDeliver: false)

        let results = await sink(token: env.token).check(context)
        print("real core, the right token: \(results.map { "\($0.ok ? "✓" : "✗") \($0.message)" })")
        #expect(results.first { $0.subject == "homeassistant.token" }?.ok == true)
        #expect(results.contains { $0.ok && $0.message == Messages.Check.homeAssistantServiceListed(env.service) })
        #expect(results.contains { !$0.ok && $0.message == Messages.Check.homeAssistantServiceMissing("mobile_app_nobody") })

        let refused = await sink(token: "wrong").check(context)
        print("real core, a wrong token: \(refused.map { "\($0.ok ? "✓" : "✗") \($0.message)" })")
        #expect(refused.count == 1 && refused[0].ok == false && refused[0].message.contains("401"))
    }
}

/// Where `scripts/ha-core-check` runs HA core (its environment), if it does.
struct HomeAssistantCoreEnvironment {
    let base: URL
    let token: String
    let service: String
    let relayLog: URL

    static var current: HomeAssistantCoreEnvironment? {
        let env = ProcessInfo.processInfo.environment
        guard let url = env["SIDELINE_HA_CORE_URL"].flatMap(URL.init(string:)), let token = env["SIDELINE_HA_CORE_TOKEN"],
              let service = env["SIDELINE_HA_CORE_SERVICE"], let log = env["SIDELINE_HA_CORE_RELAY_LOG"] else { return nil }
        return HomeAssistantCoreEnvironment(base: url, token: token, service: service, relayLog: URL(fileURLWithPath: log))
    }
}
