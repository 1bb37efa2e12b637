import Foundation
import SidelineCore
import SidelineDelivery

/// What ntfy shows for one event: title, body, priority (1–5) and emoji tags.
public struct NtfyNotification: Sendable, Hashable {
    public let title: String
    public let message: String
    /// ntfy's scale: 1 min, 2 low (no sound), 3 default, 4 high, 5 urgent.
    public let priority: Int
    public let tags: [String]

    public init(title: String, message: String, priority: Int, tags: [String]) {
        self.title = title
        self.message = message
        self.priority = priority
        self.tags = tags
    }

    /// The notification for `event`, or `nil` when ntfy should stay quiet.
    ///
    /// A phone notification per points change would be noise, and the sink sees one
    /// envelope with no history, so it cannot tell a late lead change (the one update
    /// ``PushPolicy`` alerts on) from any other. The rule is therefore what the envelope
    /// alone shows:
    /// - start (kickoff) → priority 3; start (rollover) → 2, a continuation;
    /// - update with reason `resumed` (a starter kicked off during the grace period) → 3;
    ///   every other update → nothing;
    /// - end (the final) → 4; end (rollover) → 2; end (`removed`: the self-hoster stopped
    ///   following, as ``PushPolicy`` also treats it) → nothing.
    public static func forEvent(_ event: EventEnvelope) -> NtfyNotification? {
        typealias M = Messages.Ntfy
        let state = event.contentState
        // A person's event speaks for all their leagues: its name and summary, not the
        // highlighted league's (whose final is not the person's).
        let league = event.scope == .person ? event.attributes.leagueName : event.leagueName
        let headline = state.summary ?? state.lockScreen.headline
        let matchup = M.matchupLine(title: event.attributes.title, week: event.week)
        let live = M.body([matchup, headline, state.summary == nil ? state.myPlayersLine : state.lockScreen.headline])
        switch (event.event, event.reason) {
        case (.start, .rollover):
            return NtfyNotification(title: M.continuedTitle(league: league), message: live, priority: 2, tags: M.rolloverTags)
        case (.start, _):
            return NtfyNotification(title: M.kickoffTitle(league: league), message: live, priority: 3, tags: M.kickoffTags)
        case (.update, .resumed):
            return NtfyNotification(title: M.backInPlayTitle(league: league), message: live, priority: 3, tags: M.kickoffTags)
        case (.update, _), (.end, .removed):
            return nil
        case (.end, .rollover):
            return NtfyNotification(
                title: M.handingOverTitle(league: league),
                message: M.body([matchup, M.handingOverNote, headline]),
                priority: 2, tags: M.rolloverTags
            )
        case (.end, _):
            return NtfyNotification(
                title: M.finalTitle(league: league), message: M.body([matchup, headline]),
                priority: 4, tags: M.finalTags
            )
        }
    }
}
