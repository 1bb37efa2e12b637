import Foundation
import SidelineActivity

/// A whole APNs Live Activity payload (`{"aps": {...}}`), encoded from the shared model
/// types so the phone decodes exactly what the server built. See docs/apns-live-activity.md.
public struct LiveActivityPayload: Encodable, Sendable, Hashable {
    /// APNs rejects anything larger with 413.
    public static let maxBytes = 4096
    /// The Swift type name push-to-start needs in `attributes-type`.
    public static let attributesTypeName = String(describing: LiveActivityAttributes.self)

    public let aps: APS

    /// The `aps` dictionary. Instants are Unix seconds.
    public struct APS: Encodable, Sendable, Hashable {
        public let timestamp: Int
        public let event: String
        public let contentState: LiveActivityContentState
        public let staleDate: Int?
        public let dismissalDate: Int?
        public let relevanceScore: Double
        public let alert: PushAlert?
        public let attributesType: String?
        public let attributes: LiveActivityAttributes?
        /// `1` on a start: on iOS 18 and later a push-started activity gets an update token
        /// (and its app is woken to report it) only when the start asks for one. Older
        /// systems ignore it. `nil` otherwise.
        public let inputPushToken: Int?

        enum CodingKeys: String, CodingKey {
            case timestamp, event, alert, attributes
            case contentState = "content-state"
            case staleDate = "stale-date"
            case dismissalDate = "dismissal-date"
            case relevanceScore = "relevance-score"
            case attributesType = "attributes-type"
            case inputPushToken = "input-push-token"
        }
    }

    /// `attributes` are sent only with a start (push-to-start); ignored otherwise.
    public init(
        kind: LifecycleEventKind,
        timestamp: Date,
        contentState: LiveActivityContentState,
        decision: PushDecision,
        attributes: LiveActivityAttributes? = nil
    ) {
        let startAttributes = kind == .start ? attributes : nil
        aps = APS(
            timestamp: Self.unixSeconds(timestamp),
            event: kind.rawValue,
            contentState: contentState,
            staleDate: decision.staleDate.map(Self.unixSeconds),
            dismissalDate: kind == .end ? decision.dismissalDate.map(Self.unixSeconds) : nil,
            relevanceScore: decision.relevanceScore,
            alert: decision.alert,
            attributesType: startAttributes == nil ? nil : Self.attributesTypeName,
            attributes: startAttributes,
            inputPushToken: kind == .start ? 1 : nil
        )
    }

    /// The bytes to send: sorted keys for stable output, slashes unescaped ("KC D/ST"), as
    /// JSONEncoder writes them, written directly (LiveActivityPayload+JSONDirectWritable.swift,
    /// ADR 014). Throws for a NaN or infinite number (the relevance score), which JSON cannot
    /// carry: JSONEncoder refuses it too.
    public func encoded() throws(LiveActivityPayloadEncodingError) -> Data {
        guard let bytes = directJSON() else { throw LiveActivityPayloadEncodingError(event: aps.event) }
        return bytes
    }

    package static func unixSeconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
}

/// An APNs payload that cannot be written as JSON (a NaN or infinite number in it).
public struct LiveActivityPayloadEncodingError: Error, Sendable, CustomStringConvertible {
    /// The payload's `event`: start, update or end.
    public let event: String

    public var description: String { "the \(event) payload has a number JSON cannot carry (NaN or infinite)" }
}
