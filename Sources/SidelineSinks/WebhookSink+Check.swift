import Foundation
import SidelineCore
import SidelineDelivery
import SidelineHTTP

/// The webhook's probe: a signed test event, answered 2xx. Only `sideline check` sends it
/// (the receiver sees it); the hourly credentials check has nothing to send.
extension WebhookSink: CheckableSink {
    public func check(_ context: SinkCheckContext) async -> [CheckResult] {
        guard context.mayDeliver else { return [] }
        let at = EventEnvelope.timestamp(context.now)
        let body = Self.testEvent(at: at)
        let id = "msg_check_\(Int(context.now.timeIntervalSince1970))"
        do {
            try await delivery.send(
                sink: name, activity: "check", to: url, body: body,
                rejectionHint: "check that the receiver verifies with the same whsec_ secret"
            ) { StandardWebhooks.headers(id: id, timestamp: Int(now().timeIntervalSince1970.rounded(.down)), body: body, secret: secret) }
        } catch {
            return [.failed("webhook", Messages.Check.webhookFailed(error.message))]
        }
        return [.passed("webhook", Messages.Check.webhookAccepted(HTTPPostError.redacted(url)))]
    }

    /// `{"event":"check","at":…,"message":…}`: no lifecycle event has that kind, so a
    /// receiver that reads `event` can tell it apart and ignore it.
    static func testEvent(at: String) -> Data {
        let object = ["event": "check", "at": at, "message": Messages.Check.webhookTestEvent]
        // Three string values always encode; an empty body would be answered and reported.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
