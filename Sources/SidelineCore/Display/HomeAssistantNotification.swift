import Foundation
import SidelineActivity

/// What Home Assistant's `notify.<service>` is asked to show: a Live Activity on iPhone (and
/// a Live Update on Android 16) through the Companion app, built from the same content state
/// the APNs sink sends. Pure, so every field is tested against the contract
/// (`../shared/docs/home-assistant-live-activities.md`). The strings are the display layer's
/// and the copy file's; nothing is formatted here but their arrangement.
public struct HomeAssistantNotification: Codable, Sendable, Hashable {
    /// The activity's header, fixed at creation: every push of an activity carries the same one.
    public let title: String?
    public let message: String
    public let data: Payload

    public struct Payload: Codable, Sendable, Hashable {
        public let tag: String
        public let liveUpdate: Bool?
        public let criticalText: String?
        public let progress: Int?
        public let progressMax: Int?
        public let notificationIcon: String?
        public let notificationIconColor: String?
        /// On an end: `after:<unix seconds>`; absent ends it at once.
        public let dismissalPolicy: String?

        enum CodingKeys: String, CodingKey {
            case tag
            case liveUpdate = "live_update"
            case criticalText = "critical_text"
            case progress
            case progressMax = "progress_max"
            case notificationIcon = "notification_icon"
            case notificationIconColor = "notification_icon_color"
            case dismissalPolicy = "dismissal_policy"
        }
    }

    /// HA's notify command that ends a Live Activity.
    public static let endCommand = "end_live_activity"
    public static let icon = "mdi:football"
    /// HA's tag rule: letters, digits, `-` and `_`, at most 64 characters.
    public static let maxTagLength = 64

    /// The push for one lifecycle event. `dismissalDelay` is how long an ended activity
    /// stays (`display.dismissal_minutes`); a rollover's or removal's end goes at once.
    public static func forEvent(
        kind: LifecycleEventKind, reason: LifecycleReason, activityID: String, at: Date,
        attributes: LiveActivityAttributes, state: LiveActivityContentState, dismissalDelay: TimeInterval
    ) -> HomeAssistantNotification {
        let tag = tag(forActivity: activityID)
        if kind == .end {
            let leaves = [.rollover, .removed].contains(reason) || dismissalDelay <= 0 ? nil : at + dismissalDelay
            let policy = leaves.map { "after:\(Int($0.timeIntervalSince1970.rounded(.down)))" }
            return HomeAssistantNotification(title: nil, message: endCommand, data: Payload(
                tag: tag, liveUpdate: nil, criticalText: nil, progress: nil, progressMax: nil,
                notificationIcon: nil, notificationIconColor: nil, dismissalPolicy: policy
            ))
        }
        let counts = state.myCounts
        return HomeAssistantNotification(
            title: attributes.title,
            message: Messages.HomeAssistant.message(
                headline: state.lockScreen.headline, winChance: state.winChance, players: state.myPlayersLine, asOf: state.asOf
            ),
            data: Payload(
                tag: tag, liveUpdate: true, criticalText: state.scoreLine,
                progress: counts.done, progressMax: counts.playing + counts.toPlay + counts.done,
                notificationIcon: icon, notificationIconColor: colour(state.sentiment), dismissalPolicy: nil
            )
        )
    }

    /// `sideline-<activity id>`, every character HA's tags refuse made `_`, at most 64
    /// characters. One activity, one tag: a rollover's new activity gets a new one.
    public static func tag(forActivity activityID: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        let cleaned = String(activityID.map { allowed.contains($0) ? $0 : "_" })
        return String(("sideline-" + cleaned).prefix(maxTagLength))
    }

    /// The sentiment's colour (Material palette, as HA's icons use): green ahead, red
    /// behind, amber level, grey without an opponent.
    public static func colour(_ sentiment: LiveActivitySentiment) -> String {
        switch sentiment {
        case .winning: "#2E7D32"
        case .losing: "#C62828"
        case .tied: "#F9A825"
        case .neutral: "#607D8B"
        }
    }

    /// The body HA's REST API takes, keys sorted so equal pushes are equal bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
