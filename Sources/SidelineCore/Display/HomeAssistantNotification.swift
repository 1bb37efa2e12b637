import Foundation
import SidelineActivity

/// What Home Assistant's `notify.<service>` is asked to show: a Live Activity on iPhone (and
/// a Live Update on Android 16) through the Companion app, built from the same content state
/// the APNs sink sends. Pure, so every field is tested against the contract
/// (`../shared/docs/home-assistant-live-activities.md`). The strings are the display layer's
/// and the copy file's; nothing is formatted here but their arrangement.
///
/// `title` and `message` hold the text the phone shows; ``encoded()`` sends them as
/// templates that render to exactly that text (HA renders both as Jinja, ADR 032).
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

        enum CodingKeys: String, CodingKey {
            case tag
            case liveUpdate = "live_update"
            case criticalText = "critical_text"
            case progress
            case progressMax = "progress_max"
            case notificationIcon = "notification_icon"
            case notificationIconColor = "notification_icon_color"
        }
    }

    /// HA's notify command that ends the Live Activity with the call's tag (and clears a
    /// notification with that tag), on iOS and Android alike. A command: the relay does not
    /// count it. (`end_live_activity`, named in the Companion app's docs, is no command of
    /// HA core or the relay: it would arrive as an ordinary, counted notification with that
    /// text.)
    public static let endCommand = "clear_notification"
    public static let icon = "mdi:football"
    /// HA's tag rule: letters, digits, `-` and `_`, at most 64 characters.
    public static let maxTagLength = 64

    /// The push for one lifecycle event. An end that leaves at once (no dismissal delay, a
    /// rollover, a removal) is the clear command; an end whose final score stays up for
    /// `dismissalDelay` (`display.dismissal_minutes`) is first the final state as a last
    /// `live_update`, and its clear follows at ``clearAt(kind:reason:at:dismissalDelay:)``.
    public static func forEvent(
        kind: LifecycleEventKind, reason: LifecycleReason, activityID: String, at: Date,
        attributes: LiveActivityAttributes, state: LiveActivityContentState, dismissalDelay: TimeInterval
    ) -> HomeAssistantNotification {
        if kind == .end, clearAt(kind: kind, reason: reason, at: at, dismissalDelay: dismissalDelay) == nil {
            return clear(activityID: activityID)
        }
        let counts = state.myCounts
        // A person's: the highlighted league named before its score, the summary for the rest.
        let headline = state.highlight.map { Messages.Person.inLeague($0.league, state.lockScreen.headline) } ?? state.lockScreen.headline
        return HomeAssistantNotification(
            title: attributes.title,
            message: Messages.HomeAssistant.message(
                headline: headline, winChance: state.winChance, players: state.summary ?? state.myPlayersLine, asOf: state.asOf
            ),
            data: Payload(
                tag: tag(forActivity: activityID), liveUpdate: true, criticalText: state.scoreLine,
                progress: counts.done, progressMax: counts.playing + counts.toPlay + counts.done,
                notificationIcon: icon, notificationIconColor: colour(state.sentiment)
            )
        )
    }

    /// When an end's clear is due, for an end that keeps the final score up; `nil` for every
    /// other push (an end that leaves at once is the clear itself).
    public static func clearAt(kind: LifecycleEventKind, reason: LifecycleReason, at: Date, dismissalDelay: TimeInterval) -> Date? {
        guard kind == .end, dismissalDelay > 0, ![.rollover, .removed].contains(reason) else { return nil }
        return at + dismissalDelay
    }

    /// `{"message": "clear_notification", "data": {"tag": …}}`: ends the activity.
    public static func clear(activityID: String) -> HomeAssistantNotification {
        HomeAssistantNotification(title: nil, message: endCommand, data: Payload(
            tag: tag(forActivity: activityID), liveUpdate: nil, criticalText: nil, progress: nil, progressMax: nil,
            notificationIcon: nil, notificationIconColor: nil
        ))
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

    /// The body HA's REST API takes, keys sorted so equal pushes are equal bytes; `title` and
    /// `message` as templates that render to themselves (``template(renderingTo:)``).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let wire = HomeAssistantNotification(title: title.map(Self.template(renderingTo:)), message: Self.template(renderingTo: message), data: data)
        return try encoder.encode(wire)
    }

    /// A Jinja template that renders to `text`: HA renders `title` and `message`, so a team
    /// named `{{Frank}}'s Team` would arrive as `'s Team`, and an unclosed `{%` or `{#` makes
    /// HA refuse the whole call (400).
    ///
    /// Text without `{` is no template and is sent as it is (HA renders it to itself). Other
    /// text goes inside `{% raw %}…{% endraw %}`, split wherever it holds `{%` — between
    /// the `{` and the `%` — so no piece can hold an `{% endraw %}` of its own (Jinja ends a
    /// raw block at the first `{%`, optional `-`/`+`, `endraw`, `%}` it meets).
    public static func template(renderingTo text: String) -> String {
        guard text.contains("{") else { return text }
        var pieces: [Substring] = []
        var rest = Substring(text)
        while let range = rest.range(of: "{%") {
            let split = rest.index(after: range.lowerBound)
            pieces.append(rest[..<split])
            rest = rest[split...]
        }
        pieces.append(rest)
        return pieces.map { "{% raw %}\($0){% endraw %}" }.joined()
    }
}
