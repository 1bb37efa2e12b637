import Foundation
import SidelineCore
import SidelineDelivery

extension EventEnvelope {
    /// The APNs push's parts for this event, encoded once (stored with the event when a
    /// device is owed it). Throws only for a number JSON cannot carry.
    public func devicePushBody() throws -> DevicePushBody {
        let at = Date(timeIntervalSince1970: TimeInterval(Int(Self.date(self.at)?.timeIntervalSince1970 ?? 0)))
        let decision = push ?? PushDecision(priority: 5, alert: nil, relevanceScore: 50, staleDate: at + PushPolicy.staleAfter, dismissalDate: nil)
        return try DevicePushBody(kind: event, reason: reason, contentState: contentState, attributes: attributes, decision: decision)
    }

    /// `at` read back, for the fallback stale date of events stored before push decisions
    /// existed. Our own ISO-8601 text always parses; if it did not, the fallback stale date
    /// would be 30 minutes after 1970, which APNs treats as stale at once: harmless.
    static func date(_ text: String) -> Date? {
        try? Date(text, strategy: Date.ISO8601FormatStyle())  // see above: a fallback's fallback
    }
}
