import Foundation
import SidelineActivity
import SidelineCore

/// An APNs Live Activity push, encoded once when its event is committed: the parts every
/// device shares (content state, attributes, alert, relevance, stale date) as JSON bytes,
/// and the two that differ per device (`timestamp`, `dismissal-date`) filled in when it is
/// sent. Nothing on the delivery path decodes an event or encodes its content state again.
///
/// ``payload(timestamp:dismissalDate:)`` writes exactly what ``LiveActivityPayload/encoded()``
/// writes for the same push (sorted keys; a test holds the two byte for byte).
public struct DevicePushBody: Sendable, Hashable {
    public let kind: LifecycleEventKind
    /// `apns-priority`: 5 or 10, decided with the event.
    public let priority: Int
    /// `aps.stale-date`, Unix seconds; never on an end.
    public let staleDate: Int?
    /// An end that leaves the Lock Screen at once (a rollover's, a removal's) rather than
    /// after the configured dismissal delay.
    public let dismissesAtOnce: Bool
    let alert: [UInt8]?
    let attributes: [UInt8]?
    let contentState: [UInt8]
    let relevanceScore: [UInt8]

    /// Encodes the shared parts. Throws only for a number JSON cannot carry (NaN, ±∞).
    public init(kind: LifecycleEventKind, reason: LifecycleReason, contentState: LiveActivityContentState, attributes: LiveActivityAttributes, decision: PushDecision) throws {
        self.kind = kind
        priority = decision.priority
        staleDate = kind == .end ? nil : decision.staleDate.map(LiveActivityPayload.unixSeconds)
        dismissesAtOnce = kind == .end && [.rollover, .removed].contains(reason)
        self.alert = try decision.alert.map { try Self.bytes($0) }
        self.attributes = kind == .start ? try Self.bytes(attributes) : nil
        self.contentState = try Self.bytes(contentState)
        var number = JSONOutput(capacity: 16)
        try number.write(decision.relevanceScore)
        relevanceScore = number.array
    }

    init(kind: LifecycleEventKind, priority: Int, staleDate: Int?, dismissesAtOnce: Bool, alert: [UInt8]?, attributes: [UInt8]?, contentState: [UInt8], relevanceScore: [UInt8]) {
        self.kind = kind
        self.priority = priority
        self.staleDate = staleDate
        self.dismissesAtOnce = dismissesAtOnce
        self.alert = alert
        self.attributes = attributes
        self.contentState = contentState
        self.relevanceScore = relevanceScore
    }

    /// This start, showing a newer state: a start that goes out late (after a refusal)
    /// carries the newest content state, stale date and relevance queued behind it, and
    /// keeps its own alert and attributes.
    public func carrying(_ newer: DevicePushBody) -> DevicePushBody {
        DevicePushBody(kind: kind, priority: priority, staleDate: newer.staleDate, dismissesAtOnce: dismissesAtOnce, alert: alert,
                       attributes: attributes, contentState: newer.contentState, relevanceScore: newer.relevanceScore)
    }

    /// The `{"aps": …}` bytes for one device, keys sorted as `JSONEncoder` sorts them.
    public func payload(timestamp: Int, dismissalDate: Int?) -> Data {
        var output = JSONOutput(capacity: contentState.count + (attributes?.count ?? 0) + (alert?.count ?? 0) + 256)
        output.append(#"{"aps":{"#)
        if let alert { output.append(#""alert":"#); output.append(alert); output.append(UInt8(ascii: ",")) }
        if let attributes {
            output.append(#""attributes":"#)
            output.append(attributes)
            output.append(#","attributes-type":"#)
            output.write(LiveActivityPayload.attributesTypeName)
            output.append(UInt8(ascii: ","))
        }
        output.append(#""content-state":"#)
        output.append(contentState)
        if kind == .end, let dismissalDate { output.append(#","dismissal-date":"#); output.write(dismissalDate) }
        output.append(#","event":"#)
        output.write(kind.rawValue)
        if kind == .start { output.append(#","input-push-token":1"#) }
        output.append(#","relevance-score":"#)
        output.append(relevanceScore)
        if let staleDate { output.append(#","stale-date":"#); output.write(staleDate) }
        output.append(#","timestamp":"#)
        output.write(timestamp)
        output.append("}}")
        return output.data
    }

    static func bytes(_ value: some JSONDirectWritable) throws -> [UInt8] {
        var output = JSONOutput(capacity: 2048)
        try value.writeJSON(to: &output)
        return output.array
    }
}

extension JSONOutput {
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }
}
